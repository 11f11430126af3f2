import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

import type { LocalisedText } from '../../lib/localised-text.ts';

export type { LocalisedText };

export type GameVendorsTable = {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  display_name: string;
  /** The name per language; `display_name` answers for a language it lacks. */
  display_names: JSONColumnType<LocalisedText, string | undefined, string>;
  categories: JSONColumnType<string[], string | undefined, string>;
  wallet_style: 'seamless' | 'transfer';
  launch_url: ColumnType<string, string | undefined, string>;
  logo_url: ColumnType<string, string | undefined, string>;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  is_maintenance: ColumnType<boolean, boolean | undefined, boolean>;
  maintenance_message: JSONColumnType<LocalisedText, string | undefined, string>;
  is_hot: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type GamesTable = {
  id: Generated<number>;
  merchant_id: number;
  vendor_id: number;
  vendor_code: string;
  code: string;
  category: string;
  classify: JSONColumnType<string[], string | undefined, string>;
  name: JSONColumnType<LocalisedText, string, string>;
  search_name: string;
  image_url: ColumnType<string, string | undefined, string>;
  is_hot: ColumnType<boolean, boolean | undefined, boolean>;
  min_bet_cents: ColumnType<number, number | undefined, number>;
  min_lines: ColumnType<number, number | undefined, number>;
  is_trial_supported: ColumnType<boolean, boolean | undefined, boolean>;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  is_maintenance: ColumnType<boolean, boolean | undefined, boolean>;
  maintenance_message: JSONColumnType<LocalisedText, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type GameFavoritesTable = {
  member_id: number;
  game_id: number;
  created_at: ColumnType<Date, Date, Date>;
};

export type GameRecentPlaysTable = {
  member_id: number;
  game_id: number;
  merchant_id: number;
  last_played_at: ColumnType<Date, Date, Date>;
  play_count: ColumnType<number, number | undefined, number>;
};

export type GameRoomsTable = {
  id: Generated<number>;
  game_id: number;
  room_code: string;
  name: JSONColumnType<LocalisedText, string | undefined, string>;
  min_bet_cents: ColumnType<number, number | undefined, number>;
  seats: number;
  players: ColumnType<number, number | undefined, number>;
  is_open: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
};

/** An uploaded game image; the game's `image_url` names the newest one. */
export type GameImagesTable = {
  id: Generated<number>;
  merchant_id: number;
  game_id: number;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';
  sha256: string;
  bytes: Uint8Array;
  created_by: number;
  created_at: ColumnType<Date, Date, Date>;
};

export type GamesTables = {
  game_vendors: GameVendorsTable;
  games: GamesTable;
  game_favorites: GameFavoritesTable;
  game_recent_plays: GameRecentPlaysTable;
  game_rooms: GameRoomsTable;
  game_images: GameImagesTable;
};
