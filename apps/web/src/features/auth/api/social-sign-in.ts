import type { SocialLinkInfoValue, SocialLinkRequest, SocialProvider, SocialSignedInValue } from '@platform/contracts/social-sign-in';
import { useQuery } from '@tanstack/react-query';
import { authKeys } from '../../../api/auth-keys.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

/** The third-party sign-in providers the merchant has on; none hides the buttons. */
export function useSocialProviders() {
  return useQuery({
    queryKey: [...authKeys.all, 'social-providers'],
    queryFn: ({ signal }) => apiGet<SocialProvider[]>('/wps/session/social/providers', signal),
    staleTime: 5 * 60_000,
  });
}

/** Where the browser goes to sign in with a provider; the server sends it on to the provider. */
export function socialStartUrl(key: string, returnTo: string): string {
  return `/wps/session/social/${encodeURIComponent(key)}/start?returnTo=${encodeURIComponent(returnTo)}`;
}

export function exchangeSocialCode(code: string): Promise<SocialSignedInValue> {
  return apiSend<SocialSignedInValue>('POST', '/wps/session/social/exchange', { code });
}

/** What the linking screen shows of the identity waiting for a link. */
export function useSocialLinkInfo(ticket: string | null) {
  return useQuery({
    queryKey: [...authKeys.all, 'social-link', ticket],
    queryFn: ({ signal }) => apiGet<SocialLinkInfoValue>(`/wps/session/social/link?ticket=${encodeURIComponent(ticket ?? '')}`, signal),
    enabled: ticket !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function linkSocialIdentity(request: SocialLinkRequest): Promise<SocialSignedInValue> {
  return apiSend<SocialSignedInValue>('POST', '/wps/session/social/link', request);
}
