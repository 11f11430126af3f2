import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { checkPublishedRaffle, type PublishedRaffle } from '../src/raffle.ts';

/**
 * Recomputes a raffle's winners from its public list, offline: the revealed seed against the
 * commitment published before the draw, then the draw over the published entries, against the
 * published winners. The list is the answer of `GET /wps/relay/MCSFE_getRaffleEntries/<promotion id>`
 * saved to a file (the envelope or its `value`). Prints the check as JSON; exits 1 when the seed does
 * not match its commitment or the winners differ, 3 when the raffle is not drawn yet.
 *
 *   curl -s https://<site>/wps/relay/MCSFE_getRaffleEntries/42 > raffle.json
 *   node --import tsx packages/games/scripts/verify-raffle.ts --list raffle.json
 */
const { values } = parseArgs({ options: { list: { type: 'string' } } });
if (!values.list) {
  process.stderr.write('usage: verify-raffle --list <the raffle list saved as JSON>\n');
  process.exit(2);
}
const parsed = JSON.parse(await readFile(values.list, 'utf8')) as { value?: PublishedRaffle } & PublishedRaffle;
const raffle = parsed.value ?? parsed;
const check = checkPublishedRaffle(raffle);
if (!check) {
  process.stderr.write('the raffle is not drawn yet: its seed is not revealed\n');
  process.exit(3);
}
const byEntry = new Map(raffle.winners.map((w) => [w.entry, w]));
process.stdout.write(
  `${JSON.stringify(
    {
      promotionId: raffle.promotionId,
      entries: raffle.entries.length,
      tickets: raffle.entries.reduce((sum, e) => sum + e.tickets, 0),
      ...check,
      winners: check.winners.map((entry, i) => ({ rank: i + 1, entry, published: byEntry.get(entry)?.rank === i + 1 })),
    },
    null,
    2,
  )}\n`,
);
if (!check.commitmentMatches) process.stderr.write('the seed does not match the published commitment\n');
if (!check.winnersMatch) process.stderr.write('the published winners are not the ones the draw gives\n');
if (!check.commitmentMatches || !check.winnersMatch) process.exit(1);
