import type { WhitelabelValue } from '@platform/contracts/system';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client.ts';
import { systemKeys } from './system-keys.ts';

export function getWhitelabel(signal?: AbortSignal): Promise<WhitelabelValue> {
  return apiGet<WhitelabelValue>('/wps/system/whitelabel', signal);
}

/** The operator's feature flags (FREEPLAY3, DIRECTREG3, …). */
export function useWhitelabel() {
  return useQuery({ queryKey: systemKeys.whitelabel(), queryFn: ({ signal }) => getWhitelabel(signal), staleTime: 5 * 60_000 });
}
