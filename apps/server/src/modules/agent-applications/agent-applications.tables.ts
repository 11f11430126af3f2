import type { AgentApplicationStatus, AgentExperience } from '@platform/contracts/agent-applications';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One row per application to the agent programme, keyed by the applicant's request id. */
export type AgentApplicationsTable = {
  id: Generated<number>;
  merchant_id: number;
  reference: string;
  /** The member who applied while logged in; null for a visitor. */
  member_id: number | null;
  real_name: string;
  mobile_num: string;
  email: string | null;
  contact: string | null;
  experience: AgentExperience;
  message: string | null;
  /** The language the applicant used: the operator's answer reaches the inbox in it. */
  language: string;
  rate_key: string;
  ip: string | null;
  request_id: string;
  request_hash: string;
  status: AgentApplicationStatus;
  answer: string | null;
  answered_by: number | null;
  answered_at: Timestamp | null;
  created_at: Timestamp;
};

export type AgentApplicationsTables = {
  agent_applications: AgentApplicationsTable;
};
