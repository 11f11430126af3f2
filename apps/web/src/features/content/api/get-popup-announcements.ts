import type { Announcement, AnnouncementContent } from '@platform/contracts/content';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api-client.ts';
import { CONTENT_STALE_MS, contentKeys, contentLanguage } from './content-keys.ts';

/** The spec's announcement content call with the popup type on the web platform; the client shows `popup`. */
export async function getPopupAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  const value = await apiGet<AnnouncementContent>('/wps/relay/MCSFE_getAnnouncementContent?types=PU&platform=W', signal);
  return value.popup;
}

export function usePopupAnnouncements() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: contentKeys.popups(contentLanguage(i18n.language)),
    queryFn: ({ signal }) => getPopupAnnouncements(signal),
    staleTime: CONTENT_STALE_MS,
    retry: 1,
  });
}
