import type { ContactChannel } from '@platform/contracts/member-centre';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';

export type ContactCodeRequest = { channel: ContactChannel; address?: string };

/** Sends a code to the contact on file, or to `address` when the member has none yet. */
export function sendContactCode(request: ContactCodeRequest): Promise<{ expiredMinutes: number }> {
  return apiSend('POST', '/wps/member/verification/code', request);
}

export function useSendContactCode() {
  return useMutation({ mutationFn: sendContactCode });
}
