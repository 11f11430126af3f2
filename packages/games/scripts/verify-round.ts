import { parseArgs } from 'node:util';
import { CARD_ROOM_GAMES, type CardRoomGame, replayCardHand } from '../src/cards-pvp/verify-hand.ts';
import { replayRound, VERIFIABLE_GAMES, type VerifiableGame } from '../src/house/verify.ts';

/**
 * Recomputes a house game round from its published seeds and checks the server seed against the
 * commitment published before the round. Prints the outcome as JSON; exits 1 when the seed does not
 * match its commitment.
 *
 *   node --import tsx packages/games/scripts/verify-round.ts --game baccarat \
 *     --server-seed <hex> --client-seed <text> --nonce <n> [--commitment <sha256 hex>]
 *     [--mines 3] [--rows 16 --risk high] [--decks 6] [--cards 12] [--stake 1000]
 *
 * A card room's hand (tiến lên, bài cào, mậu binh): the nonce is the hand number, `--seats` the seats dealt in.
 *
 *   node --import tsx packages/games/scripts/verify-round.ts --game tien-len \
 *     --server-seed <hex> --client-seed tien-len:tl-1k:7 --nonce 7 --seats 0,1,2,3 [--commitment <hex>]
 */
const { values } = parseArgs({
  options: {
    game: { type: 'string' },
    'server-seed': { type: 'string' },
    'client-seed': { type: 'string' },
    nonce: { type: 'string' },
    commitment: { type: 'string' },
    mines: { type: 'string' },
    rows: { type: 'string' },
    risk: { type: 'string' },
    decks: { type: 'string' },
    cards: { type: 'string' },
    stake: { type: 'string' },
    seats: { type: 'string' },
  },
});

const game = values.game as VerifiableGame | CardRoomGame | undefined;
const games: readonly string[] = [...VERIFIABLE_GAMES, ...CARD_ROOM_GAMES];
const isCardRoom = (CARD_ROOM_GAMES as readonly string[]).includes(game ?? '');
const seats = (values.seats ?? '').split(',').filter(Boolean).map(Number);
const serverSeed = values['server-seed'];
const clientSeed = values['client-seed'];
const nonce = Number(values.nonce);
if (
  !game ||
  !games.includes(game) ||
  (isCardRoom && (seats.length < 2 || !seats.every((n) => Number.isInteger(n) && n >= 0 && n < 6))) ||
  !serverSeed ||
  clientSeed === undefined ||
  !Number.isSafeInteger(nonce) ||
  nonce < 0
) {
  process.stderr.write(
    `usage: verify-round --game <${games.join('|')}> --server-seed <hex> --client-seed <text> --nonce <n> [--commitment <hex>] [--seats 0,1,2,3 (card rooms)]\n`,
  );
  process.exit(2);
}
const optionalNumber = (text: string | undefined) => (text === undefined ? undefined : Number(text));

const result = isCardRoom
  ? replayCardHand({ game: game as CardRoomGame, serverSeed, clientSeed, hand: nonce, seats, commitment: values.commitment })
  : replayRound({
      game: game as VerifiableGame,
      serverSeed,
      clientSeed,
      nonce,
      commitment: values.commitment,
      mines: optionalNumber(values.mines),
      rows: optionalNumber(values.rows),
      risk: values.risk,
      decks: optionalNumber(values.decks),
      cards: optionalNumber(values.cards),
      stake: optionalNumber(values.stake),
    });
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
if (result.commitmentMatches === false) {
  process.stderr.write('the server seed does not match the published commitment\n');
  process.exit(1);
}
