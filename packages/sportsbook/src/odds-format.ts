import { ODDS_SCALE, type OddsMilli } from './model.ts';

/**
 * The four ways a member can read a price. With D the decimal odds (stake included):
 *
 * - Hong Kong: H = D − 1 (the net win per unit).
 * - Malay: M = D − 1 when D ≤ 2 (0 < M ≤ 1); M = −1 / (D − 1) when D > 2 (−1 < M < 0): a negative
 *   price means "stake |M| to win 1".
 * - Indonesian: I = D − 1 when D ≥ 2 (I ≥ 1); I = −1 / (D − 1) when D < 2 (I < −1).
 *
 * Each has an exact inverse: H → D = H + 1; M > 0 → D = 1 + M, M < 0 → D = 1 − 1/M; I ≥ 1 → D = 1 + I,
 * I ≤ −1 → D = 1 − 1/I. The stored price is always decimal in thousandths; the formats exist only
 * for display and for reading what a member typed.
 */
export type OddsFormat = 'decimal' | 'hongkong' | 'malay' | 'indonesian';
export const ODDS_FORMATS: readonly OddsFormat[] = ['decimal', 'hongkong', 'malay', 'indonesian'];

export function toFormat(decimal: number, format: OddsFormat): number {
  if (!(decimal > 1) || !Number.isFinite(decimal)) throw new RangeError(`decimal odds must be above 1: ${decimal}`);
  const net = decimal - 1;
  switch (format) {
    case 'decimal':
      return decimal;
    case 'hongkong':
      return net;
    case 'malay':
      return net <= 1 ? net : -1 / net;
    case 'indonesian':
      return net >= 1 ? net : -1 / net;
  }
}

export function fromFormat(value: number, format: OddsFormat): number {
  if (!Number.isFinite(value)) throw new RangeError(`not a price: ${value}`);
  switch (format) {
    case 'decimal':
      if (value <= 1) throw new RangeError(`decimal odds must be above 1: ${value}`);
      return value;
    case 'hongkong':
      if (value <= 0) throw new RangeError(`Hong Kong odds must be above 0: ${value}`);
      return value + 1;
    case 'malay':
      if (value > 0 && value <= 1) return 1 + value;
      if (value < 0 && value > -1) return 1 - 1 / value;
      throw new RangeError(`Malay odds lie in (−1, 0) or (0, 1]: ${value}`);
    case 'indonesian':
      if (value >= 1) return 1 + value;
      if (value < -1) return 1 - 1 / value;
      throw new RangeError(`Indonesian odds are at least 1 or below −1: ${value}`);
  }
}

/** Decimal odds (a number) to the stored thousandths, to the nearest. */
export function toOddsMilli(decimal: number): OddsMilli {
  return Math.round(decimal * ODDS_SCALE);
}

/** A stored price as the member's format shows it: two decimals (three for Malay and Indonesian below 1 in size). */
export function formatOdds(odds: OddsMilli, format: OddsFormat): string {
  const value = toFormat(odds / ODDS_SCALE, format);
  const digits = Math.abs(value) < 0.1 ? 3 : 2;
  return value.toFixed(digits);
}

/** What a member typed in their format, as a stored price. */
export function parseOdds(text: string, format: OddsFormat): OddsMilli {
  const value = Number(text.trim());
  if (text.trim() === '' || Number.isNaN(value)) throw new RangeError(`not a price: ${text}`);
  return toOddsMilli(fromFormat(value, format));
}
