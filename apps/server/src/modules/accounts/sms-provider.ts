import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as outbox from './outbox.repository.ts';
import type { PhoneIdentityVerifier } from './phone-identity.ts';

export type SmsMessage = {
  merchantId: number;
  mobileNum: string;
  countryDialingCode: string | null;
  purpose: string;
  body: string;
};

/**
 * Where text messages go. A real gateway implements `send`; development and tests use the outbox.
 * A phone provider whose SMS the client sends itself (Firebase phone sign-in) adds `verifyIdToken`,
 * which turns the provider's ID token into the verified number (phone-identity.ts).
 */
export type SmsProvider = {
  send: (message: SmsMessage) => Promise<void>;
  verifyIdToken?: PhoneIdentityVerifier;
};

/** Keeps every message in the sms_outbox table, where a developer or a test can read the code. */
export function createOutboxSmsProvider(db: Kysely<DB>): SmsProvider {
  return {
    async send(message) {
      await outbox.insertSms(db, message);
    },
  };
}
