import type { MissionsTranslation } from './vi.ts';

export const missionsEn: MissionsTranslation = {
  signIn: {
    title: 'Daily sign-in',
    streak_one: 'Sign-in streak: {{count}} day',
    streak_other: 'Sign-in streak: {{count}} days',
    day: 'Day {{day}}',
    action: 'Sign in',
    done: 'Signed in today',
    signing: 'Signing in…',
    signed: 'Signed in! The day {{day}} reward is waiting for you in Rewards.',
    unavailable: 'Sign-in is not open yet.',
  },
  periods: { daily: 'Daily missions', weekly: 'Weekly missions', once: 'One-off missions' },
  progress: 'Progress',
  endsAt: 'Ends {{time}}',
  status: { IN_PROGRESS: 'In progress', CLAIMABLE: 'Claim', CLAIMED: 'Claimed' },
  claiming: 'Claiming…',
  claimed: 'Claimed {{reward}}.',
  none: 'There are no missions right now. Come back later.',
  reward: { points: '{{amount}} points', bonus: 'Promotion bonus' },
  leaderboard: {
    title: 'Leaderboard',
    daily: 'Today',
    weekly: 'This week',
    rank: 'Rank',
    member: 'Member',
    completed: 'Missions completed',
    mine: 'You: {{completed}} missions, rank {{rank}}',
    mineUnranked: 'You: {{completed}} missions, not on the board yet',
    empty: 'Nobody has completed a mission in this period yet. Be the first!',
  },
};
