import { useQuery } from '@tanstack/react-query';
import { authKeys } from '../../../api/auth-keys.ts';
import { apiGet } from '../../../lib/api-client.ts';

export function checkAffiliate(code: string, signal?: AbortSignal): Promise<{ code: string; valid: true }> {
  const query = new URLSearchParams({ code, domain: window.location.hostname });
  return apiGet(`/wps/agent/affiliate?${query.toString()}`, signal);
}

/** Verifies the invitation code the visitor arrived with; a failure simply leaves the field shown. */
export function useAffiliateCheck(code: string | null) {
  return useQuery({
    queryKey: authKeys.affiliate(code ?? ''),
    queryFn: ({ signal }) => checkAffiliate(code ?? '', signal),
    enabled: Boolean(code),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
