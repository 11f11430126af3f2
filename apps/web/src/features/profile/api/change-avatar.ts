import type { BuiltinAvatar, PlayerAvatarValue } from '@platform/contracts/member-centre';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberCentreKeys } from '../../../api/member-centre-keys.ts';
import { apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

export type AvatarChange = { kind: 'builtin'; avatar: BuiltinAvatar } | { kind: 'upload'; image: string };

/** A built-in avatar (PUT) or an uploaded PNG/JPEG as a data URL (POST), both at /wps/member/info/icon. */
export function changeAvatar(change: AvatarChange): Promise<PlayerAvatarValue> {
  return change.kind === 'builtin'
    ? apiSend('PUT', '/wps/member/info/icon', { avatar: change.avatar })
    : apiSend('POST', '/wps/member/info/icon', { image: change.image });
}

export function useChangeAvatar() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAvatar,
    onSuccess: (avatar) => queryClient.setQueryData(memberCentreKeys.avatar(customerId), avatar),
  });
}
