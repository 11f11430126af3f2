import { LobbyPage as GameLobby } from '../features/games/components/lobby-page.tsx';
import { ROUTE_CATEGORIES } from '../features/games/lobby-filters.ts';
import { LiveTablesBoard } from '../features/live-tables/components/live-tables-board.tsx';
import { useSectionKey } from './section-page.tsx';

/** A game category's lobby (`/live`, `/rng`, ...) and the `/games` list; the route's section names it. */
export function LobbyPage() {
  const section = useSectionKey();
  return (
    <GameLobby
      key={section}
      category={ROUTE_CATEGORIES[section]}
      titleKey={section}
      // The live casino lobby leads with the house tables' live state; a table's card opens its game.
      header={section === 'live' ? (openGame) => <LiveTablesBoard onOpen={openGame} /> : undefined}
    />
  );
}
