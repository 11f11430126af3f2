import type { TFunction } from 'i18next';
import { z } from 'zod';
import { parseAmountInput } from './money-format.ts';

type AmountLimits = {
  currency: string;
  min: number;
  max: number;
  /** A withdrawal: at most what may be withdrawn. */
  available?: number;
};

/**
 * The amount field of the money forms (a zod schema): what the member typed, read as minor units
 * and held to the limits, with the `amount.*` messages in the form's language.
 */
export function amountSchema(t: TFunction, money: (amount: number, currency: string) => string, limits: AmountLimits) {
  const { currency, min, max, available } = limits;
  return z.string().transform((text, ctx) => {
    const amount = parseAmountInput(text, currency);
    let message: string | null = null;
    if (text.trim() === '') message = t('amount.required');
    else if (amount === null) message = t('amount.invalid');
    else if (amount < min) message = t('amount.tooSmall', { min: money(min, currency) });
    else if (amount > max) message = t('amount.tooLarge', { max: money(max, currency) });
    else if (available !== undefined && amount > available) message = t('amount.overBalance', { balance: money(available, currency) });
    if (message !== null || amount === null) {
      ctx.addIssue({ code: 'custom', message: message ?? t('amount.invalid') });
      return z.NEVER;
    }
    return amount;
  });
}
