import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from './games.search.ts';
import type { GameImagesTable, LocalisedText } from './games.tables.ts';

export type GameRow = {
  id: number;
  merchantId: number;
  vendorId: number;
  vendorCode: string;
  vendorName: string;
  vendorNames: LocalisedText;
  code: string;
  category: string;
  classify: string[];
  name: LocalisedText;
  imageUrl: string;
  isHot: boolean;
  minBetCents: number;
  minLines: number;
  isTrialSupported: boolean;
  isEnabled: boolean;
  isMaintenance: boolean;
  maintenanceMessage: LocalisedText;
  vendorIsEnabled: boolean;
  vendorIsMaintenance: boolean;
  vendorMaintenanceMessage: LocalisedText;
  sort: number;
  createdAt: Date;
};

export type VendorRow = {
  id: number;
  merchantId: number;
  code: string;
  displayName: string;
  displayNames: LocalisedText;
  categories: string[];
  walletStyle: 'seamless' | 'transfer';
  launchUrl: string;
  logoUrl: string;
  isEnabled: boolean;
  isMaintenance: boolean;
  maintenanceMessage: LocalisedText;
  isHot: boolean;
  sort: number;
};

export type GameFilter = {
  category?: string | undefined;
  vendorCode?: string | undefined;
  classify?: string | undefined;
  nameContains?: string | undefined;
  minBetCentsAtMost?: number | undefined;
  minLinesAtMost?: number | undefined;
  isHot?: boolean | undefined;
};

function joined(db: Kysely<DB>) {
  return db.selectFrom('games as g').innerJoin('game_vendors as v', 'v.id', 'g.vendor_id');
}

type JoinedGames = ReturnType<typeof joined>;

function selectGame(query: JoinedGames) {
  return query.select([
    'g.id as id',
    'g.merchant_id as merchantId',
    'g.vendor_id as vendorId',
    'g.vendor_code as vendorCode',
    'v.display_name as vendorName',
    'v.display_names as vendorNames',
    'g.code as code',
    'g.category as category',
    'g.classify as classify',
    'g.name as name',
    'g.image_url as imageUrl',
    'g.is_hot as isHot',
    'g.min_bet_cents as minBetCents',
    'g.min_lines as minLines',
    'g.is_trial_supported as isTrialSupported',
    'g.is_enabled as isEnabled',
    'g.is_maintenance as isMaintenance',
    'g.maintenance_message as maintenanceMessage',
    'v.is_enabled as vendorIsEnabled',
    'v.is_maintenance as vendorIsMaintenance',
    'v.maintenance_message as vendorMaintenanceMessage',
    'g.sort as sort',
    'g.created_at as createdAt',
  ]);
}

function normaliseGame(row: Record<string, unknown>): GameRow {
  return {
    ...(row as GameRow),
    id: Number(row.id),
    merchantId: Number(row.merchantId),
    vendorId: Number(row.vendorId),
    minBetCents: Number(row.minBetCents),
  };
}

/** Games a visitor may see: enabled, of an enabled vendor, of this merchant. */
function visibleGames(db: Kysely<DB>, merchantId: number): JoinedGames {
  return joined(db).where('g.merchant_id', '=', merchantId).where('g.is_enabled', '=', true).where('v.is_enabled', '=', true);
}

function applyFilter(query: JoinedGames, filter: GameFilter): JoinedGames {
  let q = query;
  if (filter.category) q = q.where('g.category', '=', filter.category);
  if (filter.vendorCode) q = q.where('g.vendor_code', '=', filter.vendorCode);
  if (filter.classify) q = q.where(sql<boolean>`g.classify @> ${JSON.stringify([filter.classify])}::jsonb`);
  if (filter.nameContains) q = q.where('g.search_name', 'like', containsPattern(filter.nameContains));
  if (filter.minBetCentsAtMost !== undefined) q = q.where('g.min_bet_cents', '<=', filter.minBetCentsAtMost);
  if (filter.minLinesAtMost !== undefined) q = q.where('g.min_lines', '<=', filter.minLinesAtMost);
  if (filter.isHot !== undefined) q = q.where('g.is_hot', '=', filter.isHot);
  return q;
}

export async function countGames(db: Kysely<DB>, merchantId: number, filter: GameFilter): Promise<number> {
  const row = await applyFilter(visibleGames(db, merchantId), filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number((row as { n: unknown }).n);
}

/**
 * One page and the number of games matching. Without a name search the page is read in index order
 * and stops after the page, and the count is an index-only scan. A name search reads every row of
 * the merchant anyway, so there the count rides on the page's rows as a window, in the same pass;
 * a page past the end has no rows to carry it, and then the count is a query of its own.
 */
export async function pageGames(
  db: Kysely<DB>,
  merchantId: number,
  filter: GameFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: GameRow[]; totalCount: number }> {
  if (!filter.nameContains) {
    const [totalCount, rows] = await Promise.all([countGames(db, merchantId, filter), listGames(db, merchantId, filter, page)]);
    return { rows, totalCount };
  }
  const rows = await selectGame(applyFilter(visibleGames(db, merchantId), filter))
    .select(sql<string>`count(*) over ()`.as('totalCount'))
    .orderBy('g.sort')
    .orderBy('g.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const first = rows[0] as { totalCount?: unknown } | undefined;
  const totalCount = first ? Number(first.totalCount) : await countGames(db, merchantId, filter);
  return { rows: rows.map(({ totalCount: _, ...r }) => normaliseGame(r as Record<string, unknown>)), totalCount };
}

/** Every game a visitor may see, with its folded search name, in display order: the name-search index. */
export async function listSearchableGames(db: Kysely<DB>, merchantId: number): Promise<Array<GameRow & { searchName: string }>> {
  const rows = await selectGame(visibleGames(db, merchantId))
    .select('g.search_name as searchName')
    .orderBy('g.sort')
    .orderBy('g.id')
    .execute();
  return rows.map((r) => ({ ...normaliseGame(r as Record<string, unknown>), searchName: r.searchName }));
}

/** The page and count queries of a filter, unexecuted: for the benchmark's EXPLAIN. */
export function explainGameQueries(db: Kysely<DB>, merchantId: number, filter: GameFilter, page: { limit: number; offset: number }) {
  return {
    count: applyFilter(visibleGames(db, merchantId), filter).select((eb) => eb.fn.countAll().as('n')),
    page: selectGame(applyFilter(visibleGames(db, merchantId), filter))
      .orderBy('g.sort')
      .orderBy('g.id')
      .limit(page.limit)
      .offset(page.offset),
  };
}

export async function listGames(
  db: Kysely<DB>,
  merchantId: number,
  filter: GameFilter,
  page: { limit: number; offset: number },
): Promise<GameRow[]> {
  const rows = await selectGame(applyFilter(visibleGames(db, merchantId), filter))
    .orderBy('g.sort')
    .orderBy('g.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => normaliseGame(r as Record<string, unknown>));
}

/** A game by vendor and code, whatever its state: launch explains why it cannot start. */
export async function findGameByCode(db: Kysely<DB>, merchantId: number, vendorCode: string, code: string): Promise<GameRow | undefined> {
  const row = await selectGame(joined(db))
    .where('g.merchant_id', '=', merchantId)
    .where('v.code', '=', vendorCode)
    .where('g.code', '=', code)
    .executeTakeFirst();
  return row ? normaliseGame(row as Record<string, unknown>) : undefined;
}

export async function findGameById(db: Kysely<DB>, merchantId: number, id: number): Promise<GameRow | undefined> {
  const row = await selectGame(joined(db)).where('g.merchant_id', '=', merchantId).where('g.id', '=', id).executeTakeFirst();
  return row ? normaliseGame(row as Record<string, unknown>) : undefined;
}

/** The vendor's first enabled game of a type, in display order (direct launches). */
export async function findFirstGameOfVendor(
  db: Kysely<DB>,
  merchantId: number,
  vendorCode: string,
  category: string,
): Promise<GameRow | undefined> {
  const row = await selectGame(joined(db))
    .where('g.merchant_id', '=', merchantId)
    .where('v.code', '=', vendorCode)
    .where('g.category', '=', category)
    .where('g.is_enabled', '=', true)
    .orderBy('g.sort')
    .orderBy('g.id')
    .limit(1)
    .executeTakeFirst();
  return row ? normaliseGame(row as Record<string, unknown>) : undefined;
}

export async function listVendors(db: Kysely<DB>, merchantId: number, options: { onlyEnabled: boolean }): Promise<VendorRow[]> {
  let query = db.selectFrom('game_vendors').where('merchant_id', '=', merchantId);
  if (options.onlyEnabled) query = query.where('is_enabled', '=', true);
  const rows = await query
    .select([
      'id',
      'merchant_id as merchantId',
      'code',
      'display_name as displayName',
      'display_names as displayNames',
      'categories',
      'wallet_style as walletStyle',
      'launch_url as launchUrl',
      'logo_url as logoUrl',
      'is_enabled as isEnabled',
      'is_maintenance as isMaintenance',
      'maintenance_message as maintenanceMessage',
      'is_hot as isHot',
      'sort',
    ])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), merchantId: Number(r.merchantId) }));
}

/** The names of games by vendor and code, whether shown or hidden (a record names a game the lobby no longer shows). */
export async function findGameNames(
  db: Kysely<DB>,
  merchantId: number,
  games: readonly { vendorCode: string; gameCode: string }[],
): Promise<{ vendorCode: string; code: string; category: string; name: LocalisedText }[]> {
  if (games.length === 0) return [];
  const rows = await db
    .selectFrom('games')
    .select(['vendor_code as vendorCode', 'code', 'category', 'name'])
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb.or(games.map((g) => eb.and([eb('vendor_code', '=', g.vendorCode), eb('code', '=', g.gameCode)]))))
    .execute();
  return rows;
}

export async function findVendorByCode(db: Kysely<DB>, merchantId: number, code: string): Promise<VendorRow | undefined> {
  const vendors = await listVendors(db, merchantId, { onlyEnabled: false });
  return vendors.find((v) => v.code === code);
}

/** Per enabled vendor: the categories of its visible games and the classify tags they carry. */
export async function vendorGameKinds(
  db: Kysely<DB>,
  merchantId: number,
): Promise<{ vendorCode: string; category: string; tag: string | null }[]> {
  const result = await sql<{ vendorCode: string; category: string; tag: string | null }>`
    SELECT DISTINCT g.vendor_code AS "vendorCode", g.category AS category, t.tag AS tag
    FROM games g
    JOIN game_vendors v ON v.id = g.vendor_id
    LEFT JOIN LATERAL jsonb_array_elements_text(g.classify) AS t(tag) ON true
    WHERE g.merchant_id = ${merchantId} AND g.is_enabled AND v.is_enabled
  `.execute(db);
  return result.rows;
}

/* Favourites */

export async function listFavoriteIds(db: Kysely<DB>, merchantId: number, memberId: number, category?: string): Promise<number[]> {
  let query = visibleGames(db, merchantId).innerJoin('game_favorites as f', 'f.game_id', 'g.id').where('f.member_id', '=', memberId);
  if (category) query = query.where('g.category', '=', category);
  const rows = await query.select('g.id as id').orderBy('f.created_at', 'desc').orderBy('g.id', 'desc').execute();
  return rows.map((r) => Number((r as { id: unknown }).id));
}

export async function countFavorites(db: Kysely<DB>, merchantId: number, memberId: number, category?: string): Promise<number> {
  let query = visibleGames(db, merchantId).innerJoin('game_favorites as f', 'f.game_id', 'g.id').where('f.member_id', '=', memberId);
  if (category) query = query.where('g.category', '=', category);
  const row = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number((row as { n: unknown }).n);
}

/** All favourites of a member, visible or not: the limit counts every stored row. */
export async function countAllFavorites(db: Kysely<DB>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('game_favorites')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listFavoriteGames(
  db: Kysely<DB>,
  merchantId: number,
  memberId: number,
  category: string | undefined,
  page: { limit: number; offset: number },
): Promise<GameRow[]> {
  let query = visibleGames(db, merchantId).innerJoin('game_favorites as f', 'f.game_id', 'g.id').where('f.member_id', '=', memberId);
  if (category) query = query.where('g.category', '=', category);
  const rows = await selectGame(query as unknown as JoinedGames)
    .orderBy(sql`f.created_at`, 'desc')
    .orderBy('g.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => normaliseGame(r as Record<string, unknown>));
}

export async function insertFavorite(db: Kysely<DB>, memberId: number, gameId: number, at: Date): Promise<void> {
  await db
    .insertInto('game_favorites')
    .values({ member_id: memberId, game_id: gameId, created_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doNothing())
    .execute();
}

export async function deleteFavorite(db: Kysely<DB>, memberId: number, gameId: number): Promise<void> {
  await db.deleteFrom('game_favorites').where('member_id', '=', memberId).where('game_id', '=', gameId).execute();
}

export async function isFavorite(db: Kysely<DB>, memberId: number, gameId: number): Promise<boolean> {
  const row = await db
    .selectFrom('game_favorites')
    .select('game_id')
    .where('member_id', '=', memberId)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return row !== undefined;
}

/* Recent plays */

export async function recordRecentPlay(db: Kysely<DB>, row: { memberId: number; gameId: number; merchantId: number; at: Date }) {
  await db
    .insertInto('game_recent_plays')
    .values({ member_id: row.memberId, game_id: row.gameId, merchant_id: row.merchantId, last_played_at: row.at, play_count: 1 })
    .onConflict((oc) =>
      oc.columns(['member_id', 'game_id']).doUpdateSet({
        last_played_at: row.at,
        play_count: sql`game_recent_plays.play_count + 1`,
      }),
    )
    .execute();
}

export async function countRecent(db: Kysely<DB>, merchantId: number, memberId: number, category?: string): Promise<number> {
  let query = visibleGames(db, merchantId).innerJoin('game_recent_plays as r', 'r.game_id', 'g.id').where('r.member_id', '=', memberId);
  if (category) query = query.where('g.category', '=', category);
  const row = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number((row as { n: unknown }).n);
}

export async function listRecent(
  db: Kysely<DB>,
  merchantId: number,
  memberId: number,
  category: string | undefined,
  page: { limit: number; offset: number },
): Promise<(GameRow & { lastPlayedAt: Date })[]> {
  let query = visibleGames(db, merchantId).innerJoin('game_recent_plays as r', 'r.game_id', 'g.id').where('r.member_id', '=', memberId);
  if (category) query = query.where('g.category', '=', category);
  const rows = await selectGame(query as unknown as JoinedGames)
    .select(sql<Date>`r.last_played_at`.as('lastPlayedAt'))
    .orderBy(sql`r.last_played_at`, 'desc')
    .orderBy('g.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({ ...normaliseGame(r as Record<string, unknown>), lastPlayedAt: (r as { lastPlayedAt: Date }).lastPlayedAt }));
}

/**
 * Popular games: the most members who launched them since `since`, then the most launches. Games
 * under maintenance are left out, as popular games are what a player is offered instead of one.
 */
export async function listPopular(
  db: Kysely<DB>,
  merchantId: number,
  since: Date,
  category: string | undefined,
  limit: number,
): Promise<GameRow[]> {
  let query = visibleGames(db, merchantId)
    .innerJoin('game_recent_plays as r', 'r.game_id', 'g.id')
    .where('r.merchant_id', '=', merchantId)
    .where('r.last_played_at', '>=', since)
    .where('g.is_maintenance', '=', false)
    .where('v.is_maintenance', '=', false);
  if (category) query = query.where('g.category', '=', category);
  const ranked = await query
    .select(['g.id as id', sql<number>`count(*)`.as('players'), sql<number>`sum(r.play_count)`.as('plays')])
    .groupBy('g.id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`sum(r.play_count)`, 'desc')
    .orderBy('g.id')
    .limit(limit)
    .execute();
  const ids = ranked.map((r) => Number((r as { id: unknown }).id));
  if (ids.length === 0) return [];
  const rows = await selectGame(joined(db)).where('g.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [Number((r as { id: unknown }).id), normaliseGame(r as Record<string, unknown>)]));
  return ids.map((id) => byId.get(id)).filter((g): g is GameRow => g !== undefined);
}

/** Games to fill the popular list with when few were played: hot first, then display order. */
export async function listFallbackPopular(
  db: Kysely<DB>,
  merchantId: number,
  category: string | undefined,
  excludeIds: number[],
  limit: number,
): Promise<GameRow[]> {
  let query = visibleGames(db, merchantId).where('g.is_maintenance', '=', false).where('v.is_maintenance', '=', false);
  if (category) query = query.where('g.category', '=', category);
  if (excludeIds.length > 0) query = query.where('g.id', 'not in', excludeIds);
  const rows = await selectGame(query).orderBy('g.is_hot', 'desc').orderBy('g.sort').orderBy('g.id').limit(limit).execute();
  return rows.map((r) => normaliseGame(r as Record<string, unknown>));
}

/* Rooms */

export type RoomRow = {
  id: number;
  roomCode: string;
  name: LocalisedText;
  minBetCents: number;
  seats: number;
  players: number;
  isOpen: boolean;
  gameId: number;
  gameCode: string;
  vendorCode: string;
};

export async function listRooms(
  db: Kysely<DB>,
  merchantId: number,
  filter: { vendorCode?: string | undefined; gameCode?: string | undefined; gameId?: number | undefined },
  limit: number,
): Promise<RoomRow[]> {
  let query = visibleGames(db, merchantId).innerJoin('game_rooms as room', 'room.game_id', 'g.id');
  if (filter.vendorCode) query = query.where('g.vendor_code', '=', filter.vendorCode);
  if (filter.gameCode) query = query.where('g.code', '=', filter.gameCode);
  if (filter.gameId) query = query.where('g.id', '=', filter.gameId);
  const rows = await query
    .select([
      sql<number>`room.id`.as('id'),
      sql<string>`room.room_code`.as('roomCode'),
      sql<LocalisedText>`room.name`.as('name'),
      sql<number>`room.min_bet_cents`.as('minBetCents'),
      sql<number>`room.seats`.as('seats'),
      sql<number>`room.players`.as('players'),
      sql<boolean>`room.is_open`.as('isOpen'),
      'g.id as gameId',
      'g.code as gameCode',
      'g.vendor_code as vendorCode',
    ])
    .orderBy(sql`room.sort`)
    .orderBy(sql`room.id`)
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const row = r as unknown as RoomRow;
    return { ...row, id: Number(row.id), gameId: Number(row.gameId), minBetCents: Number(row.minBetCents) };
  });
}

/* Back office */

export type AdminGameFilter = GameFilter & {
  isEnabled?: boolean | undefined;
  isMaintenance?: boolean | undefined;
};

function adminGames(db: Kysely<DB>, merchantId: number, filter: AdminGameFilter): JoinedGames {
  let query = applyFilter(joined(db).where('g.merchant_id', '=', merchantId), filter);
  if (filter.isEnabled !== undefined) query = query.where('g.is_enabled', '=', filter.isEnabled);
  if (filter.isMaintenance !== undefined) query = query.where('g.is_maintenance', '=', filter.isMaintenance);
  return query;
}

export async function countAdminGames(db: Kysely<DB>, merchantId: number, filter: AdminGameFilter): Promise<number> {
  const row = await adminGames(db, merchantId, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number((row as { n: unknown }).n);
}

export async function listAdminGames(
  db: Kysely<DB>,
  merchantId: number,
  filter: AdminGameFilter,
  page: { limit: number; offset: number },
): Promise<GameRow[]> {
  const rows = await selectGame(adminGames(db, merchantId, filter))
    .orderBy('g.vendor_code')
    .orderBy('g.sort')
    .orderBy('g.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => normaliseGame(r as Record<string, unknown>));
}

export async function countGamesPerVendor(db: Kysely<DB>, merchantId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('games')
    .select(['vendor_id', (eb) => eb.fn.countAll().as('n')])
    .where('merchant_id', '=', merchantId)
    .groupBy('vendor_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.vendor_id), Number(r.n)]));
}

export type CatalogueChange = {
  is_enabled?: boolean;
  is_hot?: boolean;
  is_maintenance?: boolean;
  maintenance_message?: string;
  sort?: number;
};

/** A vendor's change: a game's, and its name per language (JSON). */
export type VendorChange = CatalogueChange & { display_names?: string };

export async function updateGame(
  db: Kysely<DB>,
  merchantId: number,
  gameId: number,
  change: CatalogueChange & { category?: string },
  at: Date,
) {
  const result = await db
    .updateTable('games')
    .set({ ...change, updated_at: at })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', gameId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateVendor(db: Kysely<DB>, merchantId: number, vendorCode: string, change: VendorChange, at: Date) {
  const result = await db
    .updateTable('game_vendors')
    .set({ ...change, updated_at: at })
    .where('merchant_id', '=', merchantId)
    .where('code', '=', vendorCode)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/* Writing the catalogue (demo seed, tests, bench) */

export type NewVendor = {
  merchantId: number;
  code: string;
  displayName: string;
  displayNames?: LocalisedText;
  categories: string[];
  walletStyle: 'seamless' | 'transfer';
  launchUrl: string;
  logoUrl?: string;
  isHot?: boolean;
  sort?: number;
};

export async function insertVendor(db: Kysely<DB>, vendor: NewVendor): Promise<number> {
  const row = await db
    .insertInto('game_vendors')
    .values({
      merchant_id: vendor.merchantId,
      code: vendor.code,
      display_name: vendor.displayName,
      display_names: JSON.stringify(vendor.displayNames ?? {}),
      categories: JSON.stringify(vendor.categories),
      wallet_style: vendor.walletStyle,
      launch_url: vendor.launchUrl,
      logo_url: vendor.logoUrl ?? '',
      is_hot: vendor.isHot ?? false,
      sort: vendor.sort ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export type NewGame = {
  code: string;
  category: string;
  classify: string[];
  name: LocalisedText;
  searchName: string;
  imageUrl: string;
  isHot: boolean;
  minBetCents: number;
  minLines: number;
  isTrialSupported: boolean;
  sort: number;
  isEnabled?: boolean;
  isMaintenance?: boolean;
};

/** Inserts games of one vendor in batches (a generated catalogue has thousands). */
export async function insertGames(db: Kysely<DB>, vendor: { merchantId: number; id: number; code: string }, games: NewGame[]) {
  const BATCH = 500;
  for (let i = 0; i < games.length; i += BATCH) {
    await db
      .insertInto('games')
      .values(
        games.slice(i, i + BATCH).map((g) => ({
          merchant_id: vendor.merchantId,
          vendor_id: vendor.id,
          vendor_code: vendor.code,
          code: g.code,
          category: g.category,
          classify: JSON.stringify(g.classify),
          name: JSON.stringify(g.name),
          search_name: g.searchName,
          image_url: g.imageUrl,
          is_hot: g.isHot,
          min_bet_cents: g.minBetCents,
          min_lines: g.minLines,
          is_trial_supported: g.isTrialSupported,
          is_enabled: g.isEnabled ?? true,
          is_maintenance: g.isMaintenance ?? false,
          sort: g.sort,
        })),
      )
      .execute();
  }
}

export async function insertRoom(
  db: Kysely<DB>,
  room: { gameId: number; roomCode: string; name: LocalisedText; minBetCents: number; seats: number; sort?: number },
): Promise<number> {
  const row = await db
    .insertInto('game_rooms')
    .values({
      game_id: room.gameId,
      room_code: room.roomCode,
      name: JSON.stringify(room.name),
      min_bet_cents: room.minBetCents,
      seats: room.seats,
      sort: room.sort ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A game as an import compares it (games.import.ts), with its last change time. */
export type ImportedGameRow = {
  id: number;
  vendorCode: string;
  code: string;
  category: string;
  classify: string[];
  name: LocalisedText;
  minBetCents: number;
  minLines: number;
  isTrialSupported: boolean;
  sort: number;
  imageUrl: string;
  updatedAt: string;
};

/**
 * The merchant's games of some vendors, for an import. `forUpdate` locks them until the end of the
 * transaction, so what the apply call compares with the preview cannot change under it.
 */
export async function listGamesForImport(
  db: Kysely<DB>,
  merchantId: number,
  vendorCodes: readonly string[],
  options: { forUpdate: boolean },
): Promise<ImportedGameRow[]> {
  if (vendorCodes.length === 0) return [];
  let query = db
    .selectFrom('games')
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', 'in', [...vendorCodes])
    .select([
      'id',
      'vendor_code as vendorCode',
      'code',
      'category',
      'classify',
      'name',
      'min_bet_cents as minBetCents',
      'min_lines as minLines',
      'is_trial_supported as isTrialSupported',
      'sort',
      'image_url as imageUrl',
      'updated_at as updatedAt',
    ])
    .orderBy('id');
  if (options.forUpdate) query = query.forUpdate();
  const rows = await query.execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    minBetCents: Number(r.minBetCents),
    updatedAt: new Date(r.updatedAt).toISOString(),
  }));
}

/** The fields an import sets on an existing game. */
export type ImportChange = {
  category?: string;
  classify?: string;
  name?: string;
  search_name?: string;
  min_bet_cents?: number;
  min_lines?: number;
  is_trial_supported?: boolean;
  sort?: number;
  image_url?: string;
};

export async function updateImportedGame(db: Kysely<DB>, merchantId: number, gameId: number, change: ImportChange, at: Date) {
  await db
    .updateTable('games')
    .set({ ...change, updated_at: at })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', gameId)
    .execute();
}

export async function insertGameImage(
  db: Kysely<DB>,
  image: {
    merchantId: number;
    gameId: number;
    contentType: GameImagesTable['content_type'];
    sha256: string;
    bytes: Buffer;
    createdBy: number;
    at: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('game_images')
    .values({
      merchant_id: image.merchantId,
      game_id: image.gameId,
      content_type: image.contentType,
      sha256: image.sha256,
      bytes: image.bytes,
      created_by: image.createdBy,
      created_at: image.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findGameImage(db: Kysely<DB>, imageId: number) {
  return db
    .selectFrom('game_images')
    .where('id', '=', imageId)
    .select(['content_type as contentType', 'sha256', 'bytes'])
    .executeTakeFirst();
}
