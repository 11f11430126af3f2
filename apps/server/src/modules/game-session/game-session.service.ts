import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { hashSessionToken } from '../session/session.service.ts';
import * as repo from './game-session.repository.ts';

/** How long a launched game may keep starting new rounds with its token. */
export const GAME_SESSION_TTL_MINUTES = 12 * 60;
const GAME_TOKEN_BYTES = 32;

export type GameSession = repo.GameSessionRow & {
  /** New bets are accepted only while this holds; wins and rollbacks are accepted after it. */
  isActive: boolean;
};

export type GameSessionService = ReturnType<typeof createGameSessionService>;

/**
 * A launch hands the vendor a game token: an opaque random value (only its hash is stored) that
 * names the member, currency, vendor and game for the vendor's wallet callbacks.
 */
export function createGameSessionService(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  async function issue(
    input: {
      memberId: number;
      merchantId: number;
      currency: string;
      vendorCode: string;
      gameCode: string;
      gameCategory: string;
      isTrial: boolean;
      ttlMinutes?: number;
    },
    trx: Kysely<DB> = db,
  ) {
    const token = randomBytes(GAME_TOKEN_BYTES).toString('base64url');
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + (input.ttlMinutes ?? GAME_SESSION_TTL_MINUTES) * 60_000);
    const sessionId = await repo.insert(trx, { ...input, tokenHash: hashSessionToken(token), createdAt, expiresAt });
    return { token, sessionId, expiresAt };
  }

  async function findByToken(token: string, trx: Kysely<DB> = db): Promise<GameSession | undefined> {
    if (token.length === 0 || token.length > 128) return undefined;
    const row = await repo.findByTokenHash(trx, hashSessionToken(token));
    if (!row) return undefined;
    const isActive = row.endedAt === null && row.expiresAt.getTime() > now().getTime() && row.memberStatus === 'active';
    return { ...row, isActive };
  }

  return {
    issue,
    findByToken,
    /** What a game token is stored and looked up by (a SQL function finds the session by it, ADR 0041). */
    tokenHashOf: (token: string) => hashSessionToken(token),
    end: (sessionId: number, trx: Kysely<DB> = db) => repo.end(trx, { id: sessionId }, now()),
    /** Ends every open game of a member (logout everywhere, a break, self-exclusion). */
    endAllForMember: (memberId: number, trx: Kysely<DB> = db) => repo.end(trx, { memberId }, now()),
  };
}
