import { apiSend } from '../../../lib/api-client.ts';

export function sendPasswordSms(mobileNum: string, countryDialingCode: string): Promise<{ expiredMinutes: number }> {
  return apiSend('POST', '/wps/verification/sms/password', { mobileNum, countryDialingCode });
}
