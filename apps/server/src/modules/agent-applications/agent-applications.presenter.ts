import type { AdminAgentApplication, AgentApplicationStatusValue } from '@platform/contracts/agent-applications';
import type { Selectable } from 'kysely';
import type { AgentApplicationsTable } from './agent-applications.tables.ts';

type Row = Selectable<AgentApplicationsTable>;

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** What the applicant reads: never the contact details, only where the application stands. */
export function toApplicationStatus(
  row: Pick<Row, 'reference' | 'status' | 'created_at' | 'answered_at' | 'answer'>,
): AgentApplicationStatusValue {
  return {
    reference: row.reference,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    answeredAt: iso(row.answered_at),
    answer: row.answer,
  };
}

export function toAdminApplication(row: Row & { username: string | null }): AdminAgentApplication {
  return {
    id: Number(row.id),
    reference: row.reference,
    memberId: row.member_id === null ? null : Number(row.member_id),
    username: row.username,
    realName: row.real_name,
    mobileNum: row.mobile_num,
    email: row.email,
    contact: row.contact,
    experience: row.experience,
    message: row.message,
    language: row.language,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    answeredAt: iso(row.answered_at),
    answeredBy: row.answered_by === null ? null : Number(row.answered_by),
    answer: row.answer,
  };
}
