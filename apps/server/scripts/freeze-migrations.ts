import { writeFile } from 'node:fs/promises';
import { compareWithLock, MIGRATIONS_LOCK_PATH, migrationChecksums, readLock } from '../src/db/migration-checksums.ts';

/** Records the checksums of new migration files; refuses if a recorded one was edited or removed. */
const actual = await migrationChecksums();
const lock = await readLock();
const problems = compareWithLock(actual, lock).filter((p) => p.problem !== 'unrecorded');
if (problems.length > 0) {
  for (const p of problems) console.error(`${p.file}: ${p.problem}`);
  console.error('A landed migration is frozen: write a new migration instead of editing one.');
  process.exit(1);
}
const next = { ...lock, ...actual };
await writeFile(MIGRATIONS_LOCK_PATH, `${JSON.stringify(next, null, 2)}\n`);
console.log(`recorded ${Object.keys(actual).length - Object.keys(lock).length} new migration(s)`);
