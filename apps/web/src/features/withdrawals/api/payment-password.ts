import type { ChangePaymentPasswordRequest, SetPaymentPasswordRequest } from '@platform/contracts/withdrawals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moneyKeys } from '../../../api/money-keys.ts';
import { apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** Sets the first payment password (proven by the login password) or changes it (proven by the current one). */
export function useSavePaymentPassword() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: 'set'; value: SetPaymentPasswordRequest } | { kind: 'change'; value: ChangePaymentPasswordRequest }) =>
      apiSend<{ hasPaymentPassword: true }>(body.kind === 'set' ? 'POST' : 'PUT', '/wps/member/payment-password', body.value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.withdrawalRules(customerId) }),
  });
}
