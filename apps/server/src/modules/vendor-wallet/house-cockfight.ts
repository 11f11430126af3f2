import {
  type ArenaView,
  arenaAnswerSchema,
  arenaListSchema,
  type COCKFIGHT_ACTIONS,
  COCKFIGHT_CREATE_PATH,
  COCKFIGHT_OPERATOR_PATH,
  createArenaSchema,
  declareSchema,
  openFightSchema,
  settingsChangeSchema,
} from '@platform/contracts/cockfight';
import type { ErrorCode, MessageParam } from '@platform/contracts/errors';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { HouseOperatorCall } from './house-table-limits.ts';

/** The game server's refusals of an arena call, as the platform's error codes. */
const REFUSALS: Record<string, ErrorCode> = {
  FIGHT_OPEN: 'cockfight_fight_open',
  NO_FIGHT: 'cockfight_no_fight',
  NOT_CLOSED: 'cockfight_not_closed',
  ALREADY_DECLARED: 'cockfight_already_declared',
  ARENAS_FULL: 'cockfight_arenas_full',
  ARENA_BUSY: 'cockfight_arena_busy',
  ARENA_CLOSED: 'cockfight_arena_closed',
  LAST_ARENA: 'cockfight_last_arena',
};

/** The field a refused setting names, as a sentence part in both languages. */
const FIELDS: Record<string, MessageParam> = {
  name: {
    vi: 'tên sới phải có từ 1 đến 60 ký tự trên một dòng, không có khoảng trắng ở đầu hoặc cuối',
    en: 'the arena name must have 1 to 60 characters on one line, with no spaces at either end',
  },
  streamUrl: { vi: 'địa chỉ luồng phát phải là một địa chỉ https', en: 'the stream address must be an https address' },
  mode: { vi: 'kiểu cược phải là chia quỹ hoặc tỷ lệ cố định', en: 'the mode must be pari-mutuel or fixed odds' },
  commissionBp: { vi: 'phí phải từ 0 đến 20%', en: 'the commission must be between 0 and 20%' },
  odds: { vi: 'tỷ lệ Meron và Wala phải từ 1,01 đến 100', en: 'the Meron and Wala odds must be between 1.01 and 100' },
  limits: {
    vi: 'mức cược phải là số nguyên dương, mức tối đa không thấp hơn mức tối thiểu',
    en: 'the stakes must be positive whole amounts, no maximum below the minimum',
  },
  result: { vi: 'kết quả phải là Meron, Wala, Hòa hoặc Hủy', en: 'the result must be Meron, Wala, Draw or Cancelled' },
  fight: { vi: 'số trận phải là một số nguyên dương', en: 'the fight number must be a whole number above 0' },
};
const invalidAnswerSchema = z.object({ code: z.literal('cockfight_invalid'), problem: z.object({ field: z.string() }) });
const refusedAnswerSchema = z.object({ code: z.string() });

/**
 * The operator's view of the house cockfight arenas: the list, a new arena, and per arena open,
 * close, result and settings, each a signed call to the game server (the same signed POST as the
 * table limits). Every change is audited with the arena's fight and settings before and after; the
 * game server keeps the arenas, the platform stores nothing of them.
 */
export function createHouseCockfight(deps: { db: Kysely<DB>; call: HouseOperatorCall }) {
  async function list(): Promise<ArenaView[]> {
    const answer = await deps.call(COCKFIGHT_OPERATOR_PATH, {});
    const parsed = arenaListSchema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success)
      throw new DomainError('house_games_unavailable', `cockfight list answered ${answer.status}`);
    return parsed.data.arenas;
  }

  /** The first field of a refused body, as the platform's error. */
  function invalid(field: string): DomainError {
    const problem = FIELDS[field];
    return new DomainError('cockfight_invalid', field || undefined, problem ? { problem } : undefined);
  }

  /** The game server's answer to a change: the arena, or its refusal as the platform's error. */
  function arenaOf(answer: { status: number; json: unknown }, what: string): ArenaView {
    if (answer.status === 400) {
      const refused400 = invalidAnswerSchema.safeParse(answer.json);
      throw invalid(refused400.success ? (refused400.data.problem.field.split('.')[0] ?? '') : '');
    }
    if (answer.status === 409) {
      const refused = refusedAnswerSchema.safeParse(answer.json);
      const code = refused.success ? REFUSALS[refused.data.code] : undefined;
      throw new DomainError(code ?? 'house_games_unavailable', refused.success ? refused.data.code : 'refused');
    }
    if (answer.status === 404) throw new DomainError('not_found', what);
    const parsed = arenaAnswerSchema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success)
      throw new DomainError('house_games_unavailable', `cockfight ${what} answered ${answer.status}`);
    return parsed.data.arena;
  }

  /** A new arena with its name and settings (the rest from the defaults); audited. */
  async function create(admin: AdminPrincipal, body: Record<string, unknown>, ip: string): Promise<ArenaView> {
    const checked = createArenaSchema.safeParse(body);
    if (!checked.success) throw invalid(String(checked.error.issues[0]?.path[0] ?? ''));
    const after = arenaOf(await deps.call(COCKFIGHT_CREATE_PATH, checked.data), 'create');
    await recordAudit(deps.db, {
      actorType: 'admin',
      actorId: admin.adminId,
      action: 'games.cockfight_create',
      subjectType: 'game',
      subjectId: `${after.gameCode}/${after.arenaId}`,
      data: { body: checked.data, after: { settings: after.settings } },
      ip,
      merchantId: admin.merchantId,
    });
    return after;
  }

  async function act(
    admin: AdminPrincipal,
    arenaId: string,
    action: (typeof COCKFIGHT_ACTIONS)[number],
    body: Record<string, unknown>,
    ip: string,
  ): Promise<ArenaView> {
    // The game server checks the same again; checked here first so nothing is sent for a bad form.
    const schema =
      action === 'open'
        ? openFightSchema
        : action === 'result'
          ? declareSchema
          : action === 'settings'
            ? settingsChangeSchema
            : z.object({}).strict();
    const checked = schema.safeParse(body);
    if (!checked.success) throw invalid(String(checked.error.issues[0]?.path[0] ?? ''));
    const before = (await list()).find((a) => a.arenaId === arenaId);
    if (!before) throw new DomainError('not_found', `arena ${arenaId}`);
    const answer = await deps.call(`${COCKFIGHT_OPERATOR_PATH}/${encodeURIComponent(arenaId)}/${action}`, body);
    const after = arenaOf(answer, `arena ${arenaId} ${action}`);
    await recordAudit(deps.db, {
      actorType: 'admin',
      actorId: admin.adminId,
      action: `games.cockfight_${action}`,
      subjectType: 'game',
      subjectId: `${after.gameCode}/${arenaId}`,
      data: {
        body,
        before: { settings: before.settings, fight: before.fight && { fight: before.fight.fight, phase: before.fight.phase } },
        after: {
          settings: after.settings,
          fight: after.fight && { fight: after.fight.fight, phase: after.fight.phase, result: after.fight.result },
        },
      },
      ip,
      merchantId: admin.merchantId,
    });
    return after;
  }

  return { list, create, act };
}
export type HouseCockfight = ReturnType<typeof createHouseCockfight>;
