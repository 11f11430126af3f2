import type { GameCategory } from '@platform/contracts/games';

/**
 * The game categories' names, added by the sections that show categories (`addSectionTexts('gameCategories', …)`),
 * so they stay out of the first load.
 */
export const gameCategoriesEn: Record<GameCategory, string> = {
  LIVE: 'Live casino',
  RNG: 'Slots',
  FISH: 'Fishing',
  PVP: 'Card games',
  SPORTS: 'Sports',
  ESPORTS: 'E-sports',
  LOTT: 'Lottery',
  ELOTT: 'Fast lottery',
  COCKFIGHT: 'Cockfighting',
  CRASH: 'Crash games',
  TABLE: 'Table games',
  MINIGAMES: 'Mini games',
  ARCADE: 'Arcade',
  JACKPOT: 'Jackpot games',
};

export const gameCategoriesVi: Record<GameCategory, string> = {
  LIVE: 'Casino trực tiếp',
  RNG: 'Nổ hũ',
  FISH: 'Bắn cá',
  PVP: 'Game bài',
  SPORTS: 'Thể thao',
  ESPORTS: 'Thể thao điện tử',
  LOTT: 'Xổ số',
  ELOTT: 'Xổ số nhanh',
  COCKFIGHT: 'Đá gà',
  CRASH: 'Crash',
  TABLE: 'Bàn chơi',
  MINIGAMES: 'Mini game',
  ARCADE: 'Arcade',
  JACKPOT: 'Jackpot',
};

export const gameCategoriesZh: Record<GameCategory, string> = {
  LIVE: '真人娱乐',
  RNG: '电子游戏',
  FISH: '捕鱼',
  PVP: '棋牌',
  SPORTS: '体育',
  ESPORTS: '电竞',
  LOTT: '彩票',
  ELOTT: '快彩',
  COCKFIGHT: '斗鸡',
  CRASH: '爆点游戏',
  TABLE: '桌面游戏',
  MINIGAMES: '小游戏',
  ARCADE: '街机',
  JACKPOT: '奖池游戏',
};
