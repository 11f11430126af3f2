import { z } from 'zod';
import { defineSetting } from '../settings/settings.service.ts';

/** Withdrawal rules per merchant; amounts in minor units of the merchant's currency. */
export const withdrawalRulesSettingSchema = z
  .object({
    minAmountMinor: z.number().int().min(1),
    maxAmountMinor: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    /** Requests per member per day that were not rejected. */
    dailyCountMax: z.number().int().min(1).max(1000),
    feeFixedMinor: z.number().int().min(0),
    /** Percent of the amount, in basis points (100 = 1%), rounded up to the minor unit. */
    feePercentBasisPoints: z.number().int().min(0).max(10_000),
    /** The first N requests of a day carry no fee. */
    freePerDay: z.number().int().min(0).max(1000),
    /** A payout the member has not confirmed counts as received after this many minutes. */
    autoConfirmMinutes: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 30),
    /** Payout needs an approved identity check once paid withdrawals plus this one exceed this. */
    kycThresholdMinor: z.number().int().min(0),
    /** The merchant's day starts at midnight in this offset from UTC (Vietnam: +420). */
    dayOffsetMinutes: z.number().int().min(-720).max(840),
    /**
     * Above this amount the operator who approved a withdrawal may not pay it out (two people per
     * large payout); 0 applies it to every withdrawal. Stored values from before it default here.
     */
    separatePayoutAboveMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(10_000_000),
  })
  .refine((r) => r.minAmountMinor <= r.maxAmountMinor, 'minimum above maximum');
export type WithdrawalRulesSetting = z.infer<typeof withdrawalRulesSettingSchema>;

export const withdrawalRulesSetting = defineSetting('withdrawals.rules', withdrawalRulesSettingSchema, {
  minAmountMinor: 100_000,
  maxAmountMinor: 500_000_000,
  dailyCountMax: 5,
  feeFixedMinor: 0,
  feePercentBasisPoints: 0,
  freePerDay: 3,
  autoConfirmMinutes: 60,
  kycThresholdMinor: 200_000_000,
  dayOffsetMinutes: 420,
  separatePayoutAboveMinor: 10_000_000,
});

/** The fee rule is shared with the withdraw page (packages/contracts). */
export { withdrawalFeeOf } from '@platform/contracts/withdrawals';

/** The start of the merchant's day containing `at`. */
export function dayStartOf(at: Date, dayOffsetMinutes: number): Date {
  const offsetMs = dayOffsetMinutes * 60_000;
  const local = at.getTime() + offsetMs;
  return new Date(Math.floor(local / 86_400_000) * 86_400_000 - offsetMs);
}
