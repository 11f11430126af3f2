import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { replaceFileDurably } from './durable-file.ts';
import { openJournal } from './journal.ts';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'journal-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('journal', () => {
  it('gives back every entry after a reopen, in order, in a folder it made', () => {
    const path = join(folder(), 'nested', 'table.jsonl');
    const first = openJournal<{ n: number }>(path);
    for (let n = 1; n <= 3; n += 1) first.append({ n });
    first.close();
    expect(openJournal<{ n: number }>(path).entries).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('drops a torn last line (a kill mid-write) and rewrites the file without it; damage elsewhere is an error', () => {
    const path = join(folder(), 'table.jsonl');
    const journal = openJournal<{ n: number }>(path);
    journal.append({ n: 1 });
    journal.close();
    appendFileSync(path, '{"n":2');
    const reopened = openJournal<{ n: number }>(path);
    expect(reopened.entries).toEqual([{ n: 1 }]);
    reopened.append({ n: 3 });
    reopened.close();
    expect(readFileSync(path, 'utf8')).toBe('{"n":1}\n{"n":3}\n');
    appendFileSync(path, 'not json\n{"n":4}\n');
    expect(() => openJournal(path)).toThrow();
  });

  it('compacts to the entries kept, leaves no temporary file, and appends after them', () => {
    const dir = folder();
    const path = join(dir, 'table.jsonl');
    const journal = openJournal<{ n: number }>(path);
    for (let n = 1; n <= 5; n += 1) journal.append({ n });
    journal.compact([{ n: 5 }]);
    journal.append({ n: 6 });
    journal.close();
    expect(openJournal<{ n: number }>(path).entries).toEqual([{ n: 5 }, { n: 6 }]);
    expect(readdirSync(dir)).toEqual(['table.jsonl']);
  });

  it('replaces a whole file through a temporary one of the caller’s name', () => {
    const dir = folder();
    const path = join(dir, 'limits.json');
    replaceFileDurably(path, 'one\n', `${path}.a.tmp`);
    replaceFileDurably(path, 'two\n', `${path}.b.tmp`);
    expect(readFileSync(path, 'utf8')).toBe('two\n');
    expect(readdirSync(dir)).toEqual(['limits.json']);
  });
});
