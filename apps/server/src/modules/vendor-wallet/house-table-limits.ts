import type { MessageParam } from '@platform/contracts/errors';
import {
  TABLE_LIMITS_PATH,
  type TableLimitProblem,
  type TableLimits,
  type TableLimitsEntry,
  tableLimitProblems,
  tableLimitsEntrySchema,
  tableLimitsListSchema,
} from '@platform/contracts/table-limits';
import { signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { HOUSE_VENDOR_CODE, type IntegrationService } from './vendor-wallet.integrations.ts';

const HOUSE_TIMEOUT_MS = 5_000;
const writeAnswerSchema = z.object({ table: tableLimitsEntrySchema });

/** The first problem of a limits form as a sentence part, in both languages. */
function problemText(problem: TableLimitProblem): MessageParam {
  const kind = problem.field === 'min' ? null : problem.field.slice('max.'.length);
  const field = kind ? { vi: `mức tối đa ${kind}`, en: `the ${kind} maximum` } : { vi: 'mức tối thiểu', en: 'the minimum' };
  switch (problem.reason) {
    case 'not_amount':
      return { vi: `${field.vi} phải là số nguyên dương`, en: `${field.en} must be a positive whole number` };
    case 'below_min':
      return { vi: `${field.vi} thấp hơn mức tối thiểu`, en: `${field.en} is below the minimum` };
    case 'missing_kind':
      return { vi: `thiếu ${field.vi}`, en: `${field.en} is missing` };
    case 'unknown_kind':
      return { vi: `bàn này không có loại cược ${kind}`, en: `this table has no ${kind} bet` };
  }
}

/** A signed operator call to the house game server: its HTTP status and JSON answer (null when not JSON). */
export type HouseOperatorCall = (path: string, body: unknown) => Promise<{ status: number; json: unknown }>;

/**
 * The operator's calls to the house game server (table limits, cockfight arenas): a POST signed with
 * the HOUSE integration's secret to its launch address. No integration, or no answer within 5 s:
 * `house_games_unavailable`.
 */
export function createHouseOperatorCall(deps: {
  integrations: IntegrationService;
  now: () => Date;
  fetchImpl?: typeof fetch;
}): HouseOperatorCall {
  const fetchImpl = deps.fetchImpl ?? fetch;
  return async (path, body) => {
    const integration = await deps.integrations.find(HOUSE_VENDOR_CODE);
    if (!integration?.isEnabled || !integration.launchBaseUrl) throw new DomainError('house_games_unavailable', 'no HOUSE integration');
    const raw = JSON.stringify(body);
    const timestamp = String(deps.now().getTime());
    try {
      const response = await fetchImpl(new URL(path, integration.launchBaseUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [VENDOR_TIMESTAMP_HEADER]: timestamp,
          [VENDOR_SIGNATURE_HEADER]: signVendorBody(integration.apiSecret, timestamp, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(HOUSE_TIMEOUT_MS),
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    } catch (err) {
      throw new DomainError('house_games_unavailable', String(err));
    }
  };
}

/**
 * The operator's view of the house game server's table limits (issue 24): both calls are signed with
 * the HOUSE integration's secret and sent to its launch address; a change is audited with the limits
 * before and after. The game server keeps the limits; the platform stores nothing of them.
 */
export function createHouseTableLimits(deps: { db: Kysely<DB>; call: HouseOperatorCall }) {
  const { call } = deps;

  async function list(): Promise<TableLimitsEntry[]> {
    const answer = await call(TABLE_LIMITS_PATH, {});
    const parsed = tableLimitsListSchema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success) throw new DomainError('house_games_unavailable', `list answered ${answer.status}`);
    return parsed.data.tables;
  }

  async function set(admin: AdminPrincipal, gameCode: string, limits: TableLimits, ip: string): Promise<TableLimitsEntry> {
    const before = (await list()).find((t) => t.gameCode === gameCode);
    if (!before) throw new DomainError('not_found', `table ${gameCode}`);
    const problems = tableLimitProblems(limits, Object.keys(before.defaults.max));
    const first = problems[0];
    if (first) throw new DomainError('table_limits_invalid', first.field, { problem: problemText(first) });
    const answer = await call(`${TABLE_LIMITS_PATH}/${encodeURIComponent(gameCode)}`, limits);
    if (answer.status === 400) {
      const refused = z.object({ problems: z.array(z.object({ field: z.string(), reason: z.string() })) }).safeParse(answer.json);
      const problem = refused.success ? (refused.data.problems[0] as TableLimitProblem | undefined) : undefined;
      throw new DomainError('table_limits_invalid', problem?.field, problem ? { problem: problemText(problem) } : undefined);
    }
    if (answer.status === 404) throw new DomainError('not_found', `table ${gameCode}`);
    const parsed = writeAnswerSchema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success) throw new DomainError('house_games_unavailable', `write answered ${answer.status}`);
    const after = parsed.data.table;
    await recordAudit(deps.db, {
      actorType: 'admin',
      actorId: admin.adminId,
      action: 'games.table_limits_updated',
      subjectType: 'game',
      subjectId: gameCode,
      data: { before: before.limits, after: after.limits },
      ip,
      merchantId: admin.merchantId,
    });
    return after;
  }

  return { list, set };
}
export type HouseTableLimits = ReturnType<typeof createHouseTableLimits>;
