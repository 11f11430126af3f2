import { z } from 'zod';
import { defineSetting } from '../settings/settings.service.ts';

/**
 * How game money is held: `single`, one seamless wallet that every game debits and credits, or
 * `transfer`, where each vendor keeps its own wallet and the player moves money into and out of it.
 * The client reads it as `isSingle` from /wps/relay/GCS_merchantWallet.
 */
export const walletModeSetting = defineSetting('wallet.mode', z.enum(['single', 'transfer']), 'single');

export const depositPolicySchema = z.object({
  /** A gateway deposit not paid within this time is expired (a late "paid" still credits it). */
  gatewayOrderExpiryMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60),
  /** A bank-transfer deposit nobody confirmed within this time is expired; the operator may still confirm it. */
  bankTransferExpiryMinutes: z
    .number()
    .int()
    .min(10)
    .max(30 * 24 * 60),
  /** Open (pending) deposits a member may have at once. */
  pendingOrdersPerMemberMax: z.number().int().min(1).max(100),
  /**
   * Path on the site the gateway sends the player back to, with an optional query; the gateway adds
   * the order reference and status to it. The default opens the member centre's deposit page.
   */
  returnPath: z.string().regex(/^\/[A-Za-z0-9/_-]*(\?[A-Za-z0-9_=&-]*)?$/),
});
export type DepositPolicy = z.infer<typeof depositPolicySchema>;

export const depositPolicySetting = defineSetting('deposits.policy', depositPolicySchema, {
  gatewayOrderExpiryMinutes: 30,
  bankTransferExpiryMinutes: 24 * 60,
  pendingOrdersPerMemberMax: 5,
  returnPath: '/index?mc=depositv2',
});
