import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { roundRandom } from '../random-source.ts';
import { commitmentOf, newServerSeed } from '../rng.ts';
import { dealBaccarat } from './baccarat.ts';
import { cardName } from './cards.ts';
import { placeMines } from './mines.ts';
import { replayRound, VERIFIABLE_GAMES } from './verify.ts';

const run = promisify(execFile);
const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

async function verifyScript(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/verify-round.ts', ...args], { cwd: packageRoot });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('verifying a round from its published seeds', () => {
  const serverSeed = newServerSeed();
  const commitment = commitmentOf(serverSeed);

  it('recomputes every game the same way twice and checks the commitment', () => {
    for (const game of VERIFIABLE_GAMES) {
      const inputs = { game, serverSeed, clientSeed: 'lucky', nonce: 7, commitment };
      const result = replayRound(inputs);
      expect(result.commitmentMatches).toBe(true);
      expect(replayRound(inputs)).toEqual(result);
      // Another nonce deals another round: a game with few outcomes may repeat one by chance, so
      // some of the next twenty must differ.
      const others = Array.from({ length: 20 }, (_, i) => JSON.stringify(replayRound({ ...inputs, nonce: 8 + i }).outcome));
      expect(others.some((other) => other !== JSON.stringify(result.outcome))).toBe(true);
    }
    expect(replayRound({ game: 'roulette', serverSeed: newServerSeed(), clientSeed: 'x', nonce: 1, commitment }).commitmentMatches).toBe(
      false,
    );
  });

  it('the offline script prints the outcome the engine dealt, and refuses a seed that does not match', async () => {
    const engine = dealBaccarat(roundRandom(serverSeed, 'table-3', 42));
    const ok = await verifyScript([
      '--game',
      'baccarat',
      '--server-seed',
      serverSeed,
      '--client-seed',
      'table-3',
      '--nonce',
      '42',
      '--commitment',
      commitment,
    ]);
    expect(ok.code).toBe(0);
    const printed = JSON.parse(ok.stdout) as {
      commitmentMatches: boolean;
      outcome: { player: string[]; banker: string[]; winner: string };
    };
    expect(printed.commitmentMatches).toBe(true);
    expect(printed.outcome.player).toEqual(engine.player.map(cardName));
    expect(printed.outcome.banker).toEqual(engine.banker.map(cardName));
    expect(printed.outcome.winner).toBe(engine.winner);

    const mines = await verifyScript([
      '--game',
      'mines',
      '--mines',
      '5',
      '--server-seed',
      serverSeed,
      '--client-seed',
      'me',
      '--nonce',
      '3',
    ]);
    expect(JSON.parse(mines.stdout).outcome.minePositions).toEqual(placeMines(roundRandom(serverSeed, 'me', 3), 5));

    const forged = await verifyScript([
      '--game',
      'baccarat',
      '--server-seed',
      newServerSeed(),
      '--client-seed',
      'table-3',
      '--nonce',
      '42',
      '--commitment',
      commitment,
    ]);
    expect(forged.code).toBe(1);
    expect(forged.stderr).toMatch(/does not match/);
  }, 60_000);
});
