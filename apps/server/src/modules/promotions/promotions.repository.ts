import type { EntryStatus, GrantStatus, PromotionInput, PromotionState } from '@platform/contracts/promotions';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type {
  PromotionBonusStakesTable,
  PromotionClaimSignalsTable,
  PromotionEntriesTable,
  PromotionGrantsTable,
  PromotionLossLinesTable,
  PromotionRafflePrizesTable,
  PromotionRafflesTable,
  PromotionsTable,
} from './promotions.tables.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type PromotionRow = Selectable<PromotionsTable>;
export type EntryRow = Selectable<PromotionEntriesTable>;
export type GrantRow = Selectable<PromotionGrantsTable>;
export type SignalKind = PromotionClaimSignalsTable['kind'];
export type LossLineRow = Selectable<PromotionLossLinesTable>;
export type RaffleRow = Selectable<PromotionRafflesTable>;
export type RafflePrizeRow = Selectable<PromotionRafflePrizesTable>;

// Promotions.

export async function insertPromotion(
  db: Executor,
  values: { merchantId: number; input: PromotionInput; state: PromotionState; at: Date },
): Promise<PromotionRow> {
  return db
    .insertInto('promotions')
    .values({
      merchant_id: values.merchantId,
      code: values.input.code,
      state: values.state,
      category: values.input.category,
      trigger: values.input.trigger,
      starts_at: values.input.startsAt,
      ends_at: values.input.endsAt,
      definition: JSON.stringify(values.input),
      created_at: values.at,
      updated_at: values.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePromotionDefinition(db: Executor, id: number, input: PromotionInput, at: Date): Promise<PromotionRow> {
  return db
    .updateTable('promotions')
    .set({
      code: input.code,
      category: input.category,
      trigger: input.trigger,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      definition: JSON.stringify(input),
      updated_at: at,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setPromotionState(db: Executor, id: number, state: PromotionState, at: Date): Promise<PromotionRow> {
  return db.updateTable('promotions').set({ state, updated_at: at }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function findPromotion(
  db: Executor,
  merchantId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<PromotionRow | undefined> {
  let query = db.selectFrom('promotions').selectAll().where('id', '=', id).where('merchant_id', '=', merchantId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findPromotionByCode(db: Executor, merchantId: number, code: string): Promise<PromotionRow | undefined> {
  return db.selectFrom('promotions').selectAll().where('merchant_id', '=', merchantId).where('code', '=', code).executeTakeFirst();
}

export async function findPromotions(db: Executor, merchantId: number, states?: readonly PromotionState[]): Promise<PromotionRow[]> {
  let query = db.selectFrom('promotions').selectAll().where('merchant_id', '=', merchantId);
  if (states) query = query.where('state', 'in', states);
  return query.orderBy('starts_at', 'desc').orderBy('id', 'desc').execute();
}

export async function findActiveDepositPromotions(db: Executor, merchantId: number, ids: readonly number[]): Promise<PromotionRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', ids)
    .where('state', '=', 'active')
    .where('trigger', 'in', ['first_deposit', 'reload_deposit'])
    .orderBy('id')
    .execute();
}

// Entries.

export async function insertEntry(db: Executor, values: Insertable<PromotionEntriesTable>): Promise<EntryRow> {
  return db.insertInto('promotion_entries').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateEntry(
  db: Executor,
  id: number,
  patch: Partial<Pick<EntryRow, 'status' | 'review_note' | 'reviewed_by' | 'decided_at' | 'deposit_amount' | 'deposit_reference'>> & {
    flags?: string[];
  },
): Promise<void> {
  const { flags, ...rest } = patch;
  await db
    .updateTable('promotion_entries')
    .set({ ...rest, ...(flags ? { flags: JSON.stringify(flags) } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function findEntry(db: Executor, merchantId: number, id: number, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('promotion_entries').selectAll().where('id', '=', id).where('merchant_id', '=', merchantId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findOpenEntry(db: Executor, promotionId: number, memberId: number): Promise<EntryRow | undefined> {
  return db
    .selectFrom('promotion_entries')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['joined', 'pending', 'flagged'])
    .executeTakeFirst();
}

export async function findEntriesOfMember(db: Executor, memberId: number): Promise<EntryRow[]> {
  return db.selectFrom('promotion_entries').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
}

export async function findJoinedEntries(db: Executor, memberId: number): Promise<EntryRow[]> {
  return db
    .selectFrom('promotion_entries')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'joined')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Joined deposit entries a deposit qualified, waiting to be granted. */
export async function findQualifiedEntries(db: Executor, memberId: number): Promise<EntryRow[]> {
  return db
    .selectFrom('promotion_entries')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'joined')
    .where('deposit_amount', 'is not', null)
    .orderBy('id')
    .execute();
}

export async function findMembersWithQualifiedEntries(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('promotion_entries')
    .select('member_id')
    .distinct()
    .where('status', '=', 'joined')
    .where('deposit_amount', 'is not', null)
    .orderBy('member_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.member_id);
}

export async function cancelOpenEntries(db: Executor, memberId: number, at: Date): Promise<number> {
  const rows = await db
    .updateTable('promotion_entries')
    .set({ status: 'cancelled', decided_at: at })
    .where('member_id', '=', memberId)
    .where('status', 'in', ['joined', 'pending', 'flagged'])
    .returning('id')
    .execute();
  return rows.length;
}

export async function cancelJoinedEntriesOf(db: Executor, promotionId: number, at: Date): Promise<void> {
  await db
    .updateTable('promotion_entries')
    .set({ status: 'cancelled', decided_at: at })
    .where('promotion_id', '=', promotionId)
    .where('status', '=', 'joined')
    .execute();
}

export async function findQueue(db: Executor, merchantId: number, statuses: readonly EntryStatus[]) {
  return db
    .selectFrom('promotion_entries as e')
    .leftJoin('promotion_proofs as p', 'p.entry_id', 'e.id')
    .select((eb) => [
      'e.id',
      'e.promotion_id',
      'e.member_id',
      'e.status',
      'e.comment',
      'e.flags',
      'e.deposit_amount',
      'e.created_at',
      eb.fn.count<string>('p.id').as('proof_count'),
    ])
    .where('e.merchant_id', '=', merchantId)
    .where('e.status', 'in', statuses)
    .groupBy('e.id')
    .orderBy('e.id')
    .limit(500)
    .execute();
}

export async function insertProof(db: Executor, entryId: number, contentType: 'image/png' | 'image/jpeg', bytes: Uint8Array) {
  await db.insertInto('promotion_proofs').values({ entry_id: entryId, content_type: contentType, bytes }).execute();
}

/** The `index`-th proof image (from 0, in upload order) of an entry of the merchant. */
export async function findProof(db: Executor, merchantId: number, entryId: number, index: number) {
  return db
    .selectFrom('promotion_proofs as p')
    .innerJoin('promotion_entries as e', 'e.id', 'p.entry_id')
    .select(['p.content_type', 'p.bytes'])
    .where('e.merchant_id', '=', merchantId)
    .where('p.entry_id', '=', entryId)
    .orderBy('p.id')
    .offset(index)
    .limit(1)
    .executeTakeFirst();
}

// Grants.

export async function countGrants(db: Executor, promotionId: number, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('promotion_grants')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertGrant(db: Executor, values: Insertable<PromotionGrantsTable>): Promise<GrantRow> {
  return db.insertInto('promotion_grants').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The member's active grants, oldest first; locked with `forUpdate` (in id order, so two callers cannot deadlock). */
export async function findActiveGrants(db: Executor, memberId: number, options: { forUpdate?: boolean } = {}): Promise<GrantRow[]> {
  let query = db.selectFrom('promotion_grants').selectAll().where('member_id', '=', memberId).where('status', '=', 'active').orderBy('id');
  if (options.forUpdate) query = query.forUpdate();
  return query.execute();
}

export async function updateGrant(
  db: Executor,
  id: number,
  patch: Partial<
    Pick<
      GrantRow,
      'status' | 'bonus_balance' | 'progress' | 'converted' | 'removed' | 'bonus_staked' | 'bonus_won' | 'closed_at' | 'close_reason'
    >
  >,
): Promise<GrantRow> {
  return db.updateTable('promotion_grants').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function findGrantsOfMember(db: Executor, memberId: number, limit = 200): Promise<GrantRow[]> {
  return db.selectFrom('promotion_grants').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(limit).execute();
}

export async function findGrant(db: Executor, merchantId: number, id: number): Promise<GrantRow | undefined> {
  return db.selectFrom('promotion_grants').selectAll().where('id', '=', id).where('merchant_id', '=', merchantId).executeTakeFirst();
}

/** Members with an active grant past its expiry or on the merchant's books at all (the settling job's work list). */
export async function findMembersWithActiveGrants(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('promotion_grants')
    .select('member_id')
    .distinct()
    .where('status', '=', 'active')
    .orderBy('member_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.member_id);
}

export type GrantStatusCount = { status: GrantStatus; count: number };

// Claim signals.

export async function insertSignals(
  db: Executor,
  promotionId: number,
  memberId: number,
  signals: readonly { kind: SignalKind; valueHash: string }[],
  at: Date,
): Promise<void> {
  if (signals.length === 0) return;
  await db
    .insertInto('promotion_claim_signals')
    .values(signals.map((s) => ({ promotion_id: promotionId, member_id: memberId, kind: s.kind, value_hash: s.valueHash, created_at: at })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Which of the signals another member already claimed this promotion with. */
export async function findSharedSignals(
  db: Executor,
  promotionId: number,
  memberId: number,
  signals: readonly { kind: SignalKind; valueHash: string }[],
): Promise<SignalKind[]> {
  if (signals.length === 0) return [];
  const rows = await db
    .selectFrom('promotion_claim_signals')
    .select('kind')
    .distinct()
    .where('promotion_id', '=', promotionId)
    .where('member_id', '!=', memberId)
    .where((eb) => eb.or(signals.map((s) => eb.and([eb('kind', '=', s.kind), eb('value_hash', '=', s.valueHash)]))))
    .execute();
  return rows.map((r) => r.kind);
}

// Bonus-funded stakes (ADR 0032).

export type BonusStakeRow = Selectable<PromotionBonusStakesTable>;

/** Locks the grants (any status) in id order, the order every writer of grants takes them in. */
export async function lockGrants(db: Executor, ids: readonly number[]): Promise<GrantRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('promotion_grants')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function insertBonusStake(db: Executor, values: Insertable<PromotionBonusStakesTable>): Promise<BonusStakeRow> {
  return db.insertInto('promotion_bonus_stakes').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findBonusStake(
  db: Executor,
  reservationId: number,
  options: { forUpdate?: boolean } = {},
): Promise<BonusStakeRow | undefined> {
  let query = db.selectFrom('promotion_bonus_stakes').selectAll().where('reservation_id', '=', reservationId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function closeBonusStake(
  db: Executor,
  id: number,
  values: { status: 'settled' | 'voided'; payout: number; at: Date },
): Promise<void> {
  await db
    .updateTable('promotion_bonus_stakes')
    .set({ status: values.status, payout: values.payout, closed_at: values.at })
    .where('id', '=', id)
    .execute();
}

export async function addBonusStakePayout(db: Executor, id: number, amount: number): Promise<void> {
  await db
    .updateTable('promotion_bonus_stakes')
    .set((eb) => ({ payout: eb('payout', '+', amount) }))
    .where('id', '=', id)
    .execute();
}

// Loss-over-a-period lines.

/** The active loss promotions of every merchant (the settling job's list). */
export async function findActiveLossPromotions(db: Executor): Promise<PromotionRow[]> {
  return db.selectFrom('promotions').selectAll().where('trigger', '=', 'loss_period').where('state', '=', 'active').orderBy('id').execute();
}

/** The lines of a promotion's period, every member, in revision order. */
export async function findLossLinesOfPeriod(db: Executor, promotionId: number, periodStart: string): Promise<LossLineRow[]> {
  return db
    .selectFrom('promotion_loss_lines')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .where('period_start', '=', periodStart)
    .orderBy('member_id')
    .orderBy('revision')
    .execute();
}

/** A member's lines of one promotion's period, locked, in revision order. */
export async function lockMemberLossLines(
  db: Executor,
  promotionId: number,
  memberId: number,
  periodStart: string,
): Promise<LossLineRow[]> {
  return db
    .selectFrom('promotion_loss_lines')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .where('period_start', '=', periodStart)
    .orderBy('revision')
    .forUpdate()
    .execute();
}

export async function insertLossLine(db: Executor, values: Insertable<PromotionLossLinesTable>): Promise<LossLineRow> {
  return db.insertInto('promotion_loss_lines').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The member's accrued lines (of one promotion, or all), locked when asked. */
export async function findAccruedLossLines(
  db: Executor,
  memberId: number,
  options: { promotionId?: number; forUpdate?: boolean } = {},
): Promise<LossLineRow[]> {
  let query = db.selectFrom('promotion_loss_lines').selectAll().where('member_id', '=', memberId).where('status', '=', 'accrued');
  if (options.promotionId !== undefined) query = query.where('promotion_id', '=', options.promotionId);
  query = query.orderBy('id');
  return options.forUpdate ? query.forUpdate().execute() : query.execute();
}

export async function markLossLines(
  db: Executor,
  ids: readonly number[],
  values: { status: 'granted' | 'cancelled'; grantId: number | null; at: Date },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('promotion_loss_lines')
    .set({ status: values.status, grant_id: values.grantId, decided_at: values.at })
    .where('id', 'in', [...ids])
    .where('status', '=', 'accrued')
    .execute();
}

/** An operator's view: a member's lines, newest first. */
export async function findLossLinesOfMember(db: Executor, memberId: number, limit = 200): Promise<LossLineRow[]> {
  return db.selectFrom('promotion_loss_lines').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(limit).execute();
}

// Raffles.

export async function insertRaffle(db: Executor, values: { promotionId: number; merchantId: number; seed: string; commitment: string }) {
  await db
    .insertInto('promotion_raffles')
    .values({ promotion_id: values.promotionId, merchant_id: values.merchantId, seed: values.seed, commitment: values.commitment })
    .execute();
}

export async function findRaffle(db: Executor, promotionId: number, options: { forUpdate?: boolean } = {}): Promise<RaffleRow | undefined> {
  const query = db.selectFrom('promotion_raffles').selectAll().where('promotion_id', '=', promotionId);
  return options.forUpdate ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

/** Raffles not drawn yet whose promotion is active (the settling job draws those whose time has come). */
export async function findUndrawnRaffles(db: Executor): Promise<PromotionRow[]> {
  return db
    .selectFrom('promotions')
    .innerJoin('promotion_raffles', 'promotion_raffles.promotion_id', 'promotions.id')
    .selectAll('promotions')
    .where('promotions.state', '=', 'active')
    .where('promotion_raffles.drawn_at', 'is', null)
    .orderBy('promotions.id')
    .execute();
}

export async function markRaffleDrawn(db: Executor, promotionId: number, totalTickets: number, at: Date): Promise<void> {
  await db
    .updateTable('promotion_raffles')
    .set({ drawn_at: at, total_tickets: totalTickets })
    .where('promotion_id', '=', promotionId)
    .execute();
}

/** Sets the member's tickets to `tickets` when more than it holds (never fewer). */
export async function raiseRaffleTickets(db: Executor, promotionId: number, memberId: number, tickets: number, at: Date): Promise<void> {
  await db
    .insertInto('promotion_raffle_entries')
    .values({ promotion_id: promotionId, member_id: memberId, tickets, updated_at: at })
    .onConflict((oc) =>
      oc
        .columns(['promotion_id', 'member_id'])
        .doUpdateSet({ tickets, updated_at: at })
        .where('promotion_raffle_entries.tickets', '<', tickets),
    )
    .execute();
}

/** The raffle's entries in member order (the draw's ticket order). */
export async function findRaffleEntries(db: Executor, promotionId: number): Promise<{ memberId: number; tickets: number }[]> {
  const rows = await db
    .selectFrom('promotion_raffle_entries')
    .select(['member_id', 'tickets'])
    .where('promotion_id', '=', promotionId)
    .orderBy('member_id')
    .execute();
  return rows.map((r) => ({ memberId: Number(r.member_id), tickets: Number(r.tickets) }));
}

export async function findMemberRaffleTickets(db: Executor, memberId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('promotion_raffle_entries')
    .select(['promotion_id', 'tickets'])
    .where('member_id', '=', memberId)
    .execute();
  return new Map(rows.map((r) => [Number(r.promotion_id), Number(r.tickets)]));
}

export async function insertRafflePrize(db: Executor, values: Insertable<PromotionRafflePrizesTable>): Promise<void> {
  await db.insertInto('promotion_raffle_prizes').values(values).execute();
}

export async function findRafflePrizes(db: Executor, promotionId: number): Promise<RafflePrizeRow[]> {
  return db.selectFrom('promotion_raffle_prizes').selectAll().where('promotion_id', '=', promotionId).orderBy('rank').execute();
}
