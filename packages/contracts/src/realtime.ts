import { z } from 'zod';
import type { RealtimeClientMessage, RealtimeServerMessage } from './realtime-protocol.ts';
import { walletBalanceValueSchema } from './wallet.ts';

export * from './realtime-protocol.ts';

export const realtimeClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(128) }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
]) satisfies z.ZodType<RealtimeClientMessage>;

export const realtimeServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('balance'), value: walletBalanceValueSchema }),
  z.object({ type: z.literal('lottery'), gameId: z.string(), numero: z.string(), status: z.enum(['settled', 'voided']) }),
  z.object({ type: z.literal('inbox') }),
  z.object({ type: z.literal('chat'), room: z.string(), change: z.enum(['message', 'hidden']) }),
  z.object({ type: z.literal('red_envelope') }),
  z.object({ type: z.literal('support_chat') }),
]) satisfies z.ZodType<RealtimeServerMessage>;
