import type { RegisterSettingsValue } from '@platform/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { authKeys } from '../../../api/auth-keys.ts';
import { apiGet } from '../../../lib/api-client.ts';

export function getRegisterSettings(signal?: AbortSignal): Promise<RegisterSettingsValue> {
  return apiGet<RegisterSettingsValue>('/wps/system/setting/register', signal);
}

/** The registration and login switches; they change rarely, so they are kept for the visit. */
export function useRegisterSettings() {
  return useQuery({ queryKey: authKeys.registerSettings(), queryFn: ({ signal }) => getRegisterSettings(signal), staleTime: 5 * 60_000 });
}
