import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { IMAGE_HOST_PLACEHOLDER } from '../src/modules/games/games.hosts.ts';
import { insertGames, insertVendor, type NewGame } from '../src/modules/games/games.repository.ts';
import { searchNameOf } from '../src/modules/games/games.search.ts';

export type TestGame = Partial<NewGame> & { code: string; name?: Record<string, string> };

/** Adds a vendor and its games; games default to enabled RNG slots supporting trial play. */
export async function addVendorWithGames(
  db: Kysely<DB>,
  merchantId: number,
  vendor: {
    code: string;
    displayName?: string;
    walletStyle?: 'seamless' | 'transfer';
    categories?: string[];
    launchUrl?: string;
    sort?: number;
    isEnabled?: boolean;
    isMaintenance?: boolean;
    maintenanceMessage?: Record<string, string>;
  },
  games: TestGame[],
): Promise<{ vendorId: number; ids: Record<string, number> }> {
  const vendorId = await insertVendor(db, {
    merchantId,
    code: vendor.code,
    displayName: vendor.displayName ?? `${vendor.code} Studio`,
    categories: vendor.categories ?? ['RNG'],
    walletStyle: vendor.walletStyle ?? 'seamless',
    launchUrl:
      vendor.launchUrl ?? `https://${vendor.code.toLowerCase()}.vendor.example/play/{game}?token={token}&lang={lang}&return={returnUrl}`,
    sort: vendor.sort ?? 0,
  });
  if (vendor.isEnabled === false || vendor.isMaintenance) {
    await db
      .updateTable('game_vendors')
      .set({
        is_enabled: vendor.isEnabled ?? true,
        is_maintenance: vendor.isMaintenance ?? false,
        maintenance_message: JSON.stringify(vendor.maintenanceMessage ?? {}),
      })
      .where('id', '=', vendorId)
      .execute();
  }
  await insertGames(
    db,
    { merchantId, id: vendorId, code: vendor.code },
    games.map((g, index) => {
      const name = g.name ?? { en: g.code, vi: g.code };
      return {
        code: g.code,
        category: g.category ?? 'RNG',
        classify: g.classify ?? ['SC'],
        name,
        searchName: searchNameOf(name, g.code),
        imageUrl: g.imageUrl ?? `${IMAGE_HOST_PLACEHOLDER}/games/${g.code}.svg`,
        isHot: g.isHot ?? false,
        minBetCents: g.minBetCents ?? 1,
        minLines: g.minLines ?? 1,
        isTrialSupported: g.isTrialSupported ?? true,
        sort: g.sort ?? index,
        isEnabled: g.isEnabled ?? true,
        isMaintenance: g.isMaintenance ?? false,
      };
    }),
  );
  const rows = await db.selectFrom('games').select(['id', 'code']).where('vendor_id', '=', vendorId).execute();
  return { vendorId, ids: Object.fromEntries(rows.map((r) => [r.code, Number(r.id)])) };
}

export async function loginAs(app: FastifyInstance, memberId: number): Promise<{ authorization: string }> {
  const { token } = await app.services.sessions.create(memberId);
  return { authorization: `Bearer ${token}` };
}
