import type { TranslationShape } from './translation-shape.ts';

/** English, complete: the type makes a missing key a build error. */
export const en: TranslationShape = {
  app: {
    loading: 'Loading…',
    skipToContent: 'Skip to main content',
  },
  language: {
    label: 'Language',
    vi: 'Tiếng Việt',
    en: 'English',
  },
  error: {
    title: 'The page could not load',
    network: 'Network problem, please try again.',
    timeout: 'The page took too long to load, check your connection.',
    unknown: 'Unknown system error.',
    retry: 'Try again',
  },
  in_customer_service: 'Customer service',
  game_maintenance: 'Under maintenance',
  info_maintenance: 'We are upgrading our service. Please come back later, and thank you for your patience.',
  maintenance: {
    expectedEnd: 'Expected back: {{time}}',
  },
  blockip: 'Access restricted',
  info_ip_block: 'Sorry, our service is not available in your region. If you think this is a mistake, please contact customer service.',
  block: {
    yourIp: 'Your IP address',
  },
  home: {
    welcomeTitle: 'Welcome to Lotus',
    welcomeText: 'Live casino, sports, Vietnamese lottery and hundreds of other games in one account.',
    categoriesTitle: 'Game categories',
    categories: {
      live: 'Live casino',
      rng: 'Slots',
      fish: 'Fishing',
      pvp: 'Card games',
      sports: 'Sports',
      esports: 'E-sports',
      lottery: 'Lottery',
    },
  },
  footer: {
    responsibleGaming: 'Play responsibly. For adults aged 18 and over only.',
    rights: 'All rights reserved.',
  },
};
