import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';

export type AuthenticatorEnrolment = { secret: string; otpauthUrl: string };

/** Starts (or restarts) an enrolment: a new secret, shown as a QR code until confirmed. */
export function enrolAuthenticator(): Promise<AuthenticatorEnrolment> {
  return apiSend('POST', '/wps/member/authenticator');
}

export function useEnrolAuthenticator() {
  return useMutation({ mutationFn: enrolAuthenticator });
}
