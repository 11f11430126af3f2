import type { FieldRule } from '@platform/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { authKeys } from '../../../api/auth-keys.ts';
import { apiGet } from '../../../lib/api-client.ts';

export function getRegisterValidation(signal?: AbortSignal): Promise<FieldRule[]> {
  return apiGet<FieldRule[]>('/wps/system/setting/register/validation', signal);
}

/** The operator's rule of every registration field. */
export function useRegisterValidation() {
  return useQuery({
    queryKey: authKeys.registerValidation(),
    queryFn: ({ signal }) => getRegisterValidation(signal),
    staleTime: 5 * 60_000,
  });
}
