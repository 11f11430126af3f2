import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../../db/schema.ts';
import * as outbox from './outbox.repository.ts';

export type EmailMessage = { merchantId: number; to: string; subject: string; body: string };

/** Where e-mail goes. A real mail service implements this; development and tests use the outbox. */
export type EmailProvider = { send: (message: EmailMessage) => Promise<void> };

export function createOutboxEmailProvider(db: Kysely<DB>): EmailProvider {
  return {
    async send(message) {
      await outbox.insertEmail(db, message);
    },
  };
}

/** How long one delivery attempt may take before the call gives up. */
export const SMTP_TIMEOUT_MS = 10_000;

/**
 * Sends through any SMTP server (a relay, a mail service's SMTP endpoint). `url` is
 * `smtp://user:password@host:587` or `smtps://…:465`; the password-reset link is plain text.
 */
export function createSmtpEmailProvider(options: { url: string; from: string }): EmailProvider & { close: () => void } {
  const transport = nodemailer.createTransport(options.url, {
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.body });
    },
    close: () => transport.close(),
  };
}
