import { apiSend } from '../../../lib/api-client.ts';
import { withBotCheck } from '../../../lib/bot-check.ts';

export function sendPasswordSms(mobileNum: string, countryDialingCode: string): Promise<{ expiredMinutes: number }> {
  return withBotCheck((botCheck) => apiSend('POST', '/wps/verification/sms/password', { mobileNum, countryDialingCode, botCheck }));
}
