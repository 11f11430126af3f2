import type { PlayerAvatarValue } from '@platform/contracts/member-centre';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberCentreKeys } from '../../../api/member-centre-keys.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** In the main bundle: the logged-in bar shows the avatar too. */
export function getPlayerAvatar(signal?: AbortSignal): Promise<PlayerAvatarValue> {
  return apiGet<PlayerAvatarValue>('/wps/relay/MCSFE_getPlayerAvatar', signal);
}

export const playerAvatarQuery = (customerId: number) =>
  queryOptions({
    queryKey: memberCentreKeys.avatar(customerId),
    queryFn: ({ signal }) => getPlayerAvatar(signal),
    staleTime: 5 * 60_000,
  });

export function usePlayerAvatar() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  return useQuery({ ...playerAvatarQuery(customerId ?? 0), enabled: customerId !== null });
}

/** The picture to show: the uploaded image, else the chosen built-in one (served from /avatars), else none. */
export function avatarSource(value: PlayerAvatarValue | undefined): string | null {
  if (!value) return null;
  if (value.image) return value.image;
  if (value.avatar) return `/avatars/${value.avatar}.svg`;
  return null;
}
