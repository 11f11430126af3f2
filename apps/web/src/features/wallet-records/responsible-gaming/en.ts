import type { RealityCheckTranslation } from './vi.ts';

/** English, complete; other languages fall back to it. */
export const realityCheckEn: RealityCheckTranslation = {
  title: 'Reality check',
  played: 'You have been logged in for {{hours}} h {{minutes}} min.',
  since: 'Since you logged in: {{rounds}} rounds, {{stake}} staked, {{payout}} returned.',
  netWin: 'Result: {{amount}} won.',
  netLoss: 'Result: {{amount}} lost.',
  netEven: 'Result: even.',
  hint: 'You can change the reminder or set limits under Responsible gaming.',
  continue: 'Keep playing',
  record: 'View account record',
  logout: 'Log out',
};
