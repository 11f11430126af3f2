import { z } from 'zod';
import { defineSetting } from '../settings/settings.service.ts';

/** Demo list: real Vietnamese banks, by their usual short codes. An operator edits the list per merchant. */
export const DEFAULT_BANKS = [
  { code: 'VCB', name: 'Vietcombank' },
  { code: 'CTG', name: 'VietinBank' },
  { code: 'BIDV', name: 'BIDV' },
  { code: 'AGRIBANK', name: 'Agribank' },
  { code: 'TCB', name: 'Techcombank' },
  { code: 'MB', name: 'MB Bank' },
  { code: 'ACB', name: 'ACB' },
  { code: 'VPB', name: 'VPBank' },
  { code: 'STB', name: 'Sacombank' },
  { code: 'TPB', name: 'TPBank' },
  { code: 'SHB', name: 'SHB' },
  { code: 'HDB', name: 'HDBank' },
  { code: 'VIB', name: 'VIB' },
  { code: 'OCB', name: 'OCB' },
  { code: 'MSB', name: 'MSB' },
] as const;

export const bankCardPolicySchema = z
  .object({
    banks: z
      .array(z.object({ code: z.string().regex(/^[A-Z0-9_]{2,32}$/), name: z.string().min(1).max(100) }))
      .min(1)
      .max(200)
      .refine((banks) => new Set(banks.map((b) => b.code)).size === banks.length, 'bank codes must be unique'),
    /** Active cards a member may have at once. */
    cardsPerMemberMax: z.number().int().min(1).max(20),
    accountNumberMinLength: z.number().int().min(4).max(40),
    accountNumberMaxLength: z.number().int().min(4).max(40),
  })
  .refine((p) => p.accountNumberMinLength <= p.accountNumberMaxLength, 'account number bounds are reversed');
export type BankCardPolicy = z.infer<typeof bankCardPolicySchema>;

export const bankCardPolicySetting = defineSetting('bankCards.policy', bankCardPolicySchema, {
  banks: DEFAULT_BANKS.map((b) => ({ ...b })),
  cardsPerMemberMax: 3,
  accountNumberMinLength: 6,
  accountNumberMaxLength: 19,
});

/** Wrong payment passwords in a row before withdrawals are locked, and for how long. */
export const PAYMENT_PASSWORD_FAILURES_MAX = 5;
export const PAYMENT_PASSWORD_LOCK_MINUTES = 15;
