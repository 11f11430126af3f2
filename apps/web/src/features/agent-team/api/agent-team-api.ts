import type { AgentWalletValue } from '@platform/contracts/agents/agent-network';
import type {
  AgentAnnouncementsValue,
  AgentNotice,
  AgentNoticeRequest,
  AgentNoticesValue,
  DownlineValue,
  InviteesValue,
  OpenDownlineAccountRequest,
  OpenedAccountValue,
  RegisterCenterValue,
  TeamSearchValue,
  UplineTransferSwitchValue,
} from '@platform/contracts/agents/agent-team';
import type { DownlineTransferRequest, MemberTransferValue, TransferPermissionsValue } from '@platform/contracts/transfers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentKeys } from '../../../api/agent-network.ts';
import { walletKeys } from '../../../api/get-balance.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/** Rows per page of the team lists. */
export const TEAM_PAGE_SIZE = 10;

/** The team pages' query keys, per agent, under the agent calls' keys. */
const teamKeys = {
  all: (id: number) => [...agentKeys.all, 'team', id] as const,
  registerCenter: (id: number) => [...teamKeys.all(id), 'register-center'] as const,
  invitees: (id: number, pageNo: number) => [...teamKeys.all(id), 'invitees', pageNo] as const,
  downline: (id: number, parentId: number | null, pageNo: number) => [...teamKeys.all(id), 'downline', parentId, pageNo] as const,
  search: (id: number, username: string, pageNo: number) => [...teamKeys.all(id), 'search', username, pageNo] as const,
  announcements: (id: number, pageNo: number) => [...teamKeys.all(id), 'announcements', pageNo] as const,
  notices: (id: number, pageNo: number) => [...teamKeys.all(id), 'notices', pageNo] as const,
};

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

const BASE = '/wps/agent/team';

export function useRegisterCenter() {
  const id = useCustomerId();
  return useQuery({
    queryKey: teamKeys.registerCenter(id),
    queryFn: ({ signal }) => apiGet<RegisterCenterValue>(`${BASE}/register-center`, signal),
  });
}

export function useInvitees(pageNo: number) {
  const id = useCustomerId();
  return useQuery({
    queryKey: teamKeys.invitees(id, pageNo),
    queryFn: ({ signal }) => apiGet<InviteesValue>(`${BASE}/invitees?pageNo=${pageNo}&pageSize=${TEAM_PAGE_SIZE}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** Opens an account under the agent; the team lists load again. */
export function useOpenAccount() {
  const id = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenDownlineAccountRequest) => apiSend<OpenedAccountValue>('POST', `${BASE}/accounts`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all(id) }),
  });
}

export function useDownline(parentId: number | null, pageNo: number) {
  const id = useCustomerId();
  const parent = parentId === null ? '' : `&parentId=${parentId}`;
  return useQuery({
    queryKey: teamKeys.downline(id, parentId, pageNo),
    queryFn: ({ signal }) => apiGet<DownlineValue>(`${BASE}/downline?pageNo=${pageNo}&pageSize=${TEAM_PAGE_SIZE}${parent}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTeamSearch(username: string | null, pageNo: number) {
  const id = useCustomerId();
  return useQuery({
    queryKey: teamKeys.search(id, username ?? '', pageNo),
    queryFn: ({ signal }) =>
      apiGet<TeamSearchValue>(
        `${BASE}/search?username=${encodeURIComponent(username ?? '')}&pageNo=${pageNo}&pageSize=${TEAM_PAGE_SIZE}`,
        signal,
      ),
    enabled: username !== null,
    placeholderData: keepPreviousData,
  });
}

/** Lets a member transfer to its upline, or stops it; the lists load again. */
export function useUplineSwitch() {
  const id = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, toUpline }: { memberId: number; toUpline: boolean }) =>
      apiSend<UplineTransferSwitchValue>('PUT', `${BASE}/members/${memberId}/upline-transfer`, { toUpline }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all(id) }),
  });
}

/** The agent's main and agent wallets: downline transfers are paid from the agent wallet. */
export function useAgentWalletBalance() {
  const id = useCustomerId();
  return useQuery({
    queryKey: agentKeys.wallet(id),
    queryFn: ({ signal }) => apiGet<AgentWalletValue>('/wps/agent/wallet', signal),
  });
}

/** Whether the agent has a payment password (a transfer then asks for it). */
export function useTransferPermissions() {
  const id = useCustomerId();
  return useQuery({
    queryKey: [...teamKeys.all(id), 'transfer-permissions'] as const,
    queryFn: ({ signal }) => apiGet<TransferPermissionsValue>('/wps/member/transfer/permissions', signal),
  });
}

/** The existing downline transfer call; afterwards the agent wallet and the header balance are read again. */
export function useDownlineTransfer() {
  const id = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DownlineTransferRequest) => apiSend<MemberTransferValue>('POST', '/wps/agent/transfer/downline', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.wallet(id) });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

export function useAgentAnnouncements(pageNo: number) {
  const id = useCustomerId();
  return useQuery({
    queryKey: teamKeys.announcements(id, pageNo),
    queryFn: ({ signal }) => apiGet<AgentAnnouncementsValue>(`${BASE}/announcements?pageNo=${pageNo}&pageSize=${TEAM_PAGE_SIZE}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSentNotices(pageNo: number) {
  const id = useCustomerId();
  return useQuery({
    queryKey: teamKeys.notices(id, pageNo),
    queryFn: ({ signal }) => apiGet<AgentNoticesValue>(`${BASE}/notices?pageNo=${pageNo}&pageSize=${TEAM_PAGE_SIZE}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSendNotice() {
  const id = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentNoticeRequest) => apiSend<AgentNotice>('POST', `${BASE}/notices`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...teamKeys.all(id), 'notices'] }),
  });
}
