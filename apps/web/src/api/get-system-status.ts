import type { SystemStatusValue } from '@platform/contracts/system';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../lib/api-client.ts';
import { systemKeys } from './system-keys.ts';

/** While maintenance or a block is shown, the status is asked again so the site comes back by itself. */
export const STATUS_RECHECK_MS = 60_000;

export function getSystemStatus(language: string, signal?: AbortSignal): Promise<SystemStatusValue> {
  return apiGet<SystemStatusValue>(`/wps/system/status?lang=${encodeURIComponent(language)}`, signal);
}

export function systemStatusQueryOptions(language: string) {
  return queryOptions({
    queryKey: systemKeys.status(language),
    queryFn: ({ signal }) => getSystemStatus(language, signal),
    staleTime: 30_000,
    // Switching language keeps showing the page in the old language until the new text arrives.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 0 ? STATUS_RECHECK_MS : false),
  });
}

/** Operator texts exist in Vietnamese and English only: the other languages ask for English. */
export function statusLanguage(language: string): 'vi' | 'en' {
  return language === 'vi' ? 'vi' : 'en';
}

export function useSystemStatus() {
  const { i18n } = useTranslation();
  return useQuery(systemStatusQueryOptions(statusLanguage(i18n.language)));
}
