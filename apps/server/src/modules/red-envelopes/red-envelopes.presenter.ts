import type { RedEnvelopeStatus, SentRedEnvelope } from '@platform/contracts/agents/red-envelopes';
import { amountMinor } from '@platform/contracts/money';
import type { EnvelopeWithClaims } from './red-envelopes.repository.ts';

/**
 * What the sender sees: closed by the expiry job, or past its expiry and waiting for the job, is
 * `expired`; every share taken is `claimed`; otherwise `active`.
 */
export function statusOf(envelope: EnvelopeWithClaims, at: Date): RedEnvelopeStatus {
  if (envelope.status === 'closed' || at.getTime() >= envelope.expiresAt.getTime()) return 'expired';
  return envelope.claimedCount >= envelope.shareCount ? 'claimed' : 'active';
}

/** The fields of an envelope that leave the server. */
export function presentSent(envelope: EnvelopeWithClaims, at: Date): SentRedEnvelope {
  return {
    id: envelope.id,
    totalAmount: amountMinor(envelope.totalAmount),
    currency: envelope.currency,
    shareCount: envelope.shareCount,
    split: envelope.split,
    audience: envelope.audience,
    message: envelope.message,
    status: statusOf(envelope, at),
    claimedCount: envelope.claimedCount,
    claimedAmount: amountMinor(envelope.claimedAmount),
    returnedAmount: envelope.returnedAmount === null ? null : amountMinor(envelope.returnedAmount),
    createdAt: envelope.createdAt.toISOString(),
    expiresAt: envelope.expiresAt.toISOString(),
  };
}
