import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import {
  REPORT_EXPORTS,
  type ReportExport,
  reportDayRangeSchema,
  reportDownloadSchema,
  reportGgrSchema,
  reportLiabilitySchema,
  reportMoneySchema,
  reportPlayersSchema,
  reportRgSchema,
  reportRgTriggersSchema,
  reportTopSchema,
} from '@platform/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error.ts';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import { accessGuard } from '../../plugins/auth.ts';
import { type CsvColumn, csvStream, isoOrEmpty } from './reports.csv.ts';
import type { GgrRow, ReportsService } from './reports.service.ts';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
};
const adminSchema = { tags: ['admin'], security: [{ session: [] }] };
const EXPORT_PREFIX = '/admin-api/reports/';

/** An export's path with its query sorted and the download token left out: what a download link is made for. */
export function exportTarget(url: string): string | undefined {
  const parsed = new URL(url, 'http://x');
  const name = parsed.pathname.startsWith(EXPORT_PREFIX) ? parsed.pathname.slice(EXPORT_PREFIX.length) : '';
  if (!(REPORT_EXPORTS as readonly string[]).map((e) => `${e}.csv`).includes(name)) return undefined;
  parsed.searchParams.delete('download');
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}

const isoDates = <T extends { at: Date }>(value: T) => ({ ...value, at: value.at.toISOString() });

const ggrColumns = (by: string): CsvColumn<GgrRow>[] => [
  { header: by, value: (r) => r.key },
  { header: 'players', value: (r) => r.players },
  { header: 'rounds', value: (r) => r.rounds },
  { header: 'stake', value: (r) => r.stake },
  { header: 'valid_bet', value: (r) => r.validBet },
  { header: 'payout', value: (r) => r.payout },
  { header: 'ggr', value: (r) => r.ggr },
  { header: 'bonus', value: (r) => r.bonus },
  { header: 'rebate', value: (r) => r.rebate },
  { header: 'ngr', value: (r) => r.ngr },
];

/** The back office's reports and their CSV exports (docs/reports.md). */
export function reportsAdminRoutes(reports: ReportsService): FastifyPluginAsyncZod {
  /**
   * A download link stands for the operator's bearer header on one export (a plain link cannot send
   * headers): spent here, before the permission guard, which then checks the session's operator as
   * for any call.
   */
  const downloadLink = accessGuard(async (request) => {
    if (request.admin) return;
    const token = (request.query as Record<string, unknown> | undefined)?.download;
    if (typeof token !== 'string') return;
    const target = exportTarget(request.url);
    if (target === undefined) return;
    request.admin = (await reports.spendDownload(token, target)) ?? null;
    if (!request.admin) throw new DomainError('admin_unauthorized');
  });
  const exportGuard = [downloadLink, requirePermission('report:export')];
  const download = z.string().max(64).optional();

  return async (app) => {
    app.get(
      '/admin-api/reports/ggr',
      {
        preHandler: requirePermission('report:read'),
        schema: {
          ...adminSchema,
          summary: 'GGR and NGR by day, vendor or game category over whole days of the merchant’s time zone',
          querystring: reportDayRangeSchema.extend({ by: z.enum(['day', 'vendor', 'category']).default('day') }),
          response: { 200: okEnvelope(reportGgrSchema), ...errors },
        },
      },
      async (request) => ok(await reports.ggr(adminOf(request).merchantId, request.query)),
    );

    app.get(
      '/admin-api/reports/money',
      {
        preHandler: requirePermission('report:read'),
        schema: {
          ...adminSchema,
          summary: 'Deposits and withdrawals by day, and paid deposits by channel',
          querystring: reportDayRangeSchema,
          response: { 200: okEnvelope(reportMoneySchema), ...errors },
        },
      },
      async (request) => ok(await reports.money(adminOf(request).merchantId, request.query)),
    );

    app.get(
      '/admin-api/reports/players',
      {
        preHandler: requirePermission('report:read'),
        schema: {
          ...adminSchema,
          summary: 'Registered, active and depositing members by day',
          querystring: reportDayRangeSchema,
          response: { 200: okEnvelope(reportPlayersSchema), ...errors },
        },
      },
      async (request) => ok(await reports.players(adminOf(request).merchantId, request.query)),
    );

    app.get(
      '/admin-api/reports/liability',
      {
        preHandler: requirePermission('report:read'),
        schema: {
          ...adminSchema,
          summary: 'What the house owes members now: balances per wallet kind, held funds and open rounds',
          response: { 200: okEnvelope(reportLiabilitySchema), ...errors },
        },
      },
      async (request) => ok(isoDates(await reports.liability(adminOf(request).merchantId))),
    );

    app.get(
      '/admin-api/reports/top',
      {
        preHandler: requirePermission('report:read'),
        schema: {
          ...adminSchema,
          summary: 'The members who won and who lost the most over the range',
          querystring: reportDayRangeSchema.extend({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
          response: { 200: okEnvelope(reportTopSchema), ...errors },
        },
      },
      async (request) => ok(await reports.top(adminOf(request).merchantId, request.query)),
    );

    app.get(
      '/admin-api/reports/responsible-gaming',
      {
        preHandler: requirePermission('report:read'),
        schema: {
          ...adminSchema,
          summary: 'Members self-excluded or on a break now, and every limit in force with what it has used',
          response: { 200: okEnvelope(reportRgSchema), ...errors },
        },
      },
      async (request) => {
        const t = await reports.responsibleGaming(adminOf(request).merchantId);
        return ok({
          at: t.at.toISOString(),
          selfExcluded: t.selfExcluded.map((s) => ({ ...s, until: isoOrEmpty(s.until) })),
          onBreak: t.onBreak.map((s) => ({ ...s, until: s.until.toISOString() })),
          limits: t.limits,
        });
      },
    );

    app.get(
      '/admin-api/reports/rg-triggers',
      {
        preHandler: requirePermission('report:read'),
        schema: {
          ...adminSchema,
          summary: 'Refusals by responsible-gaming limits (deposit, loss, wager) per day and kind: members refused and refusals',
          querystring: reportDayRangeSchema,
          response: { 200: okEnvelope(reportRgTriggersSchema), ...errors },
        },
      },
      async (request) => ok(await reports.rgTriggers(adminOf(request).merchantId, request.query)),
    );

    app.post(
      '/admin-api/reports/downloads',
      {
        preHandler: requirePermission('report:export'),
        schema: {
          ...adminSchema,
          summary: 'A one-time link (good for a minute) that downloads a CSV export without the bearer header',
          body: z.strictObject({ path: z.string().min(1).max(1000) }),
          response: { 200: okEnvelope(reportDownloadSchema), ...errors },
        },
      },
      async (request) => {
        const target = exportTarget(request.body.path);
        if (target === undefined) throw new DomainError('bad_request', 'path');
        const link = await reports.createDownload(adminOf(request), target);
        const url = `${target}${target.includes('?') ? '&' : '?'}download=${encodeURIComponent(link.token)}`;
        return ok({ url, expiresAt: link.expiresAt.toISOString() });
      },
    );

    const sendCsv = (name: ReportExport, body: ReturnType<typeof csvStream>) => ({
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}.csv"`,
        'cache-control': 'no-store',
      },
      body,
    });
    const csvSchema = (summary: string, querystring: z.ZodTypeAny) => ({
      ...adminSchema,
      summary,
      querystring,
    });

    app.get(
      '/admin-api/reports/ggr.csv',
      {
        preHandler: exportGuard,
        schema: csvSchema(
          'GGR and NGR as CSV',
          reportDayRangeSchema.extend({ by: z.enum(['day', 'vendor', 'category']).default('day'), download }),
        ),
      },
      async (request, reply) => {
        const query = request.query as { from: string; to: string; by: 'day' | 'vendor' | 'category' };
        const report = await reports.ggr(adminOf(request).merchantId, query);
        const csv = sendCsv('ggr', csvStream(ggrColumns(query.by), [...report.rows, report.total]));
        return reply.headers(csv.headers).send(csv.body);
      },
    );

    app.get(
      '/admin-api/reports/money.csv',
      { preHandler: exportGuard, schema: csvSchema('Deposits and withdrawals by day as CSV', reportDayRangeSchema.extend({ download })) },
      async (request, reply) => {
        const report = await reports.money(adminOf(request).merchantId, request.query as { from: string; to: string });
        type Row = (typeof report.rows)[number];
        const columns: CsvColumn<Row>[] = [
          { header: 'day', value: (r) => r.day },
          { header: 'deposits', value: (r) => r.deposits },
          { header: 'deposit_count', value: (r) => r.depositCount },
          { header: 'depositors', value: (r) => r.depositors },
          { header: 'withdrawals', value: (r) => r.withdrawals },
          { header: 'withdrawal_count', value: (r) => r.withdrawalCount },
          { header: 'net', value: (r) => r.net },
        ];
        const csv = sendCsv('money', csvStream(columns, report.rows));
        return reply.headers(csv.headers).send(csv.body);
      },
    );

    app.get(
      '/admin-api/reports/deposit-channels.csv',
      { preHandler: exportGuard, schema: csvSchema('Paid deposits by day and channel as CSV', reportDayRangeSchema.extend({ download })) },
      async (request, reply) => {
        const report = await reports.money(adminOf(request).merchantId, request.query as { from: string; to: string });
        type Row = (typeof report.channelDays)[number];
        const columns: CsvColumn<Row>[] = [
          { header: 'day', value: (r) => r.day },
          { header: 'channel_id', value: (r) => r.channelId },
          { header: 'channel', value: (r) => r.channel },
          { header: 'type', value: (r) => r.type },
          { header: 'count', value: (r) => r.count },
          { header: 'amount', value: (r) => r.amount },
        ];
        const csv = sendCsv('deposit-channels', csvStream(columns, report.channelDays));
        return reply.headers(csv.headers).send(csv.body);
      },
    );

    app.get(
      '/admin-api/reports/players.csv',
      {
        preHandler: exportGuard,
        schema: csvSchema('Registered, active and depositing members by day as CSV', reportDayRangeSchema.extend({ download })),
      },
      async (request, reply) => {
        const report = await reports.players(adminOf(request).merchantId, request.query as { from: string; to: string });
        type Row = (typeof report.rows)[number];
        const columns: CsvColumn<Row>[] = [
          { header: 'day', value: (r) => r.day },
          { header: 'registered', value: (r) => r.registered },
          { header: 'active', value: (r) => r.active },
          { header: 'depositing', value: (r) => r.depositing },
        ];
        const csv = sendCsv('players', csvStream(columns, report.rows));
        return reply.headers(csv.headers).send(csv.body);
      },
    );

    app.get(
      '/admin-api/reports/top.csv',
      {
        preHandler: exportGuard,
        schema: csvSchema(
          'The top winners and losers as CSV',
          reportDayRangeSchema.extend({ limit: z.coerce.number().int().min(1).max(100).default(20), download }),
        ),
      },
      async (request, reply) => {
        const report = await reports.top(adminOf(request).merchantId, request.query as { from: string; to: string; limit: number });
        const rows = [...report.winners.map((m) => ({ side: 'winner', ...m })), ...report.losers.map((m) => ({ side: 'loser', ...m }))];
        type Row = (typeof rows)[number];
        const columns: CsvColumn<Row>[] = [
          { header: 'side', value: (r) => r.side },
          { header: 'member_id', value: (r) => r.memberId },
          { header: 'username', value: (r) => r.username },
          { header: 'rounds', value: (r) => r.betCount },
          { header: 'stake', value: (r) => r.stake },
          { header: 'valid_bet', value: (r) => r.validBet },
          { header: 'payout', value: (r) => r.payout },
          { header: 'win_loss', value: (r) => r.winLoss },
        ];
        const csv = sendCsv('top', csvStream(columns, rows));
        return reply.headers(csv.headers).send(csv.body);
      },
    );

    app.get(
      '/admin-api/reports/rg-triggers.csv',
      {
        preHandler: exportGuard,
        schema: csvSchema('Refusals by responsible-gaming limits per day and kind as CSV', reportDayRangeSchema.extend({ download })),
      },
      async (request, reply) => {
        const report = await reports.rgTriggers(adminOf(request).merchantId, request.query as { from: string; to: string });
        type Row = (typeof report.rows)[number];
        const columns: CsvColumn<Row>[] = [
          { header: 'day', value: (r) => r.day },
          { header: 'limit', value: (r) => r.kind },
          { header: 'members', value: (r) => r.members },
          { header: 'refusals', value: (r) => r.refusals },
        ];
        const csv = sendCsv('rg-triggers', csvStream(columns, report.rows));
        return reply.headers(csv.headers).send(csv.body);
      },
    );

    app.get(
      '/admin-api/reports/bets.csv',
      {
        preHandler: exportGuard,
        schema: csvSchema('Every round settled over the range, newest first, streamed as CSV', reportDayRangeSchema.extend({ download })),
      },
      async (request, reply) => {
        const merchantId = adminOf(request).merchantId;
        const rows = await reports.betRows(merchantId, request.query as { from: string; to: string });
        type Row = Awaited<ReturnType<typeof rows.next>>['value'] & object;
        const columns: CsvColumn<Row>[] = [
          { header: 'id', value: (r) => r.id },
          { header: 'settled_at', value: (r) => isoOrEmpty(r.settledAt) },
          { header: 'opened_at', value: (r) => r.openedAt.toISOString() },
          { header: 'member_id', value: (r) => r.memberId },
          { header: 'username', value: (r) => r.username },
          { header: 'vendor', value: (r) => r.vendorCode },
          { header: 'game', value: (r) => r.gameCode },
          { header: 'category', value: (r) => r.gameCategory },
          { header: 'round_id', value: (r) => r.roundId },
          { header: 'currency', value: (r) => r.currency },
          { header: 'trial', value: (r) => (r.isTrial ? 1 : 0) },
          { header: 'stake', value: (r) => r.stake },
          { header: 'valid_bet', value: (r) => r.validBet },
          { header: 'payout', value: (r) => r.payout },
          { header: 'win_loss', value: (r) => r.winLoss },
        ];
        const csv = sendCsv('bets', csvStream(columns, rows));
        return reply.headers(csv.headers).send(csv.body);
      },
    );

    app.get(
      '/admin-api/reports/transactions.csv',
      {
        preHandler: exportGuard,
        schema: csvSchema(
          "Every ledger entry of the merchant's members over the range, oldest first, streamed as CSV",
          reportDayRangeSchema.extend({ download }),
        ),
      },
      async (request, reply) => {
        const merchantId = adminOf(request).merchantId;
        const rows = await reports.transactionRows(merchantId, request.query as { from: string; to: string });
        type Row = Awaited<ReturnType<typeof rows.next>>['value'] & object;
        const columns: CsvColumn<Row>[] = [
          { header: 'entry_id', value: (r) => r.id },
          { header: 'transfer_id', value: (r) => r.transferId },
          { header: 'created_at', value: (r) => r.createdAt.toISOString() },
          { header: 'member_id', value: (r) => r.memberId },
          { header: 'wallet', value: (r) => r.accountKind },
          { header: 'currency', value: (r) => r.currency },
          { header: 'code', value: (r) => r.code },
          { header: 'amount', value: (r) => r.amount },
          { header: 'balance_after', value: (r) => r.balanceAfter },
          { header: 'reference_type', value: (r) => r.referenceType },
          { header: 'reference_id', value: (r) => r.referenceId },
        ];
        const csv = sendCsv('transactions', csvStream(columns, rows));
        return reply.headers(csv.headers).send(csv.body);
      },
    );
  };
}
