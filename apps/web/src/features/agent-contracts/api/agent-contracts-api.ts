import type { ContractRecordsValue } from '@platform/contracts/agents/agent-contract-records';
import {
  CONTRACT_KIND_CALL_NAMES,
  CONTRACT_KIND_READ_METHODS,
  type ContractChangeValue,
  type DownlineContractsValue,
  type MyContractValue,
} from '@platform/contracts/agents/agent-contracts';
import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';

const BASE = '/wps/agent/contracts';

/** Query keys per member and kind, so a sign-in as someone else never shows stale contracts. */
const contractKeys = {
  all: ['agent-contracts'] as const,
  kind: (customerId: number, kind: ContractKind) => [...contractKeys.all, customerId, kind] as const,
};

export const DOWNLINES_PAGE_SIZE = 10;
export const RECORDS_PAGE_SIZE = 10;

function useCustomerId(): number {
  return useSessionStore((s) => s.userInfo?.customerId ?? 0);
}

/** A read of the kind: GET with a query for dividend and daily wage, POST with a body for the salaries (the spec). */
function readCall<T>(kind: ContractKind, call: string, params: Record<string, string | number | undefined>, signal?: AbortSignal) {
  const url = `${BASE}/MCSFE_get${CONTRACT_KIND_CALL_NAMES[kind]}${call}`;
  const given = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  if (CONTRACT_KIND_READ_METHODS[kind] === 'POST') return apiSend<T>('POST', url, Object.fromEntries(given));
  const query = new URLSearchParams(given.map(([k, v]) => [k, String(v)])).toString();
  return apiGet<T>(query === '' ? url : `${url}?${query}`, signal);
}

export function useMyContract(kind: ContractKind) {
  const id = useCustomerId();
  return useQuery({
    queryKey: [...contractKeys.kind(id, kind), 'mine'],
    queryFn: ({ signal }) => readCall<MyContractValue>(kind, 'Contract', {}, signal),
    enabled: id !== 0,
  });
}

export function useDownlineContracts(kind: ContractKind, pageNo: number) {
  const id = useCustomerId();
  return useQuery({
    queryKey: [...contractKeys.kind(id, kind), 'downlines', pageNo],
    queryFn: ({ signal }) => readCall<DownlineContractsValue>(kind, 'DownlineContracts', { pageNo, pageSize: DOWNLINES_PAGE_SIZE }, signal),
    enabled: id !== 0,
    placeholderData: keepPreviousData,
  });
}

export function useContractRecords(kind: ContractKind, query: { from: string; to: string; pageNo: number }, isEnabled: boolean) {
  const id = useCustomerId();
  return useQuery({
    queryKey: [...contractKeys.kind(id, kind), 'records', query],
    queryFn: ({ signal }) => readCall<ContractRecordsValue>(kind, 'ContractRecords', { ...query, pageSize: RECORDS_PAGE_SIZE }, signal),
    enabled: isEnabled && id !== 0,
    placeholderData: keepPreviousData,
  });
}

/** The processing calls, one per action (docs/agent-contracts.md, "Calls"). */
const ACTION_CALLS = {
  offer: 'MCS2_offerContract',
  sign: 'MCS2_signContract',
  reject: 'MCS2_rejectContract',
  requestTermination: 'MCS2_requestContractTermination',
  terminate: 'MCS2_terminateContract',
} as const;
export type ContractAction = keyof typeof ACTION_CALLS;

/** One processing call; the contracts and records of the kind reload after it, refused or not. */
export function useContractAction(kind: ContractKind) {
  const id = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: ContractAction; body: object }) =>
      apiSend<ContractChangeValue>('POST', `${BASE}/${ACTION_CALLS[action]}`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: contractKeys.kind(id, kind) });
    },
  });
}
