import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Encrypts the authenticator secrets already stored in plain text (ADR 0022): members'
 * (`member_totp.secret_base32`), operators' (`admin_users.totp_secret`) and the secrets of pending
 * operator enrolments (`admin_login_challenges.enrol_secret`). Each becomes `v1.` and the base64url
 * of nonce, tag and AES-256-GCM ciphertext, with its row (`member_totp:<id>`, `admin_totp:<id>`,
 * `admin_enrol:<id>`) as additional data: the format of `lib/secret-box.ts`, copied here because a
 * migration never changes with the code. The key is `TOTP_ENCRYPTION_KEY`; outside production
 * without it, the public development key. Rows already sealed (`v1.`) are left alone, so a second
 * run changes nothing.
 */

const DEVELOPMENT_KEY_LABEL = 'lotus development key for secrets at rest, v1 (public, never for production)';

function keyOf(): Buffer {
  const text = process.env.TOTP_ENCRYPTION_KEY?.trim();
  if (text) {
    if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
    const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
    throw new Error('TOTP_ENCRYPTION_KEY must be 32 bytes as 64 hex digits or base64');
  }
  if (process.env.NODE_ENV === 'production') throw new Error('TOTP_ENCRYPTION_KEY is required in production');
  return createHash('sha256').update(DEVELOPMENT_KEY_LABEL).digest();
}

function seal(key: Buffer, plain: string, context: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const key = keyOf();
  const members = await sql<{ id: string; secret: string }>`
    SELECT member_id::text AS id, secret_base32 AS secret FROM member_totp WHERE secret_base32 NOT LIKE 'v1.%'`.execute(db);
  for (const row of members.rows) {
    await sql`UPDATE member_totp SET secret_base32 = ${seal(key, row.secret, `member_totp:${row.id}`)} WHERE member_id = ${row.id}::bigint`.execute(
      db,
    );
  }
  const operators = await sql<{ id: string; secret: string }>`
    SELECT id::text AS id, totp_secret AS secret FROM admin_users WHERE totp_secret IS NOT NULL AND totp_secret NOT LIKE 'v1.%'`.execute(
    db,
  );
  for (const row of operators.rows) {
    await sql`UPDATE admin_users SET totp_secret = ${seal(key, row.secret, `admin_totp:${row.id}`)} WHERE id = ${row.id}::bigint`.execute(
      db,
    );
  }
  const enrolments = await sql<{ token: string; adminId: string; secret: string }>`
    SELECT token_hash AS token, admin_id::text AS "adminId", enrol_secret AS secret FROM admin_login_challenges
     WHERE enrol_secret IS NOT NULL AND enrol_secret NOT LIKE 'v1.%'`.execute(db);
  for (const row of enrolments.rows) {
    await sql`UPDATE admin_login_challenges SET enrol_secret = ${seal(key, row.secret, `admin_enrol:${row.adminId}`)} WHERE token_hash = ${row.token}`.execute(
      db,
    );
  }
}
