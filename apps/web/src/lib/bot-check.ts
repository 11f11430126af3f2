import { ApiError, apiGet } from './api-client.ts';

/** The proof of work gives up after this long (a very slow phone); the call then fails as refused. */
const SOLVE_TIMEOUT_MS = 60_000;

type ChallengeParameters = { algorithm: string; cost: number; keyLength?: number };

/**
 * SHA-256 key derivation as the server checks it (ALTCHA's SHA algorithm): the first round hashes
 * salt then password, each further round hashes the previous digest; the key is the first
 * keyLength bytes. Web Crypto keeps it off any library that needs Node's crypto.
 */
async function deriveKey(parameters: ChallengeParameters, salt: Uint8Array, password: Uint8Array) {
  const rounds = Math.max(1, parameters.cost);
  let data = new Uint8Array(salt.length + password.length);
  data.set(salt, 0);
  data.set(password, salt.length);
  let digest = new Uint8Array();
  for (let i = 0; i < rounds; i++) {
    digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
    data = digest;
  }
  return { parameters: {}, derivedKey: digest.subarray(0, parameters.keyLength ?? 32) };
}

/** Fetches a challenge and solves it; the answer goes in the call's `botCheck` field. */
export async function solveBotCheck(): Promise<string> {
  const [challenge, altcha] = await Promise.all([apiGet<Record<string, unknown>>('/wps/botcheck/challenge'), import('altcha-lib')]);
  const solution = await altcha.solveChallenge({
    challenge: challenge as unknown as Parameters<typeof altcha.solveChallenge>[0]['challenge'],
    deriveKey: deriveKey as unknown as Parameters<typeof altcha.solveChallenge>[0]['deriveKey'],
    timeout: SOLVE_TIMEOUT_MS,
  });
  if (!solution) throw new ApiError('server', 'bot check timed out', 'bot_check_failed');
  return btoa(JSON.stringify({ challenge, solution }));
}

/**
 * Sends a call guarded by the bot check. The check costs the device a moment of work, so it is
 * done only when the server asks for it: a refusal with `bot_check_failed` is answered by solving a
 * challenge and sending the call once more with it.
 */
export async function withBotCheck<T>(send: (botCheck: string | undefined) => Promise<T>): Promise<T> {
  try {
    return await send(undefined);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'bot_check_failed') throw error;
    return send(await solveBotCheck());
  }
}
