import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest encrypted (the authenticator secrets of members and operators, ADR 0022):
 * AES-256-GCM with a 96-bit random nonce, the row they belong to as additional data (so a sealed
 * value copied to another row does not open), stored as `v2.<key id>.<base64url(nonce | tag | ciphertext)>`.
 *
 * The key is the server's `TOTP_ENCRYPTION_KEY` (env.ts), set once at start-up by `buildApp`, with
 * `TOTP_ENCRYPTION_PREVIOUS_KEYS` for values sealed before a rotation (they open; the reseal jobs
 * of the owning modules write them again with the current key). Outside production, without a key,
 * a fixed development key derived from a public label is used, so a development database opens on
 * any machine; production refuses to start without a key.
 */

/** The first format: no key id, so opening tries every key of the ring. Read only; new values are v2. */
const V1_PREFIX = 'v1.';
/** `v2.<key id>.<base64url(nonce | tag | ciphertext)>`: the key id picks the key of the ring. */
const V2_PREFIX = 'v2.';
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

/**
 * A key's id as stored beside the values it sealed: 8 base64url characters of a hash of the key
 * under a fixed label. It names the key without telling anything about it.
 */
export function secretsKeyId(key: Buffer): string {
  return createHash('sha256').update('lotus secrets-at-rest key id').update(key).digest().subarray(0, 6).toString('base64url');
}

type KeyRing = { current: Buffer; previous: readonly Buffer[] };

let ring: KeyRing | undefined;

/**
 * Sets the keys from now on (buildApp, from the environment): every seal uses `current`; opening
 * also accepts the `previous` keys, so that a rotation can re-seal the stored values row by row
 * while the server keeps reading them.
 */
export function setSecretsKey(current: Buffer, previous: readonly Buffer[] = []): void {
  for (const key of [current, ...previous]) if (key.length !== 32) throw new Error('the key for secrets at rest must be 32 bytes');
  ring = { current, previous: previous.filter((key) => !key.equals(current)) };
}

function currentRing(): KeyRing {
  if (ring) return ring;
  if (process.env.NODE_ENV === 'production') throw new Error('no key for secrets at rest: set TOTP_ENCRYPTION_KEY');
  return { current: developmentSecretsKey(), previous: [] };
}

export function isSealedSecret(value: string): boolean {
  return value.startsWith(V1_PREFIX) || value.startsWith(V2_PREFIX);
}

/** The beginning every value sealed with the current key has (repositories look for the others). */
export function currentSealPrefix(): string {
  return `${V2_PREFIX}${secretsKeyId(currentRing().current)}.`;
}

/** Whether a stored value should be sealed again: plain, in the old format, or under another key. */
export function needsReseal(value: string): boolean {
  return !value.startsWith(currentSealPrefix());
}

/** Encrypts `plain` for the row named by `context` (for example `member_totp:42`). */
export function sealSecret(plain: string, context: string, key: Buffer = currentRing().current): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${V2_PREFIX}${secretsKeyId(key)}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

function decrypt(bytes: Buffer, context: string, key: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/**
 * Decrypts a sealed value of the row named by `context`, with the key it names (v2) or, for the old
 * format, the first key of the ring that opens it. A value that is not sealed, was sealed for another
 * row or with a key the server does not hold, or was changed, throws: nothing is ever read as plain text.
 * `keys` replaces the ring (tests, and callers that hold a key of their own).
 */
export function openSecret(sealed: string, context: string, ...keys: Buffer[]): string {
  const candidates = keys.length > 0 ? keys : [currentRing().current, ...currentRing().previous];
  let payload: string;
  let tryKeys: Buffer[];
  if (sealed.startsWith(V2_PREFIX)) {
    const dot = sealed.indexOf('.', V2_PREFIX.length);
    if (dot < 0) throw new Error(`a secret of ${context} has no key id`);
    const id = sealed.slice(V2_PREFIX.length, dot);
    tryKeys = candidates.filter((key) => secretsKeyId(key) === id);
    if (tryKeys.length === 0) throw new Error(`a secret of ${context} was sealed with a key this server does not hold (${id})`);
    payload = sealed.slice(dot + 1);
  } else if (sealed.startsWith(V1_PREFIX)) {
    tryKeys = candidates;
    payload = sealed.slice(V1_PREFIX.length);
  } else {
    throw new Error(`a secret of ${context} is not sealed`);
  }
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new Error(`a secret of ${context} is cut short`);
  let failure: unknown;
  for (const key of tryKeys) {
    try {
      return decrypt(bytes, context, key);
    } catch (err) {
      failure = err;
    }
  }
  throw failure instanceof Error ? failure : new Error(`a secret of ${context} does not open`);
}

/** The value sealed again with the current key (a rotation's step for one row). */
export function resealSecret(sealed: string, context: string): string {
  return sealSecret(openSecret(sealed, context), context);
}

/** When the owning modules' reseal jobs run (hourly): a rotation is done within the hour after the release that brings the new key. */
export const RESEAL_SECRETS_CRON = '41 * * * *';

/** Rows a reseal step looks at per statement. */
export const RESEAL_BATCH = 200;

/**
 * Runs a module's reseal step (which re-seals up to `RESEAL_BATCH` rows not under the current key and
 * answers how many it looked at) until a step finds none; answers the rows re-sealed. Each step's
 * rows are written with a compare-and-set, so two nodes running it at once do no harm.
 */
export async function resealUntilDone(step: (limit: number) => Promise<{ seen: number; resealed: number }>): Promise<number> {
  let total = 0;
  for (;;) {
    const { seen, resealed } = await step(RESEAL_BATCH);
    total += resealed;
    if (seen < RESEAL_BATCH) return total;
  }
}
