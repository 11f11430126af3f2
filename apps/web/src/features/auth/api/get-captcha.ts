import { apiRequest } from '../../../lib/api-client.ts';

export type Captcha = { image: string; captchaKey: string };

/** A single-use captcha; the server also sets its key as a cookie, the key is sent too for safety. */
export async function getCaptcha(): Promise<Captcha> {
  const envelope = await apiRequest<string>('/wps/captcha');
  const image = envelope.value.startsWith('data:') ? envelope.value : `data:image/png;base64,${envelope.value}`;
  return { image, captchaKey: envelope.captchaKey ?? '' };
}
