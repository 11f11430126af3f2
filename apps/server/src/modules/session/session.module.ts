import type { PubSub } from '@platform/realtime/pubsub';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PlatformModule } from '../module.ts';
import { createSessionService, type SessionPolicy, type SessionService } from './session.service.ts';

/** Member session tokens; the auth plugin resolves them, and password changes revoke them. */
export function createSessionModule(deps: {
  db: Kysely<DB>;
  policy: SessionPolicy;
  now: () => Date;
  /** Where ended sessions are announced (the realtime module closes their sockets). */
  pubsub: PubSub;
}): PlatformModule<'sessions', SessionService> {
  return { name: 'sessions', service: createSessionService(deps) };
}
