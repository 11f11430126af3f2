import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function insertEmail(
  db: Kysely<DB>,
  message: { merchantId: number; to: string; subject: string; body: string },
): Promise<void> {
  await db
    .insertInto('email_outbox')
    .values({ merchant_id: message.merchantId, to_address: message.to, subject: message.subject, body: message.body })
    .execute();
}

export async function insertSms(
  db: Kysely<DB>,
  message: { merchantId: number; mobileNum: string; countryDialingCode: string | null; purpose: string; body: string },
): Promise<void> {
  await db
    .insertInto('sms_outbox')
    .values({
      merchant_id: message.merchantId,
      mobile_num: message.mobileNum,
      country_dialing_code: message.countryDialingCode,
      purpose: message.purpose,
      body: message.body,
    })
    .execute();
}
