import { parseArgs } from 'node:util';
import { replayFishing } from '../src/fishing/fishing-verify.ts';

/**
 * Recomputes a fishing wave (and optionally one of its shots) from the published seeds and checks
 * the server seed against the commitment shown while the wave was played. Prints JSON; exits 1 when
 * the seed does not match its commitment.
 *
 *   npm run verify-fishing -w @platform/games -- --server-seed <hex> --client-seed fishing:r1:3 \
 *     --wave 3 [--commitment <sha256 hex>] [--shot 17 --weapon NET --level 500 --fish 12,15,9]
 *     [--wave-ms 90000]  (the game's wave length, when it is not the standard 90 s)
 */
const { values } = parseArgs({
  options: {
    'server-seed': { type: 'string' },
    'client-seed': { type: 'string' },
    wave: { type: 'string' },
    commitment: { type: 'string' },
    shot: { type: 'string' },
    weapon: { type: 'string' },
    level: { type: 'string' },
    fish: { type: 'string' },
    'wave-ms': { type: 'string' },
  },
});
const wave = Number(values.wave);
if (!values['server-seed'] || !values['client-seed'] || !Number.isSafeInteger(wave) || wave < 1) {
  process.stderr.write(
    'usage: verify-fishing --server-seed <hex> --client-seed <game:room:wave> --wave <n> [--commitment <hex>] [--shot <n> --weapon <CANNON|NET|LIGHTNING> --level <minor units> --fish <id,id,...>]\n',
  );
  process.exit(2);
}
const shot = values.shot
  ? {
      shotNo: Number(values.shot),
      weapon: values.weapon ?? 'CANNON',
      level: Number(values.level),
      fish: (values.fish ?? '').split(',').filter(Boolean).map(Number),
    }
  : undefined;
const replay = replayFishing({
  serverSeed: values['server-seed'],
  clientSeed: values['client-seed'],
  wave,
  commitment: values.commitment,
  shot,
});
process.stdout.write(`${JSON.stringify(replay, null, 2)}\n`);
if (replay.commitmentMatches === false) process.exit(1);
