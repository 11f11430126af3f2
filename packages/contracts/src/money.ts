import { z } from 'zod';
import { AMOUNT_MINOR_MAX, type AmountMinor } from './money-format.ts';

export * from './money-format.ts';

/*
 * The amount schemas only narrow the type: a transform would make them one-way, and response
 * schemas are serialised by encoding (zod's encode refuses a one-way transform), so a response
 * carrying money would fail with a 500.
 */

/** A signed amount (balances, entries). */
export const amountMinorSchema = z.number().int().min(-AMOUNT_MINOR_MAX).max(AMOUNT_MINOR_MAX) as unknown as z.ZodType<AmountMinor, number>;

/** A strictly positive amount, as every transfer and stake must be. */
export const positiveAmountMinorSchema = z.number().int().min(1).max(AMOUNT_MINOR_MAX) as unknown as z.ZodType<AmountMinor, number>;

export const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 currency code');
