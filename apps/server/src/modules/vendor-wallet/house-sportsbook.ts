import type { MessageParam } from '@platform/contracts/errors';
import {
  SPORTSBOOK_OPERATOR_PATH,
  type SportsbookEventsQuery,
  type SportsbookOperatorWrite,
  type SportsbookOverview,
  sportsbookEventsAnswerSchema,
  sportsbookLimitsAnswerSchema,
} from '@platform/contracts/sportsbook-operator';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { HouseOperatorCall } from './house-table-limits.ts';

/**
 * What a refusal of the game server is about, found from its problem text (which names the field
 * in English), as a sentence part in both languages: the operator never reads a field name.
 */
const PROBLEMS: [RegExp, MessageParam][] = [
  [/^no event|^eventId/, { vi: 'không tìm thấy trận đấu này, hãy tải lại danh sách', en: 'this event was not found; reload the list' }],
  [
    /^no market|is not a market of|^marketId/,
    { vi: 'không tìm thấy kèo này trong trận, hãy tải lại danh sách', en: 'this market was not found in the event; reload the list' },
  ],
  [/is not settled/, { vi: 'chỉ hoàn tác được kèo đã thanh toán', en: 'only a settled market can be rolled back' }],
  [/two different sides/, { vi: 'đội nhà và đội khách phải khác nhau', en: 'the home and away sides must be different' }],
  [
    /^standings/,
    {
      vi: 'kết quả cược dài hạn chỉ gồm các ứng viên của giải, mỗi ứng viên nhiều nhất một lần',
      en: 'an outright’s result may name only its own competitors, each at most once',
    },
  ],
  [
    /competitor/,
    {
      vi: 'giải outright cần ít nhất hai ứng viên, mỗi tên từ 1 đến 120 ký tự',
      en: 'an outright needs at least two competitors, each named with 1 to 120 characters',
    },
  ],
  [/^startsAt/, { vi: 'giờ bắt đầu phải là một thời điểm hợp lệ', en: 'the start time must be a valid time' }],
  [
    /^(sportId|competitionId|home|away|name)\b/,
    {
      vi: 'môn, giải đấu và tên đội phải có từ 1 đến 120 ký tự',
      en: 'the sport, the competition and the names must have 1 to 120 characters',
    },
  ],
  [/^bestOf/, { vi: 'số ván phải là 1, 2, 3, 5 hoặc 7', en: 'the number of maps must be 1, 2, 3, 5 or 7' }],
  [/^phase/, { vi: 'trạng thái trận phải là trước trận, đang đá hoặc đã xong', en: 'the phase must be pre-match, in play or ended' }],
  [
    /^prices|^price |no selection/,
    {
      vi: 'mỗi tỷ lệ phải thuộc một lựa chọn của kèo và nằm trong khoảng 1,01 đến 1000',
      en: 'each price must belong to a selection of the market and lie between 1.01 and 1000',
    },
  ],
  [
    /^spec|lines are in quarters/,
    {
      vi: 'kèo phải thuộc một loại đã biết, đường kèo theo bội số 0,25',
      en: 'the market must be of a known type with its line in steps of 0.25',
    },
  ],
  [
    /^result|scores are whole/,
    {
      vi: 'kết quả phải ghi tỷ số nguyên, từ 0 trở lên, cho các hiệp đã xong',
      en: 'the result must give whole scores, 0 or more, for the periods decided',
    },
  ],
  [/reason/, { vi: 'việc hủy cần ghi lý do', en: 'a cancellation needs a reason' }],
  [
    /^(maxStakePerEvent|maxStakeForEvent)/,
    {
      vi: 'hạn mức cược mỗi trận phải là số tiền nguyên, không thấp hơn cược tối thiểu',
      en: 'the stake limit per event must be a whole amount, not below the minimum stake',
    },
  ],
  [
    /^(minStake|maxStake|maxPayout|liabilityLimit|inPlayDelayMs|cashOutMarginBp|maxStakeBy)/,
    {
      vi: 'hạn mức phải là số tiền nguyên, cược tối đa không thấp hơn cược tối thiểu, độ trễ tối đa 60 giây và phí rút sớm dưới 100%',
      en: 'the limits must be whole amounts, the maximum stake not below the minimum, the delay at most 60 seconds and the cash-out margin below 100%',
    },
  ],
];
const invalidAnswerSchema = z.object({ code: z.literal('sportsbook_invalid'), problems: z.array(z.string()) });

/** The game server's refusal as the platform's error: the problem in the operator's language. */
export function sportsbookInvalid(problem: string): DomainError {
  const found = PROBLEMS.find(([pattern]) => pattern.test(problem));
  return new DomainError('sportsbook_invalid', problem || undefined, found ? { problem: found[1] } : undefined);
}

/**
 * The operator's view of the house sportsbook: the events with their liability, the limits, the
 * risk stops; and the changes (manual entry, limits, lifting a risk stop), each a signed call to
 * the game server, audited with what was sent and what it answered (the limits before and after).
 */
export function createHouseSportsbook(deps: { db: Kysely<DB>; call: HouseOperatorCall }) {
  async function read<T>(path: string, schema: z.ZodType<T>, body: Record<string, unknown> = {}): Promise<T> {
    const answer = await deps.call(`${SPORTSBOOK_OPERATOR_PATH}/${path}`, body);
    const parsed = schema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success)
      throw new DomainError('house_games_unavailable', `sportsbook ${path} answered ${answer.status}`);
    return parsed.data;
  }

  /** One page of the events the filters pick; names in the operator's language (Vietnamese or English). */
  async function overview(lang: 'vi' | 'en', query: Partial<SportsbookEventsQuery> = {}): Promise<SportsbookOverview> {
    const [events, limits] = await Promise.all([
      read('events', sportsbookEventsAnswerSchema, { lang, ...query }),
      read('limits', sportsbookLimitsAnswerSchema, { lang }),
    ]);
    return { ...events, ...limits };
  }

  async function act(admin: AdminPrincipal, call: SportsbookOperatorWrite, body: Record<string, unknown>, ip: string) {
    const before = call === 'limits/set' ? (await read('limits', sportsbookLimitsAnswerSchema)).limits : undefined;
    const answer = await deps.call(`${SPORTSBOOK_OPERATOR_PATH}/${call}`, body);
    if (answer.status === 400) {
      const refused = invalidAnswerSchema.safeParse(answer.json);
      throw sportsbookInvalid(refused.success ? (refused.data.problems[0] ?? '') : '');
    }
    const parsed = z.record(z.string(), z.unknown()).safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success)
      throw new DomainError('house_games_unavailable', `sportsbook ${call} answered ${answer.status}`);
    await recordAudit(deps.db, {
      actorType: 'admin',
      actorId: admin.adminId,
      action: `games.sportsbook_${call.replace('/', '_')}`,
      subjectType: 'game',
      subjectId: `sportsbook/${String(body.eventId ?? body.marketId ?? parsed.data.eventId ?? call)}`,
      data: { body, answer: parsed.data, ...(before ? { before } : {}) },
      ip,
      merchantId: admin.merchantId,
    });
    return parsed.data;
  }

  return { overview, act };
}
export type HouseSportsbook = ReturnType<typeof createHouseSportsbook>;
