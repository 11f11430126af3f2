import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { amountMinorSchema, currencyCodeSchema, positiveAmountMinorSchema } from './money.ts';
import { CLIENT_REQUEST_ID_LENGTH_MAX, CLIENT_REQUEST_ID_LENGTH_MIN, clientRequestIdSchema } from './request-id.ts';

/**
 * Transfers along the downline: an agent to a member of its downline (`/wps/agent/transfer/downline`)
 * and a member to its upline (`transferUpline`, `/wps/member/transfer/upline`).
 */
export const TRANSFER_NOTE_LENGTH_MAX = 140;
export const TRANSFER_REQUEST_ID_LENGTH_MIN = CLIENT_REQUEST_ID_LENGTH_MIN;
export const TRANSFER_REQUEST_ID_LENGTH_MAX = CLIENT_REQUEST_ID_LENGTH_MAX;
export const PAYMENT_PASSWORD_LENGTH_MAX = 128;

/** The client's id for one transfer (request-id.ts); a retry with the same id moves nothing twice. */
export { clientRequestIdSchema };

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const noteSchema = z
  .string()
  .max(TRANSFER_NOTE_LENGTH_MAX)
  .refine((s) => !hasControlCharacter(s), 'no control characters');

/** POST /wps/agent/transfer/downline */
export const downlineTransferRequestSchema = z
  .object({
    /** The receiving member's username; it must be in the agent's downline. */
    username: z.string().min(1).max(64),
    amount: positiveAmountMinorSchema,
    note: noteSchema.optional(),
    paymentPassword: z.string().min(1).max(PAYMENT_PASSWORD_LENGTH_MAX).optional(),
    requestId: clientRequestIdSchema,
  })
  .strict();
export type DownlineTransferRequest = z.output<typeof downlineTransferRequestSchema>;

/** POST /wps/member/transfer/upline: always to the member's direct upline. */
export const uplineTransferRequestSchema = z
  .object({
    amount: positiveAmountMinorSchema,
    note: noteSchema.optional(),
    paymentPassword: z.string().min(1).max(PAYMENT_PASSWORD_LENGTH_MAX).optional(),
    requestId: clientRequestIdSchema,
  })
  .strict();
export type UplineTransferRequest = z.output<typeof uplineTransferRequestSchema>;

export const TRANSFER_DIRECTIONS = ['downline', 'upline'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

/** The success answer: the spec's "transfer success" message names the receiver, amount and note. */
export const memberTransferValueSchema = z.object({
  transferId: z.number().int(),
  direction: z.enum(TRANSFER_DIRECTIONS),
  receiverUsername: z.string(),
  amount: amountMinorSchema,
  currency: currencyCodeSchema,
  note: z.string(),
  /** The sender's wallet balance after the transfer. */
  balanceAfter: amountMinorSchema,
  createdAt: z.string(),
  message: z.string(),
});
export type MemberTransferValue = z.infer<typeof memberTransferValueSchema>;
export const memberTransferResponseSchema = okEnvelope(memberTransferValueSchema);

/** GET /wps/member/transfer/permissions: what the session member may do (the spec's `toUpline`). */
export const transferPermissionsValueSchema = z.object({
  toUpline: z.boolean(),
  canTransferToDownline: z.boolean(),
  canReceiveFromDownline: z.boolean(),
  hasPaymentPassword: z.boolean(),
  uplineUsername: z.string().nullable(),
  /**
   * The wallet the member's transfers leave from, up or down: an agent's agent wallet, anyone
   * else's main wallet; with its balance, so a page shows and checks the wallet the server debits.
   */
  wallet: z.enum(['main', 'agent']),
  walletBalance: amountMinorSchema,
  currency: currencyCodeSchema,
});
export type TransferPermissionsValue = z.infer<typeof transferPermissionsValueSchema>;
export const transferPermissionsResponseSchema = okEnvelope(transferPermissionsValueSchema);

/** The flags an operator sets per member (admin API). Absent fields keep their value. */
export const transferPermissionsUpdateSchema = z
  .object({
    toUpline: z.boolean().optional(),
    canTransferToDownline: z.boolean().optional(),
    canReceiveFromDownline: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'name at least one flag');
export type TransferPermissionsUpdate = z.output<typeof transferPermissionsUpdateSchema>;

/** The spec's success wording, with the receiver's name, the amount and the note. */
export function transferSuccessMessage(
  language: 'vi' | 'en',
  direction: TransferDirection,
  parts: { receiver: string; amount: string; note: string },
): string {
  if (language === 'vi') {
    const where = direction === 'downline' ? 'cấp dưới' : 'cấp trên';
    return `Chuyển tiền cho ${where} thành công: ${parts.receiver}, số tiền ${parts.amount}, ghi chú: ${parts.note || '-'}`;
  }
  const where = direction === 'downline' ? 'downline' : 'upline';
  return `Transfer to ${where} successful: ${parts.receiver}, amount ${parts.amount}, note: ${parts.note || '-'}`;
}
