import { parseArgs } from 'node:util';
import { replayRound, VERIFIABLE_GAMES, type VerifiableGame } from '../src/house/verify.ts';

/**
 * Recomputes a house game round from its published seeds and checks the server seed against the
 * commitment published before the round. Prints the outcome as JSON; exits 1 when the seed does not
 * match its commitment.
 *
 *   node --import tsx packages/games/scripts/verify-round.ts --game baccarat \
 *     --server-seed <hex> --client-seed <text> --nonce <n> [--commitment <sha256 hex>]
 *     [--mines 3] [--rows 16 --risk high] [--decks 6] [--cards 12] [--stake 1000]
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
  },
});

const game = values.game as VerifiableGame | undefined;
const serverSeed = values['server-seed'];
const clientSeed = values['client-seed'];
const nonce = Number(values.nonce);
if (
  !game ||
  !(VERIFIABLE_GAMES as readonly string[]).includes(game) ||
  !serverSeed ||
  clientSeed === undefined ||
  !Number.isSafeInteger(nonce) ||
  nonce < 0
) {
  process.stderr.write(
    `usage: verify-round --game <${VERIFIABLE_GAMES.join('|')}> --server-seed <hex> --client-seed <text> --nonce <n> [--commitment <hex>]\n`,
  );
  process.exit(2);
}
const optionalNumber = (text: string | undefined) => (text === undefined ? undefined : Number(text));

const result = replayRound({
  game,
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
