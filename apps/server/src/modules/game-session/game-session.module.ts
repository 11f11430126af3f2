import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PlatformModule } from '../module.ts';
import { createGameSessionService, type GameSessionService } from './game-session.service.ts';

/** Game tokens handed to vendors at launch. */
export function createGameSessionModule(deps: { db: Kysely<DB>; now: () => Date }): PlatformModule<'gameSessions', GameSessionService> {
  return { name: 'gameSessions', service: createGameSessionService(deps) };
}
