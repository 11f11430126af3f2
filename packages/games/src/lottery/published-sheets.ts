import { type DrawResult, type LotteryRegion, sheetOf } from './layout.ts';
import { PUBLISHED_NORTH_SHEETS } from './published-north.ts';

/** A result sheet as a station published it, with the day it was drawn (Vietnam date). */
export type PublishedSheet = { station: string; drawDate: string; result: DrawResult };

/**
 * Published southern and central results of Saturday 17 March 2018 (XSMN: TP. Hồ Chí Minh and Long
 * An; XSMT: Đà Nẵng), copied digit for digit from a saved copy of a Vietnamese results site's home
 * page (docs/lottery-rules.md, "Test sheets").
 */
export const HCM_2018_03_17: DrawResult = {
  G8: ['55'],
  G7: ['997'],
  G6: ['2343', '2517', '2034'],
  G5: ['7394'],
  G4: ['34436', '26103', '35442', '47519', '41804', '00700', '36775'],
  G3: ['53656', '61024'],
  G2: ['70911'],
  G1: ['53352'],
  DB: ['920923'],
};

export const LONG_AN_2018_03_17: DrawResult = {
  G8: ['01'],
  G7: ['707'],
  G6: ['4513', '8685', '9943'],
  G5: ['0342'],
  G4: ['60575', '34577', '81314', '44948', '85766', '01118', '46090'],
  G3: ['85791', '12969'],
  G2: ['00400'],
  G1: ['34235'],
  DB: ['353471'],
};

export const DA_NANG_2018_03_17: DrawResult = {
  G8: ['19'],
  G7: ['066'],
  G6: ['0165', '7865', '5254'],
  G5: ['1708'],
  G4: ['40563', '24389', '09856', '05581', '18170', '19279', '06504'],
  G3: ['28782', '83376'],
  G2: ['08424'],
  G1: ['90313'],
  DB: ['420215'],
};

let northSheets: readonly PublishedSheet[] | null = null;

/** Every published sheet the project carries for a region, oldest first. */
export function publishedSheets(region: LotteryRegion): readonly PublishedSheet[] {
  switch (region) {
    case 'north':
      northSheets ??= PUBLISHED_NORTH_SHEETS.map((line) => {
        const [drawDate, ...numbers] = line.split(' ');
        return { station: 'XSMB', drawDate: drawDate!, result: sheetOf('north', numbers) };
      });
      return northSheets;
    case 'central':
      return [{ station: 'Đà Nẵng', drawDate: '2018-03-17', result: DA_NANG_2018_03_17 }];
    case 'south':
      return [
        { station: 'TP. Hồ Chí Minh', drawDate: '2018-03-17', result: HCM_2018_03_17 },
        { station: 'Long An', drawDate: '2018-03-17', result: LONG_AN_2018_03_17 },
      ];
    default:
      throw new RangeError(`unknown lottery region ${String(region)}`);
  }
}
