import type {
  ClaimableRedEnvelopes,
  ReceivedRedEnvelopePage,
  RedEnvelopeClaimValue,
  RedEnvelopeSendRequest,
  RedEnvelopeSendValue,
  SentRedEnvelopeDetail,
  SentRedEnvelopePage,
} from '@platform/contracts/agents/red-envelopes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentKeys } from '../../../api/agent-network.ts';
import { walletKeys } from '../../../api/get-balance.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** Query keys per member, so a sign-in as someone else never shows stale envelopes. */
export const redEnvelopeKeys = {
  all: ['red-envelopes'] as const,
  claimable: (customerId: number) => [...redEnvelopeKeys.all, 'claimable', customerId] as const,
  received: (customerId: number, pageNo: number) => [...redEnvelopeKeys.all, 'received', customerId, pageNo] as const,
  sent: (customerId: number, pageNo: number) => [...redEnvelopeKeys.all, 'sent', customerId, pageNo] as const,
  sentDetail: (customerId: number, id: number) => [...redEnvelopeKeys.all, 'sent-detail', customerId, id] as const,
};

export const RECORDS_PAGE_SIZE = 10;

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

/** The envelopes the member may open now: the notice on the site shows while there is one. */
export function useClaimableEnvelopes(isEnabled: boolean) {
  const id = useCustomerId();
  return useQuery({
    queryKey: redEnvelopeKeys.claimable(id),
    queryFn: ({ signal }) => apiGet<ClaimableRedEnvelopes>('/wps/member/red-envelopes/claimable', signal),
    enabled: isEnabled && id !== 0,
  });
}

/** Opens one envelope: the member's share goes into its main wallet; the notice, the records and the balance reload. */
export function useClaimEnvelope() {
  const id = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (envelopeId: number) => apiSend<RedEnvelopeClaimValue>('POST', `/wps/member/red-envelopes/${envelopeId}/claim`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: redEnvelopeKeys.claimable(id) });
      void queryClient.invalidateQueries({ queryKey: [...redEnvelopeKeys.all, 'received', id] });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

export function useReceivedEnvelopes(pageNo: number, isEnabled = true) {
  const id = useCustomerId();
  return useQuery({
    queryKey: redEnvelopeKeys.received(id, pageNo),
    queryFn: ({ signal }) =>
      apiGet<ReceivedRedEnvelopePage>(`/wps/member/red-envelopes/received?pageNo=${pageNo}&pageSize=${RECORDS_PAGE_SIZE}`, signal),
    enabled: isEnabled && id !== 0,
    placeholderData: keepPreviousData,
  });
}

export function useSentEnvelopes(pageNo: number) {
  const id = useCustomerId();
  return useQuery({
    queryKey: redEnvelopeKeys.sent(id, pageNo),
    queryFn: ({ signal }) => apiGet<SentRedEnvelopePage>(`/wps/agent/red-envelopes?pageNo=${pageNo}&pageSize=${RECORDS_PAGE_SIZE}`, signal),
    enabled: id !== 0,
    placeholderData: keepPreviousData,
  });
}

export function useSentEnvelopeDetail(envelopeId: number) {
  const id = useCustomerId();
  return useQuery({
    queryKey: redEnvelopeKeys.sentDetail(id, envelopeId),
    queryFn: ({ signal }) => apiGet<SentRedEnvelopeDetail>(`/wps/agent/red-envelopes/${envelopeId}`, signal),
    enabled: id !== 0,
  });
}

/** Funds an envelope from the agent wallet; the sent records and the balances reload. */
export function useSendEnvelope() {
  const id = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RedEnvelopeSendRequest) => apiSend<RedEnvelopeSendValue>('POST', '/wps/agent/red-envelopes', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...redEnvelopeKeys.all, 'sent', id] });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: agentKeys.wallet(id) });
    },
  });
}
