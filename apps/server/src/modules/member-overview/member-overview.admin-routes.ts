import { adminDepositOrderSchema, DEPOSIT_ORDER_STATUSES } from '@platform/contracts/deposits';
import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import { betRecordSchema } from '@platform/contracts/games-wallet';
import { pageOf, pageQuerySchema, totalPagesOf } from '@platform/contracts/pagination';
import { rgStateValueSchema } from '@platform/contracts/responsible-gaming';
import { adminWithdrawalSchema, bankCardSchema, WITHDRAWAL_STATUSES } from '@platform/contracts/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import { memberListRowSchema, presentMemberListRow } from '../accounts/member-admin.presenter.ts';
import type { MemberFileService } from '../accounts/member-file.service.ts';
import { presentBetRecord } from '../bet-records/bet-records.presenter.ts';
import { presentAdminOrder } from '../deposits/deposits.presenter.ts';
import { isTransferCode, type TransferCode } from '../ledger/ledger.codes.ts';
import { presentRgState } from '../responsible-gaming/responsible-gaming.presenter.ts';
import { paged, presentAdminWithdrawal } from '../withdrawals/withdrawals.presenter.ts';
import type { MemberOverviewService } from './member-overview.service.ts';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
};
const session = [{ session: [] }];
const memberParams = z.strictObject({
  memberId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
const isoTime = z.string().datetime({ offset: true });
const timeRange = { from: isoTime.optional(), to: isoTime.optional() };
const dateOf = (value: string | undefined) => (value === undefined ? undefined : new Date(value));
const iso = (value: Date | null) => (value ? value.toISOString() : null);

const noteSchema = z.object({ id: z.number().int(), adminId: z.number().int(), text: z.string(), createdAt: z.string() });
const presentNote = (n: { id: number; adminId: number; body: string; createdAt: Date }) => ({
  id: n.id,
  adminId: n.adminId,
  text: n.body,
  createdAt: n.createdAt.toISOString(),
});

const detailSchema = z.object({
  profile: z.object({
    id: z.number().int(),
    username: z.string(),
    nickname: z.string().nullable(),
    payeeName: z.string().nullable(),
    accountType: z.number().int(),
    status: z.enum(['active', 'locked', 'closed']),
    currency: z.string(),
    mobileNum: z.string().nullable(),
    email: z.string().nullable(),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
    lastLoginIp: z.string().nullable(),
    loginCount: z.number().int(),
    mustChangePassword: z.boolean(),
    registerIp: z.string().nullable(),
    registerDomain: z.string().nullable(),
  }),
  upline: z.array(z.object({ id: z.number().int(), username: z.string().nullable() })),
  balances: z.object({
    currency: z.string(),
    main: z.number().int(),
    bonus: z.number().int(),
    agent: z.number().int(),
    locked: z.number().int(),
    sum: z.number().int(),
  }),
  gameWallets: z.array(z.object({ vendorCode: z.string(), balance: z.number().int().nullable() })),
  labels: z.object({ names: z.array(z.string()), club: z.object({ name: z.string(), rankLevel: z.number().int() }).nullable() }),
  responsibleGaming: rgStateValueSchema,
  kycStatus: z.string(),
  bankCards: z.array(bankCardSchema.extend({ status: z.enum(['active', 'removed']), removedAt: z.string().nullable() })),
  totals: z.object({ deposits: z.number().int(), depositCount: z.number().int(), withdrawals: z.number().int() }),
  notes: z.array(noteSchema),
});

const transactionSchema = z.object({
  entryId: z.number().int(),
  transferId: z.number().int(),
  accountKind: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  balanceBefore: z.number().int().nullable(),
  balanceAfter: z.number().int().nullable(),
  code: z.string(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

const loginSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  result: z.enum(['success', 'failed']),
  method: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

const linkedSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  status: z.enum(['active', 'locked', 'closed']),
  links: z.array(z.object({ kind: z.enum(['ip', 'device', 'bank_card', 'payee']), value: z.string() })),
});

/** The back office's member search and member file (docs/admin-api.md, "Member search and member file"). */
export function memberOverviewAdminRoutes(overview: MemberOverviewService, memberFile: MemberFileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/members/search',
      {
        preHandler: requirePermission('member:read'),
        schema: {
          tags: ['admin'],
          summary: "Finds the merchant's members by a name's start, a mobile number, an e-mail, a bank account number or a login address",
          security: session,
          querystring: pageQuerySchema.extend({
            q: z.string().trim().min(1).max(100),
            by: z.enum(['username', 'phone', 'email', 'bankAccount', 'ip']).default('username'),
          }),
          response: { 200: okEnvelope(pageOf(memberListRowSchema)), ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await overview.search(adminOf(request).merchantId, request.query);
        return ok(paged(rows.map(presentMemberListRow), total, request.query));
      },
    );

    app.get(
      '/admin-api/members/:memberId/detail',
      {
        preHandler: requirePermission('member:read'),
        schema: {
          tags: ['admin'],
          summary: 'The member file: account, upline, balances, labels, responsible gaming, KYC, bank cards, totals and notes',
          security: session,
          params: memberParams,
          response: { 200: okEnvelope(detailSchema), ...errors },
        },
      },
      async (request) => {
        const d = await overview.detail(adminOf(request).merchantId, request.params.memberId);
        const p = d.profile;
        return ok({
          profile: {
            id: p.id,
            username: p.username,
            nickname: p.nickname,
            payeeName: p.payeeName,
            accountType: p.accountType,
            status: p.status,
            currency: p.currency.trim(),
            mobileNum: p.mobileNum,
            email: p.email,
            createdAt: p.createdAt.toISOString(),
            lastLoginAt: iso(p.lastLoginAt),
            lastLoginIp: p.lastLoginIp,
            loginCount: p.loginCount ?? 0,
            mustChangePassword: p.mustChangePassword ?? false,
            registerIp: p.registerIp,
            registerDomain: p.registerDomain,
          },
          upline: p.upline,
          balances: { ...d.balances, currency: d.balances.currency.trim() },
          gameWallets: d.gameWallets,
          labels: d.labels,
          responsibleGaming: presentRgState(d.rg),
          kycStatus: d.kycStatus,
          bankCards: d.cards,
          totals: d.totals,
          notes: d.notes.map(presentNote),
        });
      },
    );

    app.get(
      '/admin-api/members/:memberId/transactions',
      {
        preHandler: requirePermission('member:read'),
        schema: {
          tags: ['admin'],
          summary: "The member's ledger entries, newest first, by transfer code and time",
          security: session,
          params: memberParams,
          querystring: pageQuerySchema.extend({
            type: z
              .string()
              .max(400)
              .optional()
              .transform((v, ctx) => {
                const codes = v ? v.split(',').filter((c) => c !== '') : [];
                const bad = codes.find((c) => !isTransferCode(c));
                if (bad !== undefined) ctx.addIssue({ code: 'custom', message: 'type' });
                return codes.length > 0 ? (codes as TransferCode[]) : undefined;
              }),
            ...timeRange,
          }),
          response: { 200: okEnvelope(pageOf(transactionSchema)), ...errors },
        },
      },
      async (request) => {
        const { type, from, to, pageNo, pageSize } = request.query;
        const page = await overview.transactions(adminOf(request).merchantId, request.params.memberId, {
          codes: type,
          from: dateOf(from),
          to: dateOf(to),
          pageNo,
          pageSize,
        });
        return ok({
          list: page.list.map((e) => ({
            entryId: e.entryId,
            transferId: e.transferId,
            accountKind: e.accountKind,
            currency: e.currency.trim(),
            amount: e.amount,
            balanceBefore: e.balanceBefore,
            balanceAfter: e.balanceAfter,
            code: e.code,
            referenceType: e.referenceType,
            referenceId: e.referenceId,
            note: e.note,
            createdAt: e.createdAt.toISOString(),
          })),
          pageNo: page.pageNo,
          pageSize: page.pageSize,
          totalCount: page.totalCount,
          totalPages: totalPagesOf(page.totalCount, page.pageSize),
        });
      },
    );

    app.get(
      '/admin-api/members/:memberId/bets',
      {
        preHandler: requirePermission('member:read'),
        schema: {
          tags: ['admin'],
          summary: "The member's bet records, newest first, by status, category, vendor, game and time",
          security: session,
          params: memberParams,
          querystring: pageQuerySchema.extend({
            status: z.enum(['open', 'settled', 'cancelled']).optional(),
            gameCategory: z.string().trim().min(1).max(32).optional(),
            vendorCode: z.string().trim().min(1).max(64).optional(),
            gameCode: z.string().trim().min(1).max(128).optional(),
            ...timeRange,
          }),
          response: { 200: okEnvelope(pageOf(betRecordSchema)), ...errors },
        },
      },
      async (request) => {
        const { from, to, ...rest } = request.query;
        const page = await overview.bets(adminOf(request).merchantId, request.params.memberId, {
          ...rest,
          from: dateOf(from),
          to: dateOf(to),
        });
        return ok({
          list: page.rows.map((r) => presentBetRecord(r)),
          pageNo: page.pageNo,
          pageSize: page.pageSize,
          totalCount: page.totals.count,
          totalPages: totalPagesOf(page.totals.count, page.pageSize),
        });
      },
    );

    app.get(
      '/admin-api/members/:memberId/deposits',
      {
        preHandler: requirePermission('member:read'),
        schema: {
          tags: ['admin'],
          summary: "The member's deposit orders, newest first",
          security: session,
          params: memberParams,
          querystring: pageQuerySchema.extend({ status: z.enum(DEPOSIT_ORDER_STATUSES).optional(), ...timeRange }),
          response: { 200: okEnvelope(pageOf(adminDepositOrderSchema)), ...errors },
        },
      },
      async (request) => {
        const { from, to, ...rest } = request.query;
        const { rows, totalCount } = await overview.depositsOf(adminOf(request), request.params.memberId, {
          ...rest,
          from: dateOf(from),
          to: dateOf(to),
        });
        return ok(paged(rows.map(presentAdminOrder), totalCount, request.query));
      },
    );

    app.get(
      '/admin-api/members/:memberId/withdrawals',
      {
        preHandler: requirePermission('member:read'),
        schema: {
          tags: ['admin'],
          summary: "The member's withdrawals, newest first",
          security: session,
          params: memberParams,
          querystring: pageQuerySchema.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional(), ...timeRange }),
          response: { 200: okEnvelope(pageOf(adminWithdrawalSchema)), ...errors },
        },
      },
      async (request) => {
        const found = await overview.withdrawalsOf(adminOf(request), request.params.memberId, request.query);
        return ok(paged(found.list.map(presentAdminWithdrawal), found.totalCount, request.query));
      },
    );

    app.get(
      '/admin-api/members/:memberId/logins',
      {
        preHandler: requirePermission('member:read'),
        schema: {
          tags: ['admin'],
          summary: "The member's logins, right and refused, newest first",
          security: session,
          params: memberParams,
          querystring: z.strictObject({
            before: z.coerce.number().int().positive().optional(),
            limit: z.coerce.number().int().min(1).max(100).default(50),
          }),
          response: { 200: okEnvelope(z.object({ list: z.array(loginSchema), nextBefore: z.number().int().nullable() })), ...errors },
        },
      },
      async (request) => {
        const page = await memberFile.logins(adminOf(request).merchantId, request.params.memberId, request.query);
        return ok({ list: page.list.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() })), nextBefore: page.nextBefore });
      },
    );

    app.get(
      '/admin-api/members/:memberId/linked',
      {
        preHandler: requirePermission('member:read'),
        schema: {
          tags: ['admin'],
          summary: 'Other members sharing a login address, a device (address and user agent), a bank card number or a payee',
          security: session,
          params: memberParams,
          response: { 200: okEnvelope(z.object({ list: z.array(linkedSchema) })), ...errors },
        },
      },
      async (request) => ok({ list: await overview.linked(adminOf(request).merchantId, request.params.memberId) }),
    );

    app.post(
      '/admin-api/members/:memberId/note',
      {
        preHandler: requirePermission('member:note'),
        schema: {
          tags: ['admin'],
          summary: "Adds an operator's note to the member file (audited as member.note)",
          security: session,
          params: memberParams,
          body: z.strictObject({ text: z.string().trim().min(1).max(2000) }),
          response: { 200: okEnvelope(noteSchema), ...errors },
        },
      },
      async (request) => ok(presentNote(await memberFile.addNote(operatorOf(request), request.params.memberId, request.body.text))),
    );
  };
}
