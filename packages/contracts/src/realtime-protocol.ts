/*
 * The WebSocket protocol's constants and message shapes, with no schema library (the web client's
 * first load imports these). realtime.ts validates the same messages with zod on the server.
 */
import type { WalletBalanceValue } from './wallet.ts';

/**
 * One WebSocket per tab at `/ws`. The browser cannot set headers on a WebSocket, so the first
 * message carries the session token; until it is accepted nothing else is sent.
 */
export const REALTIME_PATH = '/ws';
/** The client has this long to authenticate after connecting. */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;

/** Close codes in the application range (4000-4999). */
export const REALTIME_CLOSE = {
  unauthorized: 4401,
  authTimeout: 4408,
  badMessage: 4400,
  sessionEnded: 4403,
} as const;

export type RealtimeClientMessage = { type: 'auth'; token: string } | { type: 'ping' };

export type RealtimeServerMessage =
  | { type: 'ready' }
  | { type: 'pong' }
  /** The member's balances changed (a deposit, a stake, a win, a transfer...), in the balance call's shape. */
  | { type: 'balance'; value: WalletBalanceValue }
  /** A lottery draw the member bet on was settled or voided; the tab reloads its tickets and results. */
  | { type: 'lottery'; gameId: string; numero: string; status: 'settled' | 'voided' }
  /** A platform message reached the member's inbox, or one was withdrawn; the tab reloads its unread count. */
  | { type: 'inbox' }
  /**
   * The house chat room changed (a new message, or one hidden by an operator); sent to every
   * connected member of the merchant. The tab reloads the room and its unread count.
   */
  | { type: 'chat'; room: string; change: 'message' | 'hidden' }
  /** The member's support conversation changed (an operator answered, or closed it); the tab reloads it and its unread count. */
  | { type: 'support_chat' }
  /** A red envelope was sent to an audience the member may be in; the tab reloads its claimable envelopes. */
  | { type: 'red_envelope' };
