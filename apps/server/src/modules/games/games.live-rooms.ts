import { z } from 'zod';
import { createBoundedCache } from '../../lib/bounded-cache.ts';

/**
 * Card rooms a vendor runs live (the house game server's `GET /api/card-rooms`): seats taken change
 * every hand, so they are read from the vendor, not from the catalogue's `game_rooms` rows. Each
 * answer is kept a few seconds; a vendor that does not answer in time lists no rooms.
 */
const liveRoomSchema = z.object({
  roomId: z.string().min(1).max(24),
  game: z.string().min(1).max(64),
  stake: z.number().int().min(0),
  minBalance: z.number().int().min(0),
  seats: z.number().int().min(1).max(12),
  players: z.number().int().min(0),
  rakeBps: z.number().int().min(0).max(10_000),
});
const answerSchema = z.object({ rooms: z.array(liveRoomSchema).max(500) });
export type LiveRoom = z.infer<typeof liveRoomSchema>;

export type LiveRoomSource = { vendorCode: string; rooms: () => Promise<LiveRoom[]> };

export const LIVE_ROOMS_TTL_MS = 2_000;
const LIVE_ROOMS_TIMEOUT_MS = 1_500;

export function createLiveRoomSource(deps: {
  vendorCode: string;
  /** The vendor's base URL, or undefined while its integration is off. */
  baseUrl: () => Promise<string | undefined>;
  now: () => Date;
  fetchImpl?: typeof fetch;
}): LiveRoomSource {
  const fetchImpl = deps.fetchImpl ?? fetch;
  const cache = createBoundedCache<string, LiveRoom[]>({ max: 4, ttlMs: LIVE_ROOMS_TTL_MS, now: deps.now });
  async function load(): Promise<LiveRoom[]> {
    const base = await deps.baseUrl();
    if (!base) return [];
    try {
      const response = await fetchImpl(`${base.replace(/\/+$/, '')}/api/card-rooms`, {
        signal: AbortSignal.timeout(LIVE_ROOMS_TIMEOUT_MS),
      });
      if (!response.ok) return [];
      const parsed = answerSchema.safeParse(await response.json());
      return parsed.success ? parsed.data.rooms : [];
    } catch {
      return [];
    }
  }
  return { vendorCode: deps.vendorCode, rooms: () => cache.remember('rooms', load) };
}
