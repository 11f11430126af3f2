import { adminCall } from './client.ts';
import { type AdminSession, type Operator, setSession } from './session-store.ts';

/**
 * What `POST /admin-api/session/login` answers: a session at once (password only), or the second
 * step, a TOTP code (`totp`), or first the enrolment of the authenticator (`enrol`).
 */
type LoginAnswer =
  | { token: string; expiresAt: string; admin: Operator; stage?: undefined }
  | { stage: 'totp'; challenge: string }
  | { stage: 'enrol'; challenge: string; secret: string; otpauthUri: string };

export type LoginStep =
  | { kind: 'signed-in' }
  | { kind: 'totp'; challenge: string }
  | { kind: 'enrol'; challenge: string; secret: string; otpauthUri: string };

function keep(session: { token: string; expiresAt: string; admin: Operator }): void {
  const kept: AdminSession = { token: session.token, expiresAt: session.expiresAt, admin: session.admin };
  setSession(kept);
}

/** The password step; the answer says whether a code is needed next. */
export async function signIn(username: string, password: string): Promise<LoginStep> {
  const answer = await adminCall<LoginAnswer>('POST', '/session/login', { username, password });
  if (answer.stage === 'totp') return { kind: 'totp', challenge: answer.challenge };
  if (answer.stage === 'enrol') return { kind: 'enrol', challenge: answer.challenge, secret: answer.secret, otpauthUri: answer.otpauthUri };
  keep(answer);
  return { kind: 'signed-in' };
}

/** The code step: the 6 digits of the authenticator for the challenge the password step gave. */
export async function confirmCode(challenge: string, code: string): Promise<void> {
  keep(await adminCall<{ token: string; expiresAt: string; admin: Operator }>('POST', '/session/totp', { challenge, code }));
}

/** Ends the session on the server (if it still lives) and here. */
export async function signOut(): Promise<void> {
  try {
    await adminCall('DELETE', '/session/logout');
  } catch {
    // An expired session is already over; the console forgets it either way.
  } finally {
    setSession(null);
  }
}
