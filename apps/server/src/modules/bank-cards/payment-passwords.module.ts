import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SmsCodeService } from '../accounts/sms-code.service.ts';
import type { PlatformModule } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { createPaymentPasswordService, type PaymentPasswordService } from './payment-password.service.ts';

/**
 * The payment password: set and reset by SMS code, checked (with a lock after wrong answers) by
 * withdrawals and transfers. Its calls are served by the bank-cards module's routes, beside the cards.
 */
export function createPaymentPasswordsModule(deps: {
  db: Kysely<DB>;
  settings: SettingsService;
  /** The accounts module's SMS codes: codes live in sms_codes under its throttles and policy. */
  sms: SmsCodeService;
  now: () => Date;
}): PlatformModule<'paymentPasswords', PaymentPasswordService> {
  return { name: 'paymentPasswords', service: createPaymentPasswordService(deps) };
}
