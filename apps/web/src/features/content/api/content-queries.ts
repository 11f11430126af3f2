import type { AnnouncementPage, AnnouncementType, Banner, MarqueeItem } from '@platform/contracts/content';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api-client.ts';
import { CONTENT_STALE_MS, contentKeys, contentLanguage } from './content-keys.ts';

/** Notices per page (spec section 9). */
export const NOTICES_PER_PAGE = 9;

export function useBanners(groupName: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: contentKeys.banners(contentLanguage(i18n.language), groupName),
    queryFn: ({ signal }) => apiGet<Banner[]>(`/wps/relay/MCSFE_getBanners?groupName=${encodeURIComponent(groupName)}`, signal),
    staleTime: CONTENT_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useMarqueeNotices() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: contentKeys.marquee(contentLanguage(i18n.language)),
    queryFn: ({ signal }) => apiGet<MarqueeItem[]>('/wps/relay/MCSFE_getMarqueeNotices?platform=W', signal),
    staleTime: CONTENT_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncementPage(type: AnnouncementType, pageNo: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: contentKeys.announcements(contentLanguage(i18n.language), type, pageNo),
    queryFn: ({ signal }) =>
      apiGet<AnnouncementPage>(
        `/wps/relay/MCSFE_getListAnnouncements?type=${type}&platform=W&pageNo=${pageNo}&pageSize=${NOTICES_PER_PAGE}`,
        signal,
      ),
    staleTime: CONTENT_STALE_MS,
    placeholderData: keepPreviousData,
  });
}
