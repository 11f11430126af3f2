import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

/**
 * The game catalogue calls (spec sections 2 "Game list behaviour", 3 and 7): menus, vendor lanes,
 * the paged game list, hot games, favourites, recent plays, rooms, the jackpot counter and launch.
 */

/** Game categories (`gameType`). The spec names the first nine as codes; the rest are its wording. */
export const GAME_CATEGORIES = [
  'LIVE',
  'RNG',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
  'CRASH',
  'TABLE',
  'MINIGAMES',
  'ARCADE',
  'JACKPOT',
] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** The types the hot list groups by (spec section 9), always present in its answer. */
export const HOT_GAME_TYPES = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP'] as const;

/** Game classes (spec section 9): scratch, video poker, jackpot, table games, arcade, bingo. */
export const GAME_CLASSES = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;

/** Page size of the game list (spec section 9). */
export const GAME_LIST_PAGE_SIZE = 21;
export const GAME_LIST_PAGE_SIZE_MAX = 100;

/** The minimum-bet filter's choices (spec section 9); "all" is no filter. */
export const MIN_BET_CHOICES = ['0.01', '0.05', '0.1', '0.5', '0.75'] as const;

/** Jackpot counter display rule (spec section 9): grows by 165.11 every 3 seconds. */
export const JACKPOT_DEFAULT_GROWTH_PER_TICK_CENTS = 16_511;
export const JACKPOT_DEFAULT_TICK_MS = 3_000;

/** Clients send unset filters as empty strings; they mean "no filter". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

export const gameCategorySchema = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(GAME_CATEGORIES));

/** A vendor code (`vassalage`, `vendor`, `accountTypeName`). */
export const vendorCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'a vendor code');
export const gameCodeSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'a game code');
/** A classify tag: a game class (SC, VP, ...) or a subtype word (slot, table, baccarat, ...). */
export const classifyTagSchema = z.string().regex(/^[A-Za-z0-9_-]{1,24}$/, 'a classify tag');
/** A language code such as vi, en or zh-CN; names fall back to English, then Vietnamese. */
export const gameLanguageSchema = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?$/, 'a language code such as vi or en')
  .transform((v) => v.toLowerCase());

/** A decimal amount with at most two decimals ("0.05"), kept exact as hundredths. */
export const decimalHundredthsSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'a decimal amount with at most two decimals'))
  .transform((v) => {
    const [whole = '0', fraction = ''] = v.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  });

const pageNoSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeSchema = (fallback: number) => z.coerce.number().int().min(1).max(GAME_LIST_PAGE_SIZE_MAX).default(fallback);

/** GET /wps/relay/GCSGAME_gameList: the spec's game-list query. */
export const gameListQuerySchema = z.object({
  clientType: optional(z.coerce.number().int().min(0).max(99)),
  platform: optional(z.string().max(64)),
  channel: optional(z.string().max(64)),
  merchant: optional(z.string().max(32)),
  gameType: optional(gameCategorySchema),
  vassalage: optional(vendorCodeSchema),
  gameClassify: optional(classifyTagSchema),
  gameName: optional(z.string().trim().max(64)),
  minBet: optional(decimalHundredthsSchema),
  minLineNum: optional(z.coerce.number().int().min(0).max(10_000)),
  pageNo: z.preprocess(blankToUndefined, pageNoSchema),
  pageSize: z.preprocess(blankToUndefined, pageSizeSchema(GAME_LIST_PAGE_SIZE)),
  language: optional(gameLanguageSchema),
});
export type GameListQuery = z.infer<typeof gameListQuerySchema>;

export const gameSchema = z
  .object({
    /** The game's id; favourites carry it as nodeId. */
    nodeId: z.number().int(),
    gameCode: z.string(),
    gameName: z.string(),
    gameType: z.enum(GAME_CATEGORIES),
    /** The vendor's code, under the spec's three names for it. */
    vendor: z.string(),
    vassalage: z.string(),
    accountTypeName: z.string(),
    vendorName: z.string(),
    gameClassify: z.array(z.string()),
    imageUrl: z.string(),
    /** 1 means hot, as for vendor cards. */
    isHot: z.union([z.literal(0), z.literal(1)]),
    /** In the currency's major unit, at most two decimals. */
    minBet: z.number(),
    minLineNum: z.number().int(),
    isTrialSupported: z.boolean(),
    isMaintenance: z.boolean(),
    maintenanceMessage: z.string(),
  })
  .meta({ id: 'Game' });
export type GameItem = z.infer<typeof gameSchema>;

export const gameListValueSchema = z.object({
  games: z.array(gameSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
export type GameListValue = z.infer<typeof gameListValueSchema>;

/** The common query of the lighter catalogue calls. */
export const catalogueQuerySchema = z.object({
  language: optional(gameLanguageSchema),
  platform: optional(z.string().max(64)),
  merchantCode: optional(z.string().max(32)),
});

/** GET /wps/relay/GCSGAME_hotGamesV2: the spec's hot game list query. */
export const hotGamesQuerySchema = catalogueQuerySchema.extend({
  isPlatform: optional(z.coerce.number().int().min(0).max(9)),
  vassalage: optional(vendorCodeSchema),
});
/** Every hot game at once, by type; the spec's seven types are always present. */
export const hotGamesValueSchema = z.record(z.string(), z.array(gameSchema));

/** Vendor card (spec section 3). */
export const vendorCardSchema = z
  .object({
    vassalage: z.string(),
    displayName: z.string(),
    /** The vendor's numeric id. */
    accountTypeId: z.number().int(),
    isHot: z.union([z.literal(0), z.literal(1)]),
    gameType: z.enum(GAME_CATEGORIES),
    logoUrl: z.string(),
    walletStyle: z.enum(['seamless', 'transfer']),
    isMaintenance: z.boolean(),
    maintenanceMessage: z.string(),
  })
  .meta({ id: 'VendorCard' });
export type VendorCard = z.infer<typeof vendorCardSchema>;

/** A classify tab of a lane: a game class or subtype and the vendors that have such games. */
export const laneClassifySchema = z.object({ gameClassify: z.string(), vendors: z.array(z.string()) });

/** GET /wps/relay/GCSGAME_newGameVendor: a list of lanes, one per category. */
export const vendorLaneSchema = z.object({
  title: z.string(),
  gameType: z.enum(GAME_CATEGORIES),
  cards: z.array(vendorCardSchema),
  gameClassify: z.array(laneClassifySchema).optional(),
});
export const vendorLanesValueSchema = z.array(vendorLaneSchema);

/** GET /lgw/games/game_menus: the header menus, one per category with games. */
export const gameMenuSchema = z.object({
  gameType: z.enum(GAME_CATEGORIES),
  title: z.string(),
  vendors: z.array(vendorCardSchema),
});
export const gameMenusValueSchema = z.array(gameMenuSchema);

/** GET /wps/relay/GCSGAME_getVassGameType */
export const vassGameTypeQuerySchema = catalogueQuerySchema.extend({ vassalage: vendorCodeSchema });
export const vassGameTypeValueSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameTypes: z.array(z.enum(GAME_CATEGORIES)),
  gameClassify: z.array(z.string()),
});

/** GET /lgw/games/popular */
export const POPULAR_COUNT_DEFAULT = 20;
export const POPULAR_COUNT_MAX = 50;
export const popularQuerySchema = catalogueQuerySchema.extend({
  count: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(POPULAR_COUNT_MAX).default(POPULAR_COUNT_DEFAULT)),
  gameType: optional(gameCategorySchema),
  device: optional(z.string().max(32)),
  prizeMode: optional(z.string().max(16)),
});
export const popularValueSchema = z.array(gameSchema);

/** Favourites: MCSFE_getFavoriteGames (ids), MCSFE_getFavoriteGamesList (content, totalPages). */
export const favoriteIdsQuerySchema = z.object({ gameType: optional(gameCategorySchema) });
export const favoriteIdsValueSchema = z.array(z.number().int());
export const favoriteListQuerySchema = z.object({
  gameType: optional(gameCategorySchema),
  pageNo: z.preprocess(blankToUndefined, pageNoSchema),
  pageSize: z.preprocess(blankToUndefined, pageSizeSchema(GAME_LIST_PAGE_SIZE)),
  language: optional(gameLanguageSchema),
});
export const favoriteListValueSchema = z.object({
  content: z.array(gameSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
/** The favourite action carries nodeId, vendor and gameType (spec section 3). */
export const favoriteActionBodySchema = z
  .object({
    nodeId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    vendor: vendorCodeSchema,
    gameType: gameCategorySchema,
  })
  .strict();
export const favoriteActionValueSchema = z.object({ nodeId: z.number().int(), isFavorite: z.boolean() });

/** GET /wps/relay/GCS_recentGame: list and totalPages; its query is favoriteListQuerySchema. */
export const recentGameSchema = gameSchema.extend({ lastPlayedAt: z.string() });
export const recentValueSchema = z.object({
  list: z.array(recentGameSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});

/** GET /wps/relay/GLS2_roomList: the rooms of card-room games. */
export const roomListQuerySchema = z.object({
  vassalage: optional(vendorCodeSchema),
  gameCode: optional(gameCodeSchema),
  nodeId: optional(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
  language: optional(gameLanguageSchema),
});
export const roomSchema = z.object({
  roomId: z.number().int(),
  roomCode: z.string(),
  roomName: z.string(),
  nodeId: z.number().int(),
  gameCode: z.string(),
  vassalage: z.string(),
  minBet: z.number(),
  seats: z.number().int(),
  players: z.number().int(),
  isOpen: z.boolean(),
  /** Live card rooms: the balance needed to sit down and the house's rake on each pot (percent). */
  minBalance: z.number().optional(),
  rakePercent: z.number().optional(),
});
export const roomListValueSchema = z.object({ list: z.array(roomSchema) });

/**
 * GET /lgw/games/jackpot: the counter's rule, so the client animates it. Amounts are integers in
 * hundredths of the display unit (`scale` 2); the value at time t is
 * base + floor((t - startedAt) / tickMs) * growthPerTick.
 */
export const jackpotValueSchema = z.object({
  base: z.number().int(),
  growthPerTick: z.number().int(),
  tickMs: z.number().int(),
  startedAt: z.string(),
  serverTime: z.string(),
  value: z.number().int(),
  scale: z.literal(2),
});
/**
 * GET /admin-api/games/jackpot/pools: what players see as jackpots. The house game server's pools as
 * last read (`isPublishing` false: it did not answer), those in the merchant's currency counted by
 * the home counter (`source` pools), else the counter runs on its display rule alone (`source` rule).
 * Amounts of pools are in the currency's minor units; the counter's in hundredths.
 */
export const adminJackpotViewSchema = z.object({
  vendorCode: z.string(),
  isPublishing: z.boolean(),
  readAt: z.string().nullable(),
  currency: z.string(),
  pools: z.array(
    z.object({
      gameCode: z.string(),
      /** The catalogue's names of the game per language; null when the catalogue does not list it. */
      name: z.record(z.string(), z.string()).nullable(),
      currency: z.string(),
      amount: z.number().int(),
      isCounted: z.boolean(),
    }),
  ),
  source: z.enum(['pools', 'rule']),
  counter: z.object({ value: z.number().int(), base: z.number().int(), startedAt: z.string(), serverTime: z.string() }),
  rule: z.object({ base: z.number().int(), growthPerTick: z.number().int(), tickMs: z.number().int(), startedAt: z.string() }),
});
export type AdminJackpotView = z.infer<typeof adminJackpotViewSchema>;

export const jackpotConfigBodySchema = z
  .object({
    base: z.number().int().min(0).max(1e13),
    growthPerTick: z.number().int().min(0).max(1e9),
    tickMs: z.number().int().min(250).max(3_600_000),
    /** Restart the counter from base now. */
    isRestarted: z.boolean().default(false),
  })
  .strict();

/**
 * POST /wps/game/launchGame and /wps/relay/GCS_gameLaunchFB: the spec's game launch object. The
 * vendor may be named `vendor` or `accountTypeName`, the game `gameCode` or `code`; without a game
 * the vendor's first game of the type launches (cockfight, lottery navigation).
 */
export const launchBodySchema = z
  .object({
    gameType: gameCategorySchema,
    vendor: vendorCodeSchema.optional(),
    accountTypeName: vendorCodeSchema.optional(),
    vassalage: vendorCodeSchema.optional(),
    gameCode: gameCodeSchema.optional(),
    code: gameCodeSchema.optional(),
    isGame: z.string().max(32).optional(),
    defaultPlayType: z.string().max(32).optional(),
    language: gameLanguageSchema.optional(),
    platform: z.string().max(64).optional(),
    /** Where the vendor sends the player back: a path of this site or a URL on this host. */
    returnUrl: z.string().max(2048).optional(),
  })
  .strict()
  .refine((b) => b.vendor ?? b.accountTypeName ?? b.vassalage, { message: 'vendor or accountTypeName is required', path: ['vendor'] });
export type LaunchBody = z.infer<typeof launchBodySchema>;
export const launchValueSchema = z.object({
  /** launchGame: the URL to open. GCS_gameLaunchFB: an HTML page that opens it. */
  content: z.string(),
  nodeId: z.number().int(),
  gameCode: z.string(),
  vendor: z.string(),
  isTrial: z.boolean(),
  expiresAt: z.string(),
});

/* Back office */

export const localisedTextSchema = z.record(z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,4})?$/), z.string().max(500));

export const adminGameQuerySchema = z.object({
  vendor: optional(vendorCodeSchema),
  gameType: optional(gameCategorySchema),
  gameName: optional(z.string().trim().max(64)),
  isEnabled: optional(z.enum(['true', 'false']).transform((v) => v === 'true')),
  isHot: optional(z.enum(['true', 'false']).transform((v) => v === 'true')),
  isMaintenance: optional(z.enum(['true', 'false']).transform((v) => v === 'true')),
  pageNo: z.preprocess(blankToUndefined, pageNoSchema),
  pageSize: z.preprocess(blankToUndefined, pageSizeSchema(50)),
});

export const adminGameSchema = z.object({
  nodeId: z.number().int(),
  gameCode: z.string(),
  vendor: z.string(),
  gameType: z.enum(GAME_CATEGORIES),
  gameClassify: z.array(z.string()),
  name: z.record(z.string(), z.string()),
  imageUrl: z.string(),
  isHot: z.boolean(),
  minBet: z.number(),
  minLineNum: z.number().int(),
  isTrialSupported: z.boolean(),
  isEnabled: z.boolean(),
  isMaintenance: z.boolean(),
  maintenanceMessage: z.record(z.string(), z.string()),
  sort: z.number().int(),
  createdAt: z.string(),
});
export const adminGamePageSchema = z.object({
  list: z.array(adminGameSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});

export const adminVendorSchema = z.object({
  vendorId: z.number().int(),
  code: z.string(),
  displayName: z.string(),
  /** The name per language; `displayName` answers for a language it lacks. */
  displayNames: z.record(z.string(), z.string()),
  categories: z.array(z.string()),
  walletStyle: z.enum(['seamless', 'transfer']),
  launchUrl: z.string(),
  logoUrl: z.string(),
  isEnabled: z.boolean(),
  isHot: z.boolean(),
  isMaintenance: z.boolean(),
  maintenanceMessage: z.record(z.string(), z.string()),
  sort: z.number().int(),
  gameCount: z.number().int(),
});

const sortSchema = z.number().int().min(-1_000_000).max(1_000_000);

const cataloguePatchFields = {
  isEnabled: z.boolean().optional(),
  isHot: z.boolean().optional(),
  isMaintenance: z.boolean().optional(),
  maintenanceMessage: localisedTextSchema.optional(),
  sort: sortSchema.optional(),
};
const hasChange = (body: object) => Object.keys(body).length > 0;

/** A game's patch: visibility, hot flag, maintenance, order and its category (the lobby's tab). */
export const adminGamePatchSchema = z
  .object({ ...cataloguePatchFields, category: z.enum(GAME_CATEGORIES).optional() })
  .strict()
  .refine(hasChange, { message: 'nothing to change' });
export type AdminGamePatch = z.infer<typeof adminGamePatchSchema>;

/** A vendor's patch: a game's, and its name per language. */
export const adminVendorPatchSchema = z
  .object({ ...cataloguePatchFields, displayNames: localisedTextSchema.optional() })
  .strict()
  .refine(hasChange, { message: 'nothing to change' });
export type AdminVendorPatch = z.infer<typeof adminVendorPatchSchema>;

export const gameListResponseSchema = okEnvelope(gameListValueSchema);

/** An operator's list of games to import (docs/games-catalogue.md, "Import"): the file's text. */
export const GAMES_IMPORT_ROWS_MAX = 5_000;
export const GAMES_IMPORT_TEXT_LENGTH_MAX = 2_000_000;
export const gamesImportBodySchema = z.object({
  format: z.enum(['csv', 'json']),
  content: z.string().max(GAMES_IMPORT_TEXT_LENGTH_MAX),
});
export const gamesImportApplyBodySchema = gamesImportBodySchema.extend({ token: z.string().regex(/^[0-9a-f]{64}$/) });

/** A catalogue field an import may set; the console names each one in the operator's language. */
export const GAME_IMPORT_FIELDS = ['category', 'classify', 'name', 'minBet', 'lines', 'trial', 'sort', 'image'] as const;
export type GameImportField = (typeof GAME_IMPORT_FIELDS)[number];

export const gamesImportRowSchema = z.object({
  /** The line of a CSV file (the header is line 1) or the position in a JSON list (from 1). */
  row: z.number().int(),
  vendor: z.string(),
  code: z.string(),
  action: z.enum(['new', 'changed', 'unchanged', 'refused']),
  changes: z.array(z.object({ field: z.enum(GAME_IMPORT_FIELDS), before: z.unknown(), after: z.unknown() })),
  /** For a refused row: what to fix, in the operator's language. */
  problems: z.array(z.string()),
});
export const gamesImportPreviewSchema = z.object({
  /** Apply with this token: it stands for exactly these changes over the catalogue as it is now. */
  token: z.string(),
  counts: z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int(), refused: z.number().int() }),
  rows: z.array(gamesImportRowSchema),
});
export type GamesImportPreview = z.infer<typeof gamesImportPreviewSchema>;
export const gamesImportResultSchema = z.object({
  counts: z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int(), refused: z.number().int() }),
});
