import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATION_FILE_PATTERN, MIGRATIONS_DIR } from './migrator.ts';

/**
 * Landed migrations are frozen: migrations.lock.json records each file's SHA-256, a test fails when
 * a recorded file changes or a file is missing from the record, and `npm run migrations:freeze`
 * adds new files only — it refuses to rewrite a recorded checksum.
 */
export const MIGRATIONS_LOCK_PATH = path.join(path.dirname(MIGRATIONS_DIR), 'migrations.lock.json');

export async function migrationChecksums(): Promise<Record<string, string>> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.ts')).sort();
  const result: Record<string, string> = {};
  for (const file of files) {
    // Line endings are normalised so a checkout on another platform gives the same sum.
    const text = (await readFile(path.join(MIGRATIONS_DIR, file), 'utf8')).replace(/\r\n/g, '\n');
    result[file] = createHash('sha256').update(text).digest('hex');
  }
  return result;
}

export async function readLock(): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(MIGRATIONS_LOCK_PATH, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

export type FreezeProblem = { file: string; problem: 'changed' | 'removed' | 'unrecorded' | 'badly named' };

export function compareWithLock(actual: Record<string, string>, lock: Record<string, string>): FreezeProblem[] {
  const problems: FreezeProblem[] = [];
  for (const [file, sum] of Object.entries(actual)) {
    if (!MIGRATION_FILE_PATTERN.test(file)) problems.push({ file, problem: 'badly named' });
    else if (!(file in lock)) problems.push({ file, problem: 'unrecorded' });
    else if (lock[file] !== sum) problems.push({ file, problem: 'changed' });
  }
  for (const file of Object.keys(lock)) {
    if (!(file in actual)) problems.push({ file, problem: 'removed' });
  }
  return problems;
}
