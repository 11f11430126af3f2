import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type EmailMessage = { merchantId: number; to: string; subject: string; body: string };

/** Where e-mail goes. A real mail service implements this; development and tests use the outbox. */
export type EmailProvider = { send: (message: EmailMessage) => Promise<void> };

export function createOutboxEmailProvider(db: Kysely<DB>): EmailProvider {
  return {
    async send(message) {
      await db
        .insertInto('email_outbox')
        .values({ merchant_id: message.merchantId, to_address: message.to, subject: message.subject, body: message.body })
        .execute();
    },
  };
}
