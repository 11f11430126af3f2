/**
 * The lottery's constants, free of zod so the web page can import them without the schemas
 * (`lottery.ts` re-exports them with the schemas).
 */

export const LOTTERY_VENDOR_CODE = 'TCG_LOTTO_VN';
/** Spec limits: recent games 100, draw history (numero list) 100. */
export const LOTTERY_RECENT_COUNT_MAX = 100;
export const LOTTERY_NUMERO_COUNT_MAX = 100;
/** Lines one ticket may carry. */
export const LOTTERY_TICKET_LINES_MAX = 50;

export const LOTTERY_REGIONS = ['north', 'central', 'south'] as const;
export const LOTTERY_PRIZE_TIERS = ['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8'] as const;
export const LOTTERY_BET_TYPES = ['lo2', 'lo3', 'lo4', 'de', 'de_dau', 'dau', 'duoi', 'ba_cang', 'xien2', 'xien3', 'xien4', 'da'] as const;
export type LotteryBetTypeCode = (typeof LOTTERY_BET_TYPES)[number];
