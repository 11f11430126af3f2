import { randomInt } from 'node:crypto';
import {
  type AdminAgentApplication,
  type AdminAgentApplicationQuery,
  AGENT_APPLICATIONS_PER_HOUR,
  type AgentApplicationAnswer,
  type AgentApplicationStatusValue,
  type AgentExperience,
} from '@platform/contracts/agent-applications';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { messageLanguageOf } from '../../lib/request-language.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import { answerNotice } from './agent-applications.notice.ts';
import { toAdminApplication, toApplicationStatus } from './agent-applications.presenter.ts';
import * as repo from './agent-applications.repository.ts';

type Operator = { adminId: number; merchantId: number; ip: string | null };

/** Who applies: a member's session, or a visitor known by the address only. */
export type Applicant = { merchantId: number; memberId: number | null; ip: string; language: string };

/** The form's values, after the contract's schema (trimmed; the mobile number without spaces). */
export type ApplicationInput = {
  requestId: string;
  realName: string;
  mobileNum: string;
  email?: string | undefined;
  contact?: string | undefined;
  experience: AgentExperience;
  message?: string | undefined;
};

const HOUR_MS = 3_600_000;
/** Crockford's base 32: no I, L, O or U, so a reference read aloud or typed is not mistaken. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const REFERENCE_LENGTH = 10;
/** A new reference is drawn when one is taken (about one chance in 10^15 each time). */
const REFERENCE_ATTEMPTS = 3;

function newReference(): string {
  let code = '';
  for (let i = 0; i < REFERENCE_LENGTH; i += 1) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `AG-${code}`;
}

const emptyToNull = (text: string | undefined) => (text === undefined || text === '' ? null : text);

export type AgentApplicationsService = ReturnType<typeof createAgentApplicationsService>;

/**
 * The agent programme's applications (docs/agent-applications.md): anyone may apply (a member's
 * application is tied to the account), a few an hour per member or address; the same request id
 * is the same application; an operator approves or rejects with a message, audited; the applicant
 * reads the answer by reference and mobile number, and a member also in the inbox.
 */
export function createAgentApplicationsService(deps: {
  db: Kysely<DB>;
  inbox: Pick<InboxService, 'admin'>;
  logger?: JobLogger | undefined;
  now: () => Date;
}) {
  const { db, inbox, now } = deps;

  async function apply(applicant: Applicant, input: ApplicationInput): Promise<AgentApplicationStatusValue> {
    const rateKey = applicant.memberId === null ? `ip:${applicant.ip}` : `member:${applicant.memberId}`;
    const values = {
      realName: input.realName,
      mobileNum: input.mobileNum,
      email: emptyToNull(input.email),
      contact: emptyToNull(input.contact),
      experience: input.experience,
      message: emptyToNull(input.message),
    };
    const requestHash = hashRequest(['agent-application', applicant.memberId, ...Object.values(values)]);

    const sameRequest = (row: Parameters<typeof toApplicationStatus>[0] & { request_hash: string }) => {
      if (row.request_hash !== requestHash) throw new DomainError('idempotency_conflict');
      return toApplicationStatus(row);
    };

    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction().execute(async (trx) => {
          await repo.holdRateKey(trx, applicant.merchantId, rateKey);
          const earlier = await repo.findByRequestId(trx, applicant.merchantId, input.requestId);
          if (earlier) return sameRequest(earlier);
          const at = now();
          const recent = await repo.countSince(trx, applicant.merchantId, rateKey, new Date(at.getTime() - HOUR_MS));
          if (recent >= AGENT_APPLICATIONS_PER_HOUR) {
            throw new DomainError('agent_application_too_many', undefined, { count: String(AGENT_APPLICATIONS_PER_HOUR) });
          }
          if (await repo.hasPendingForMobile(trx, applicant.merchantId, values.mobileNum))
            throw new DomainError('agent_application_pending');
          const row = await repo.insertApplication(trx, {
            ...values,
            merchantId: applicant.merchantId,
            reference: newReference(),
            memberId: applicant.memberId,
            language: applicant.language,
            rateKey,
            ip: applicant.ip,
            requestId: input.requestId,
            requestHash,
            at,
          });
          return toApplicationStatus(row);
        });
      } catch (err) {
        // Two requests that the rate key did not serialise (a visitor whose address changed
        // between a submit and its retry, say) meet at the unique indexes.
        if (isUniqueViolation(err, 'agent_applications_request_key')) {
          const earlier = await repo.findByRequestId(db, applicant.merchantId, input.requestId);
          if (earlier) return sameRequest(earlier);
        }
        if (isUniqueViolation(err, 'agent_applications_pending_mobile_key')) throw new DomainError('agent_application_pending');
        if (isUniqueViolation(err, 'agent_applications_reference_key') && attempt < REFERENCE_ATTEMPTS) continue;
        throw err;
      }
    }
  }

  /** The applicant's view, found by the reference and the mobile number given in the application. */
  async function lookup(merchantId: number, query: { reference: string; mobileNum: string }): Promise<AgentApplicationStatusValue> {
    const row = await repo.findByReference(db, merchantId, query.reference);
    if (!row || row.mobile_num !== query.mobileNum) throw new DomainError('agent_application_not_found');
    return toApplicationStatus(row);
  }

  async function list(merchantId: number, query: AdminAgentApplicationQuery) {
    const { rows, total } = await repo.findPage(
      db,
      { merchantId, status: query.status },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    return { list: rows.map(toAdminApplication), total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * Approves or rejects a pending application with a message, audited. A member who applied finds
   * the answer in the inbox too, in the language of the application; the answer stands if that
   * message cannot be sent (the status lookup shows it).
   */
  async function answer(op: Operator, id: number, input: AgentApplicationAnswer): Promise<AdminAgentApplication> {
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    const row = await db.transaction().execute(async (trx) => {
      const current = await repo.lockApplication(trx, op.merchantId, id);
      if (!current) throw new DomainError('not_found');
      if (current.status !== 'pending') throw new DomainError('agent_application_answered');
      await repo.markAnswered(trx, id, { status, message: input.message, adminId: op.adminId, at: now() });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: `agent_application.${input.decision}`,
        subjectType: 'agent_application',
        subjectId: id,
        data: { reference: current.reference, status, message: input.message },
        ip: op.ip,
      });
      return current;
    });
    if (row.member_id !== null) {
      const notice = answerNotice(messageLanguageOf(row.language), { reference: row.reference, status, message: input.message });
      try {
        await inbox.admin.send(op, { category: 'account', ...notice, audience: { type: 'members', memberIds: [Number(row.member_id)] } });
      } catch (err) {
        deps.logger?.warn({ err, applicationId: id }, 'agent application answer: inbox message not sent');
      }
    }
    return toAdminApplication(await repo.findWithUsername(db, id));
  }

  return { apply, lookup, admin: { list, answer } };
}
