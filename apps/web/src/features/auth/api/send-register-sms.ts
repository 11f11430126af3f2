import { apiSend } from '../../../lib/api-client.ts';

export function sendRegisterSms(mobileNo: string, countryDialingCode: string): Promise<{ expiredMinutes: number }> {
  return apiSend('POST', '/wps/verification/sms/register', { mobileNo, countryDialingCode });
}
