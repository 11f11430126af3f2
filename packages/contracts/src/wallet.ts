import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { amountMinorSchema, currencyCodeSchema } from './money.ts';

/** GET /wps/v2/wallets/balance */
export const walletBalanceValueSchema = z.object({
  currency: currencyCodeSchema,
  sumBalance: amountMinorSchema,
  mainBalance: amountMinorSchema,
  bonusBalance: amountMinorSchema,
  lockedBalance: amountMinorSchema,
});
export type WalletBalanceValue = z.infer<typeof walletBalanceValueSchema>;
export const walletBalanceResponseSchema = okEnvelope(walletBalanceValueSchema);
