import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../src/lib/password.ts';
import { nextIp } from './accounts-helpers.ts';
import { createMember } from './factories.ts';

export const LOGIN_PASSWORD = 'login123';
export const PAYMENT_PASSWORD = '246810';

/** A tiny valid-looking PNG and JPEG: only the magic bytes matter to the upload check. */
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

let loginHash: Promise<string> | undefined;
let paymentHash: Promise<string> | undefined;

/**
 * A member of the app's current merchant with a login password, optionally a real name, a payment
 * password and money in the main wallet (a deposit from payment_clearing), and a session.
 */
export async function createWithdrawingMember(
  app: FastifyInstance,
  db: Parameters<typeof createMember>[0],
  options: { balance?: number; payeeName?: string | null; withPaymentPassword?: boolean; accountType?: number } = {},
) {
  const merchant = await app.services.merchants.current();
  loginHash ??= hashPassword(LOGIN_PASSWORD);
  const member = await createMember(db, merchant, { passwordHash: await loginHash, accountType: options.accountType ?? 0 });
  if (options.payeeName !== null) {
    await db
      .updateTable('members')
      .set({ payee_name: options.payeeName ?? 'Nguyen Van An' })
      .where('id', '=', member.id)
      .execute();
  }
  if (options.withPaymentPassword) {
    paymentHash ??= hashPassword(PAYMENT_PASSWORD);
    await db
      .updateTable('members')
      .set({ payment_password_hash: await paymentHash })
      .where('id', '=', member.id)
      .execute();
  }
  const ledger = app.services.ledger;
  const wallets = await ledger.ensureMemberAccounts({ merchantId: merchant.id, memberId: member.id, currency: merchant.currency });
  if (options.balance) {
    const clearing = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency: merchant.currency });
    await ledger.transfer({
      fromAccountId: clearing.id,
      toAccountId: wallets.player_main!.id,
      amount: options.balance,
      code: 'deposit',
      idempotencyKey: `test-deposit:${member.id}`,
    });
  }
  const { token } = await app.services.sessions.create(member.id);
  const ip = nextIp();
  return {
    ...member,
    merchant,
    mainAccountId: wallets.player_main!.id,
    token,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
  };
}

export type WithdrawingMember = Awaited<ReturnType<typeof createWithdrawingMember>>;

/** A multipart body with the given files and text fields. */
export function multipart(files: { field: string; name: string; bytes: Buffer; type?: string }[], fields: Record<string, string> = {}) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
    );
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
