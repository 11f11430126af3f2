import type { LiveTables } from '@platform/contracts/live-tables';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** How often the /live board asks again (the platform keeps each answer a second). */
export const LIVE_TABLES_REFRESH_MS = 3_000;

/** GET /wps/relay/GCSGAME_liveTables: the house tables' live state. */
export function useLiveTables() {
  return useQuery({
    queryKey: ['live-tables'],
    queryFn: ({ signal }) => apiGet<LiveTables>('/wps/relay/GCSGAME_liveTables', signal),
    refetchInterval: LIVE_TABLES_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
