import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { DomainError } from '../../lib/domain-error.ts';

/**
 * Phone providers that send the SMS from the client (Firebase phone sign-in): the member proves the
 * number to the provider, and the client hands us the provider's ID token instead of our own SMS
 * code. The server checks the token's signature, issuer, audience and age, and takes the number
 * from it.
 */
export type PhoneIdentityVerifier = (idToken: string) => Promise<{ phoneNumber: string }>;

/** Google's published keys for Firebase ID tokens. */
export const FIREBASE_JWKS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';
/** A token older than this (since the member proved the number) is not accepted for registration. */
export const PHONE_TOKEN_MAX_AGE_SECONDS = 10 * 60;

export function createFirebasePhoneVerifier(options: {
  projectId: string;
  keys?: JWTVerifyGetKey;
  jwksUrl?: string;
}): PhoneIdentityVerifier {
  const keys = options.keys ?? createRemoteJWKSet(new URL(options.jwksUrl ?? FIREBASE_JWKS_URL));
  return async (idToken) => {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        algorithms: ['RS256'],
        issuer: `https://securetoken.google.com/${options.projectId}`,
        audience: options.projectId,
        maxTokenAge: `${PHONE_TOKEN_MAX_AGE_SECONDS}s`,
        requiredClaims: ['sub', 'iat', 'exp'],
      }));
    } catch {
      throw new DomainError('verification_code_invalid', 'firebaseIdToken');
    }
    const phoneNumber = payload.phone_number;
    if (typeof phoneNumber !== 'string' || !/^\+\d{6,15}$/.test(phoneNumber))
      throw new DomainError('verification_code_invalid', 'firebaseIdToken');
    return { phoneNumber };
  };
}

/**
 * Whether a provider's E.164 number (+84912345678) is the number the member typed: a local number
 * with its trunk 0 (0912345678) and the dialing code (+84), or the full international form.
 */
export function isSamePhoneNumber(e164: string, mobileNum: string, countryDialingCode: string | null | undefined): boolean {
  const digits = (s: string) => s.replace(/\D/g, '');
  const target = digits(e164);
  const typed = digits(mobileNum);
  if (typed === target) return true;
  const dialing = digits(countryDialingCode ?? '');
  if (!dialing) return false;
  return `${dialing}${typed.replace(/^0+/, '')}` === target;
}
