import type { DrawResult } from './layout.ts';

export { DA_NANG_2018_03_17, HCM_2018_03_17, LONG_AN_2018_03_17 } from './published-sheets.ts';

/**
 * Published northern results (Xổ số miền Bắc), copied digit for digit from the result sheets as
 * collected in the public XSMB history (see docs/lottery-rules.md, "Test sheets"). Leading zeros
 * restored from each tier's width.
 */
export const NORTH_2025_08_02: DrawResult = {
  DB: ['78285'],
  G1: ['24867'],
  G2: ['31396', '07810'],
  G3: ['07403', '11044', '79055', '14618', '34964', '90677'],
  G4: ['2262', '8504', '9999', '4641'],
  G5: ['0642', '7424', '4706', '2079', '4123', '6154'],
  G6: ['606', '049', '603'],
  G7: ['79', '46', '72', '73'],
};

export const NORTH_2025_08_23: DrawResult = {
  DB: ['18222'],
  G1: ['73041'],
  G2: ['65192', '22112'],
  G3: ['68186', '85068', '95648', '47077', '86874', '47102'],
  G4: ['0243', '0000', '9887', '8573'],
  G5: ['7520', '6111', '3432', '6665', '8073', '0347'],
  G6: ['014', '595', '396'],
  G7: ['48', '88', '09', '51'],
};

export const NORTH_2025_07_17: DrawResult = {
  DB: ['47000'],
  G1: ['05166'],
  G2: ['38712', '58720'],
  G3: ['44189', '20598', '27385', '97572', '89127', '12636'],
  G4: ['6207', '3256', '3167', '9892'],
  G5: ['9605', '0763', '5845', '3967', '2279', '2672'],
  G6: ['253', '551', '083'],
  G7: ['11', '17', '75', '72'],
};

/** The lô tô tables the publisher printed for the 2018 southern and central sheets (published-sheets.ts). */
export const HCM_2018_03_17_LOTO = '03 04 00 17 19 11 24 23 34 36 43 42 55 56 52 75 97 94';
export const LONG_AN_2018_03_17_LOTO = '01 07 00 13 14 18 35 43 42 48 66 69 75 77 71 85 90 91';
export const DA_NANG_2018_03_17_LOTO = '08 04 19 13 15 24 54 56 66 65 65 63 70 79 76 89 81 82';

/**
 * A hand-built central/southern sheet (not a published result): it repeats endings on purpose so
 * that lô counts above one, đá pairs and leading zeros are all exercised.
 */
export const SOUTH_HAND_BUILT: DrawResult = {
  DB: ['012345'],
  G1: ['67845'],
  G2: ['90012'],
  G3: ['11145', '20307'],
  G4: ['33312', '40000', '51299', '62377', '73445', '84012', '95608'],
  G5: ['1345'],
  G6: ['0912', '4499', '7708'],
  G7: ['345'],
  G8: ['07'],
};
