/**
 * One interface for every payment gateway (the sandbox now, real providers later). Deposits talk
 * to a gateway only through it, so adding a provider is writing an adapter and registering it.
 */

export type PaymentRequest = {
  /** Our order's reference code; the gateway echoes it back in notifications. */
  referenceCode: string;
  amount: number;
  currency: string;
  /** Where the gateway posts its notifications (our /payment-api/<gateway>/callback). */
  callbackUrl: string;
  /** Where the gateway sends the player's browser when the payment is done. */
  returnUrl: string;
};

export type PaymentCreated = { redirectUrl: string; gatewayPaymentId: string };

/** A verified, parsed notification or query answer: the gateway's word on one payment. */
export type PaymentOutcome = {
  referenceCode: string;
  status: 'paid' | 'failed';
  /** The gateway's transaction id; a paid order is credited once per transaction id. */
  gatewayTxId: string;
  amount: number;
  currency: string;
};

export type PaymentQueryResult =
  | PaymentOutcome
  | { referenceCode: string; status: 'pending' }
  | { referenceCode: string; status: 'unknown' };

export type PaymentGateway = {
  /** The gateway's code, as in /payment-api/<code>/callback and a channel's gatewayCode. */
  readonly code: string;
  /** Registers the payment with the gateway; returns where to send the player. Safe to repeat. */
  createPayment: (request: PaymentRequest) => Promise<PaymentCreated>;
  /**
   * Checks the signature over the raw body and parses the notification. Throws
   * payment_signature_invalid or payment_notification_invalid; never trusts an unsigned field.
   */
  verifyCallback: (headers: Record<string, string | string[] | undefined>, rawBody: Buffer) => PaymentOutcome;
  /** Asks the gateway for a payment's state, for re-checks of orders no callback settled. */
  queryPayment: (referenceCode: string) => Promise<PaymentQueryResult>;
};

export type PaymentGateways = ReadonlyMap<string, PaymentGateway>;
