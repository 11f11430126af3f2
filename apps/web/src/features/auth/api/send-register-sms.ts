import { apiSend } from '../../../lib/api-client.ts';
import { withBotCheck } from '../../../lib/bot-check.ts';

export function sendRegisterSms(mobileNo: string, countryDialingCode: string): Promise<{ expiredMinutes: number }> {
  return withBotCheck((botCheck) => apiSend('POST', '/wps/verification/sms/register', { mobileNo, countryDialingCode, botCheck }));
}
