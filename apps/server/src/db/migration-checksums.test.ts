import { describe, expect, it } from 'vitest';
import { compareWithLock, migrationChecksums, readLock } from './migration-checksums.ts';

describe('frozen migrations', () => {
  it('match the recorded checksums, every file recorded and none removed', async () => {
    expect(compareWithLock(await migrationChecksums(), await readLock())).toEqual([]);
  });

  it('report an edited, an unrecorded, a removed and a badly named migration', () => {
    const lock = { '2026-01-01-0001-a.ts': 'aaa', '2026-01-01-0002-b.ts': 'bbb' };
    const actual = { '2026-01-01-0001-a.ts': 'zzz', '2026-01-01-0003-c.ts': 'ccc', 'oops.ts': 'ddd' };
    expect(compareWithLock(actual, lock)).toEqual([
      { file: '2026-01-01-0001-a.ts', problem: 'changed' },
      { file: '2026-01-01-0003-c.ts', problem: 'unrecorded' },
      { file: 'oops.ts', problem: 'badly named' },
      { file: '2026-01-01-0002-b.ts', problem: 'removed' },
    ]);
  });
});
