import { PAYLOAD_ENC, PAYLOAD_KEY_ALG } from '@platform/contracts/payload-encryption';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { DomainError } from './domain-error.ts';

/**
 * Seals a text to a public key the client made for one call: a compact JWE with the algorithms of
 * the encrypted payloads (ECDH-ES+A256KW, A256GCM), the other direction of the same cipher. Only
 * the holder of the matching private key (the page that asked) can read it.
 */
export async function sealForClient(clientJwk: JWK, text: string): Promise<string> {
  try {
    // Only the public parts: a private `d` sent by mistake is never used.
    const key = await importJWK({ kty: clientJwk.kty, crv: clientJwk.crv, x: clientJwk.x, y: clientJwk.y }, PAYLOAD_KEY_ALG);
    return await new CompactEncrypt(new TextEncoder().encode(text))
      .setProtectedHeader({ alg: PAYLOAD_KEY_ALG, enc: PAYLOAD_ENC })
      .encrypt(key);
  } catch {
    // Not a point on the curve, or not a key at all.
    throw new DomainError('customer_service_key_invalid');
  }
}
