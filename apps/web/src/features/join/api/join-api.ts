import type { AgentApplicationLookup, AgentApplicationRequest, AgentApplicationStatusValue } from '@platform/contracts/agent-applications';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';

/** POST /wps/agent/applications: with the member's session when logged in; the request id makes a retry the same application. */
export function useApplyAsAgent() {
  return useMutation({
    mutationFn: (body: AgentApplicationRequest) => apiSend<AgentApplicationStatusValue>('POST', '/wps/agent/applications', body),
  });
}

/** POST /wps/agent/applications/status: where an application stands, by its reference and mobile number. */
export function useApplicationStatus() {
  return useMutation({
    mutationFn: (body: AgentApplicationLookup) => apiSend<AgentApplicationStatusValue>('POST', '/wps/agent/applications/status', body),
  });
}
