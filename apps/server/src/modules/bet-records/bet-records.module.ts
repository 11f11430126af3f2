import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import { createRoundNames, type GameNamesResolver, type RoundNamesLookup } from './bet-records.names.ts';
import { betRecordRoutes, type GameInfoResolver } from './bet-records.routes.ts';
import { type BetRecordService, createBetRecordService } from './bet-records.service.ts';

/** One record per round (game wallets and the lottery write them); betting records, profit and loss, winner board. */
export function createBetRecordsModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  merchants: MerchantService;
  /** A game's name and image for the winner board (the games module's catalogue). */
  gameInfo: GameInfoResolver;
  /** Game and vendor names of the betting record's rounds (the games module's catalogue). */
  gameNames: GameNamesResolver;
  /** Where a vendor shows a round's detail and proof (`<base>/round/<game>/<round>`): the house game server. */
  roundDetailBase?: (vendorCode: string) => Promise<string | undefined>;
  now: () => Date;
}): PlatformModule<'betRecords', BetRecordService & { roundNames: RoundNamesLookup }> {
  const betRecords = createBetRecordService({ db: deps.db, now: deps.now });
  const roundNames = createRoundNames({ resolve: deps.gameNames, now: deps.now });
  return {
    name: 'betRecords',
    // The rounds' game and vendor names in a language, for the other modules that list rounds (the agents' team bets).
    service: { ...betRecords, roundNames },
    routes: betRecordRoutes({
      betRecords,
      ledger: deps.ledger,
      merchants: deps.merchants,
      gameInfo: deps.gameInfo,
      roundNames,
      ...(deps.roundDetailBase ? { roundDetailBase: deps.roundDetailBase } : {}),
      now: deps.now,
    }),
  };
}
