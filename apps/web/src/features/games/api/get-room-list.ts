import type { roomListValueSchema } from '@platform/contracts/games';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { gamesKeys } from '../../../api/games-keys.ts';
import { apiGet } from '../../../lib/api-client.ts';

export type RoomList = z.infer<typeof roomListValueSchema>;

/** GET /wps/relay/GLS2_roomList: the card rooms (seats taken change every hand, so it is asked again every few seconds). */
export function useRoomList(language: string, enabled: boolean) {
  return useQuery({
    queryKey: gamesKeys.rooms(language),
    queryFn: ({ signal }) => apiGet<RoomList>(`/wps/relay/GLS2_roomList?language=${encodeURIComponent(language)}`, signal),
    enabled,
    refetchInterval: 5_000,
  });
}
