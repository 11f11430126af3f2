import { GamePage as Game } from '../features/games/components/game-page.tsx';
import { useSectionKey } from './section-page.tsx';

/** `/game`: the game in a frame inside the site; `/seamless`: the game with the site's frame put aside. */
export function GamePage() {
  const section = useSectionKey();
  return <Game variant={section === 'seamless' ? 'window' : 'frame'} />;
}
