import type { Announcement, AnnouncementContent } from '@platform/contracts/content';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api-client.ts';
import { CONTENT_STALE_MS, contentKeys, contentLanguage } from './content-keys.ts';

/** The spec's announcement content call with the popup type on the web platform; the client shows `popup`. */
export async function getPopupAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  const value = await apiGet<AnnouncementContent>('/wps/relay/MCSFE_getAnnouncementContent?types=PU&platform=W', signal);
  return value.popup;
}

function popupAnnouncementsQuery(language: string) {
  return {
    queryKey: contentKeys.popups(contentLanguage(language)),
    queryFn: ({ signal }: { signal?: AbortSignal }) => getPopupAnnouncements(signal),
    staleTime: CONTENT_STALE_MS,
    retry: 1,
  };
}

export function usePopupAnnouncements() {
  const { i18n } = useTranslation();
  return useQuery(popupAnnouncementsQuery(i18n.language));
}

/**
 * Asks for the popup list as soon as the site is known to be open, while the site is still being
 * drawn, rather than when its frame has drawn: on a first visit the popup is the largest thing
 * painted, and this takes a round trip off its way (docs/web-shell.md, "First paint").
 */
export function prefetchPopupAnnouncements(queryClient: QueryClient, language: string): Promise<Announcement[] | undefined> {
  return queryClient.fetchQuery(popupAnnouncementsQuery(language)).catch(() => undefined);
}
