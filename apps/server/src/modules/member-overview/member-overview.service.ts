import type { DepositOrderStatus } from '@platform/contracts/deposits';
import { pageOffset } from '@platform/contracts/pagination';
import type { WithdrawalStatus } from '@platform/contracts/withdrawals';
import type { MemberFileService, MemberListRow } from '../accounts/member-file.service.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import type { BankCardsService } from '../bank-cards/bank-cards.service.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { BetRecordStatus } from '../bet-records/bet-records.tables.ts';
import type { DepositsService } from '../deposits/deposits.service.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import type { TransferCode } from '../ledger/ledger.codes.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MemberLabelsService } from '../member-labels/member-labels.service.ts';
import type { ResponsibleGamingService } from '../responsible-gaming/responsible-gaming.service.ts';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service.ts';

export type MemberSearchBy = 'username' | 'phone' | 'email' | 'bankAccount' | 'ip';

type Page = { pageNo: number; pageSize: number };

export type MemberOverviewService = ReturnType<typeof createMemberOverviewService>;

/** Members listed as linked to one member, at most, per kind of link. */
const LINKED_MAX = 200;

/**
 * The back office's member file: each part read from the module that owns it (accounts, ledger,
 * bank cards, deposits, withdrawals, bets, labels, responsible gaming, KYC) and put together here.
 */
export function createMemberOverviewService(deps: {
  memberFile: MemberFileService;
  ledger: LedgerService;
  bankCards: BankCardsService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  betRecords: BetRecordService;
  kyc: KycService;
  labels: Pick<MemberLabelsService, 'labelsOf'>;
  responsibleGaming: Pick<ResponsibleGamingService, 'state'>;
  /** The member's balances at transfer-style game vendors it has moved money into (the vendor-wallet module). */
  gameWallets: (member: {
    memberId: number;
    username: string;
    currency: string;
  }) => Promise<{ vendorCode: string; balance: number | null }[]>;
}) {
  const { memberFile, ledger, bankCards, deposits, withdrawals, betRecords, kyc } = deps;

  /** Finds members by the field asked: a name's start, or an exact mobile, e-mail, card number or login address. */
  async function search(merchantId: number, query: { q: string; by: MemberSearchBy } & Page) {
    const page = { limit: query.pageSize, offset: pageOffset(query) };
    if (query.by === 'username') {
      const { rows, total } = await memberFile.byUsernamePrefix(merchantId, query.q, page);
      return { rows, total };
    }
    let rows: MemberListRow[];
    if (query.by === 'phone') rows = await memberFile.byMobile(merchantId, query.q);
    else if (query.by === 'email') rows = await memberFile.byEmail(merchantId, query.q);
    else if (query.by === 'ip') rows = await memberFile.byLoginIp(merchantId, query.q);
    else rows = await memberFile.byIds(merchantId, await bankCards.membersWithNumber(merchantId, query.q, LINKED_MAX));
    return { rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length };
  }

  async function detail(merchantId: number, memberId: number) {
    const profile = await memberFile.profileOf(merchantId, memberId);
    const [balances, gameWallets, labels, rg, kycStatus, cards, notes, depositTotals, withdrawn] = await Promise.all([
      ledger.memberBalances({ memberId, currency: profile.currency }),
      deps.gameWallets({ memberId, username: profile.username, currency: profile.currency }),
      deps.labels.labelsOf(memberId),
      deps.responsibleGaming.state(memberId),
      kyc.statusOf(memberId),
      bankCards.cardsOfMember(memberId),
      memberFile.notes(memberId),
      deposits.totalsOfMember(memberId),
      withdrawals.totalPaidOf(memberId, profile.currency),
    ]);
    const deposited = depositTotals.find((t) => t.currency === profile.currency.trim());
    return {
      profile,
      balances,
      gameWallets,
      labels,
      rg,
      kycStatus,
      cards,
      notes,
      totals: { deposits: deposited?.total ?? 0, depositCount: deposited?.count ?? 0, withdrawals: withdrawn },
    };
  }

  async function transactions(
    merchantId: number,
    memberId: number,
    query: { codes?: TransferCode[] | undefined; from?: Date | undefined; to?: Date | undefined } & Page,
  ) {
    const profile = await memberFile.profileOf(merchantId, memberId);
    return ledger.history({ memberId, currency: profile.currency, ...query });
  }

  async function bets(
    merchantId: number,
    memberId: number,
    query: {
      status?: BetRecordStatus | undefined;
      gameCategory?: string | undefined;
      vendorCode?: string | undefined;
      gameCode?: string | undefined;
      from?: Date | undefined;
      to?: Date | undefined;
    } & Page,
  ) {
    await memberFile.profileOf(merchantId, memberId);
    const { pageNo, pageSize, ...filter } = query;
    return betRecords.history({ memberId, ...filter }, { pageNo, pageSize });
  }

  async function depositsOf(
    admin: AdminPrincipal,
    memberId: number,
    query: { status?: DepositOrderStatus | undefined; from?: Date | undefined; to?: Date | undefined } & Page,
  ) {
    await memberFile.profileOf(admin.merchantId, memberId);
    return deposits.ordersForAdmin(admin, { ...query, memberId });
  }

  async function withdrawalsOf(
    admin: AdminPrincipal,
    memberId: number,
    query: { status?: WithdrawalStatus | undefined; from?: string | undefined; to?: string | undefined } & Page,
  ) {
    await memberFile.profileOf(admin.merchantId, memberId);
    return withdrawals.listForAdmin(admin, { ...query, memberId });
  }

  /** Other members sharing a login address (with the user agent, when that matches too) or a bank card number or payee. */
  async function linked(merchantId: number, memberId: number) {
    await memberFile.profileOf(merchantId, memberId);
    const [logins, cards] = await Promise.all([
      memberFile.sharedLogins(merchantId, memberId),
      bankCards.sharedWith(merchantId, memberId, LINKED_MAX),
    ]);
    const links = new Map<number, { kind: 'ip' | 'device' | 'bank_card' | 'payee'; value: string }[]>();
    const add = (id: number, link: { kind: 'ip' | 'device' | 'bank_card' | 'payee'; value: string }) => {
      const list = links.get(id) ?? [];
      if (!list.some((l) => l.kind === link.kind && l.value === link.value)) list.push(link);
      links.set(id, list);
    };
    for (const l of logins) {
      add(l.memberId, { kind: 'ip', value: l.ip });
      if (l.userAgent) add(l.memberId, { kind: 'device', value: `${l.ip} ${l.userAgent}` });
    }
    for (const c of cards) add(c.memberId, { kind: c.link, value: c.value });
    const members = await memberFile.byIds(merchantId, [...links.keys()]);
    return members.map((m) => ({ memberId: m.id, username: m.username, status: m.status, links: links.get(m.id) ?? [] }));
  }

  return { search, detail, transactions, bets, depositsOf, withdrawalsOf, linked };
}
