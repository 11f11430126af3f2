import type { PubSub } from '@platform/realtime/pubsub';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import type { SessionService } from '../session/session.service.ts';
import { createRealtimeHub, type RealtimeHub } from './realtime.hub.ts';
import { realtimeRoutes } from './realtime.routes.ts';

/**
 * One WebSocket per tab at `/ws` (app.ts registers the WebSocket plugin first). The hub starts
 * watching the ledger and the pub/sub here, and stops when the app closes.
 */
export async function createRealtimeModule(deps: {
  ledger: LedgerService;
  sessions: SessionService;
  pubsub: PubSub;
  logger: { warn: (obj: object, msg: string) => void };
  now: () => Date;
}): Promise<PlatformModule<'realtime', RealtimeHub>> {
  const hub = createRealtimeHub(deps);
  await hub.start();
  return {
    name: 'realtime',
    service: hub,
    routes: async (app) => {
      await app.register(realtimeRoutes({ hub, sessions: deps.sessions }));
    },
    onClose: () => hub.close(),
  };
}
