import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { EditableSetting, PlatformModule } from '../module.ts';
import { settingsAdminRoutes } from './settings.admin-routes.ts';
import { createSettingsService, type SettingsService } from './settings.service.ts';

/**
 * Settings per merchant, and the operator's settings screen. Which settings it lists is known only
 * once every module is built (each declares its own), so `editable` is read when the routes are
 * registered, not when this module is created.
 */
export function createSettingsModule(deps: {
  db: Kysely<DB>;
  now: () => Date;
  /** Every module's operator-editable settings (app.ts: `editableSettingsOf(modules)`). */
  editable: () => readonly EditableSetting[];
}): PlatformModule<'settings', SettingsService> {
  const settings = createSettingsService({ db: deps.db, now: deps.now });
  return {
    name: 'settings',
    service: settings,
    adminRoutes: async (app) => {
      await app.register(settingsAdminRoutes({ settings, editable: deps.editable() }));
    },
  };
}
