import type { kycSchema } from '@platform/contracts/withdrawals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { moneyKeys } from '../../../api/money-keys.ts';
import { apiGet, apiSendForm } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

export type KycCheck = z.infer<typeof kycSchema>;
export type KycStatusValue = { status: 'none' | KycCheck['status']; latest: KycCheck | null; isRequiredForPayout: boolean };

export function useKycStatus() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  return useQuery({
    queryKey: moneyKeys.kyc(customerId),
    queryFn: ({ signal }) => apiGet<KycStatusValue>('/wps/member/kyc', signal),
  });
}

export function useUploadKyc() {
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? 0);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ front, back }: { front: File; back: File }) => {
      const form = new FormData();
      form.append('front', front, front.name);
      form.append('back', back, back.name);
      return apiSendForm<KycCheck>('/wps/member/kyc', form);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.kyc(customerId) });
      void queryClient.invalidateQueries({ queryKey: moneyKeys.withdrawalRules(customerId) });
    },
  });
}
