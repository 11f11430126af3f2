import { formatMultiplier, verifyCrashRound } from '@platform/games/crash/crash';

/**
 * Recomputes a crash round offline from what the game published:
 *   npm run verify-crash -w @platform/house-games -- <round> <seed> <salt> <terminal hash>
 * It hashes the seed `round` times (the result must be the published terminal hash) and derives
 * the crash point with the rule of packages/games/src/crash/crash.ts.
 */
const [round, seed, salt, terminalHash] = process.argv.slice(2);
if (!round || !seed || !salt || !terminalHash) {
  console.error('usage: verify-crash <round> <seed> <salt> <terminal hash>');
  process.exit(2);
}
const result = verifyCrashRound({ round: Number(round), seed, salt, terminalHash });
console.log(`round ${result.round}: crash point ${formatMultiplier(result.crashPoint)}`);
console.log(result.isChained ? 'the seed chains to the published hash' : 'the seed does NOT chain to the published hash');
process.exit(result.isChained ? 0 : 1);
