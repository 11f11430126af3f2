import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest encrypted (the authenticator secrets of members and operators, ADR 0022):
 * AES-256-GCM with a 96-bit random nonce, the row they belong to as additional data (so a sealed
 * value copied to another row does not open), stored as `v1.<base64url(nonce | tag | ciphertext)>`.
 *
 * The key is the server's `TOTP_ENCRYPTION_KEY` (env.ts), set once at start-up by `buildApp`. Outside
 * production, without one, a fixed development key derived from a public label is used, so a
 * development database opens on any machine; production refuses to start without a key.
 */

const PREFIX = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The label the development key is derived from; migration 2026-11-26-2701 keeps its own copy. */
export const DEVELOPMENT_KEY_LABEL = 'lotus development key for secrets at rest, v1 (public, never for production)';

export function developmentSecretsKey(): Buffer {
  return createHash('sha256').update(DEVELOPMENT_KEY_LABEL).digest();
}

/** A key given as 64 hex digits or as base64 (standard or url-safe) of 32 bytes; null when it is neither. */
export function decodeSecretsKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

let activeKey: Buffer | undefined;

/** Sets the key every seal and open uses from now on (buildApp, from the environment). */
export function setSecretsKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('the key for secrets at rest must be 32 bytes');
  activeKey = key;
}

function currentKey(): Buffer {
  if (activeKey) return activeKey;
  if (process.env.NODE_ENV === 'production') throw new Error('no key for secrets at rest: set TOTP_ENCRYPTION_KEY');
  return developmentSecretsKey();
}

export function isSealedSecret(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** Encrypts `plain` for the row named by `context` (for example `member_totp:42`). */
export function sealSecret(plain: string, context: string, key: Buffer = currentKey()): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

/**
 * Decrypts a sealed value of the row named by `context`. A value that is not sealed, was sealed for
 * another row or with another key, or was changed, throws: nothing is ever read as plain text.
 */
export function openSecret(sealed: string, context: string, key: Buffer = currentKey()): string {
  if (!isSealedSecret(sealed)) throw new Error(`a secret of ${context} is not sealed`);
  const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new Error(`a secret of ${context} is cut short`);
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
