import type { LiveTablesTranslation } from './vi.ts';

/** English, complete: the type makes a missing key a build error. */
export const liveTablesEn: LiveTablesTranslation = {
  title: 'Live tables now',
  games: { baccarat: 'Baccarat', 'dragon-tiger': 'Dragon Tiger', 'sic-bo': 'Sic Bo', roulette: 'Roulette' },
  table: 'Table {{table}}',
  limits: 'Limits {{min}} – {{max}}',
  phase: {
    betting: 'Betting: {{seconds}} s',
    closed: 'Bets closed',
    running: 'Revealing',
    settling: 'Paying out',
    pause: 'Next round soon',
  },
  round: 'Round {{round}}',
  last: 'Last results',
  open: 'Play at table {{table}}',
  noResults: 'No results yet',
  winners: { PLAYER: 'P', BANKER: 'B', TIE: 'T', DRAGON: 'D', TIGER: 'T', DT_TIE: '=' },
  sicBo: { big: 'Big', small: 'Small', triple: 'Triple' },
  unavailable: 'The live tables cannot be reached right now; the games below are still listed.',
};
