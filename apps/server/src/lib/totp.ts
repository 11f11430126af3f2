import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator codes (RFC 6238: SHA-1, 6 digits, 30-second steps), for members and operators. A
 * code is checked against the step before and after as well (clocks drift); the caller remembers
 * the step it matched so a code is accepted once.
 */
const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;

function totpFor(secretBase32: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A new random secret (160 bits), in the base-32 form authenticator apps take. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an authenticator app reads from a QR code. */
export function totpUri(secretBase32: string, issuer: string, label: string): string {
  return totpFor(secretBase32, issuer, label).toString();
}

/** The time step a right code belongs to, or null for a wrong code. */
export function matchTotp(secretBase32: string, code: string, at: Date): number | null {
  const delta = totpFor(secretBase32, '', '').validate({ token: code.trim(), timestamp: at.getTime(), window: WINDOW_STEPS });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: at.getTime() }) + delta;
}

/** The code of a moment (demo sign-in, tests). */
export function totpCode(secretBase32: string, at: Date): string {
  return totpFor(secretBase32, '', '').generate({ timestamp: at.getTime() });
}
