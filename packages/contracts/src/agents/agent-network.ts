import { z } from 'zod';
import { okEnvelope } from '../envelope.ts';
import { PASSWORD_LENGTH_CEILING } from '../field-rules.ts';
import { amountMinorSchema, currencyCodeSchema, positiveAmountMinorSchema } from '../money.ts';
import { clientRequestIdSchema } from '../transfers.ts';

/**
 * The agent's own place in the downline network (`/wps/agent/network/...`). Every agent call is
 * scoped to the caller's subtree; see docs/agents.md.
 */

/** GET /wps/agent/network/me: who the agent is, whom it may open, and its team size per level. */
export const agentSelfValueSchema = z.object({
  username: z.string(),
  accountType: z.number().int(),
  /** The account types this agent may open directly under it (packages/contracts/src/account-types.ts). */
  childAccountTypes: z.array(z.number().int()),
  team: z.object({
    /** Every member below the agent, all levels. */
    total: z.number().int(),
    /** Level 1 is the direct downline; empty levels are left out. */
    byLevel: z.array(z.object({ level: z.number().int().positive(), count: z.number().int() })),
  }),
});
export type AgentSelfValue = z.infer<typeof agentSelfValueSchema>;
export const agentSelfResponseSchema = okEnvelope(agentSelfValueSchema);

/**
 * An agent's own money has two wallets: the main wallet (deposits, withdrawals, play) and the agent
 * wallet (transfers to and from the downline). The agent moves money between them both ways.
 */
export const AGENT_WALLET_MOVE_DIRECTIONS = ['toAgent', 'toMain'] as const;
export type AgentWalletMoveDirection = (typeof AGENT_WALLET_MOVE_DIRECTIONS)[number];

/** GET /wps/agent/wallet: the two balances. */
export const agentWalletValueSchema = z.object({
  currency: currencyCodeSchema,
  mainBalance: amountMinorSchema,
  agentBalance: amountMinorSchema,
});
export type AgentWalletValue = z.infer<typeof agentWalletValueSchema>;
export const agentWalletResponseSchema = okEnvelope(agentWalletValueSchema);

/** POST /wps/agent/wallet/move: a retry with the same request id moves nothing twice. */
export const agentWalletMoveRequestSchema = z
  .object({
    direction: z.enum(AGENT_WALLET_MOVE_DIRECTIONS),
    amount: positiveAmountMinorSchema,
    requestId: clientRequestIdSchema,
  })
  .strict();
export type AgentWalletMoveRequest = z.output<typeof agentWalletMoveRequestSchema>;

export const agentWalletMoveValueSchema = z.object({
  moveId: z.number().int(),
  direction: z.enum(AGENT_WALLET_MOVE_DIRECTIONS),
  amount: amountMinorSchema,
  currency: currencyCodeSchema,
  /** Both balances right after the move. */
  mainBalance: amountMinorSchema,
  agentBalance: amountMinorSchema,
  createdAt: z.string(),
  /** A whole sentence in the caller's language naming the amount and where it went. */
  message: z.string(),
});
export type AgentWalletMoveValue = z.infer<typeof agentWalletMoveValueSchema>;
export const agentWalletMoveResponseSchema = okEnvelope(agentWalletMoveValueSchema);

/** The success sentence of a wallet move. */
export function agentWalletMoveMessage(language: 'vi' | 'en', direction: AgentWalletMoveDirection, amount: string): string {
  if (language === 'vi') {
    return direction === 'toAgent' ? `Đã chuyển ${amount} từ ví chính sang ví đại lý` : `Đã chuyển ${amount} từ ví đại lý sang ví chính`;
  }
  return direction === 'toAgent'
    ? `Moved ${amount} from the main wallet to the agent wallet`
    : `Moved ${amount} from the agent wallet to the main wallet`;
}

/** A username an operator or an agent gives a new account: letters, digits and _, 4 to 32 characters. */
export const openedUsernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{4,32}$/, '4 to 32 letters, digits or _');
/** The first password of an opened account, changed by the member at first login when asked. */
export const openedPasswordSchema = z.string().min(6).max(PASSWORD_LENGTH_CEILING);

/** POST /admin-api/members: an operator opens an account, at the top (type 1 or a player) or under an upline. */
export const operatorOpenAccountRequestSchema = z
  .object({
    username: openedUsernameSchema,
    password: openedPasswordSchema,
    accountType: z.number().int(),
    /** The upline's username; absent opens at the top. */
    uplineUsername: z.string().trim().min(1).max(64).optional(),
    mustChangePassword: z.boolean().default(true),
  })
  .strict();
export type OperatorOpenAccountRequest = z.output<typeof operatorOpenAccountRequestSchema>;

export const openedAccountValueSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  accountType: z.number().int(),
  parentId: z.number().int().nullable(),
});
export const openedAccountResponseSchema = okEnvelope(openedAccountValueSchema);

/** POST /admin-api/members/:memberId/upline: an operator moves a member and its whole team under another upline. */
export const operatorMoveMemberRequestSchema = z.object({ uplineUsername: z.string().trim().min(1).max(64) }).strict();

export const movedMemberValueSchema = z.object({
  memberId: z.number().int(),
  parentId: z.number().int(),
  /** How many paths changed: the member and everyone below it. */
  movedCount: z.number().int(),
});
export const movedMemberResponseSchema = okEnvelope(movedMemberValueSchema);
