import { apiSend } from '../../../lib/api-client.ts';

export function sendLoginSms(mobileNum: string, countryDialingCode: string): Promise<{ expiredMinutes: number }> {
  return apiSend('POST', '/wps/verification/sms/noLogin', { mobileNum, countryDialingCode });
}
