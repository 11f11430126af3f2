import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each shared rule has one home (docs/decisions/0015): this walks the source of the server, the web
 * app and the packages (tests aside) and fails when a copy of a rule is written outside it.
 * `duplicates --change` finds long copies; these rules are one or two lines, too short for it.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const TREES = ['apps/server/src', 'apps/web/src', 'packages/contracts/src', 'packages/games/src'];

type Rule = { name: string; home: readonly string[]; pattern: RegExp };

const RULES: readonly Rule[] = [
  {
    name: 'database error codes (SQLSTATE)',
    home: ['apps/server/src/lib/db-errors.ts'],
    pattern: /'(23505|23503|40P01|40001)'/,
  },
  {
    name: 'request hash',
    home: ['apps/server/src/lib/request-hash.ts'],
    pattern: /createHash\('sha256'\)\s*\.update\(JSON\.stringify/,
  },
  {
    name: 'text folding',
    home: ['packages/contracts/src/text-folding.ts'],
    pattern: /normalize\('NFD'\)/,
  },
  {
    name: 'request language',
    home: ['apps/server/src/lib/request-language.ts'],
    pattern: /headers\.lang\b|headers\['lang'\]|'accept-language'/,
  },
  {
    name: 'time formatting',
    home: ['apps/server/src/lib/time-format.ts', 'apps/web/src/lib/time-format.ts', 'packages/contracts/src/time-format.ts'],
    pattern: /toISOString\(\)\.slice\(0, 10\)|get(Hours|Minutes|Seconds|Date)\(\)\)?\.padStart\(2|pad\(\w+\.get(Month|Date|Hours)\(\)/,
  },
  {
    name: "a web form's idempotency key (kept after an unknown outcome, renewed after an answer)",
    home: ['apps/web/src/hooks/use-request-id.ts'],
    pattern: /crypto\.randomUUID\(\)|\[requestId, setRequestId\]/,
  },
  {
    name: "a text in the member's language from a per-language map",
    home: ['apps/server/src/lib/localised-text.ts'],
    pattern: /\|\| \w+\.en \|\| \w+\.vi\b/,
  },
  {
    name: "a game category's name on screen",
    home: ['apps/web/src/hooks/use-game-category-name.ts'],
    pattern: /t\(`(categories|hot\.type|home\.categories)\.\$\{/,
  },
  {
    name: 'the rows a page skips',
    home: ['packages/contracts/src/pagination.ts'],
    pattern: /\(\w*\.?pageNo - 1\) \*/,
  },
  {
    name: 'hand-made cache on the system clock',
    home: ['apps/server/src/lib/bounded-cache.ts'],
    pattern: /expires\w*:\s*Date\.now\(\)|expires\w*\s*>\s*Date\.now\(\)/,
  },
];

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sourceFiles(path)));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

describe('one home per shared rule', () => {
  it('finds no copy of a rule outside its helper', async () => {
    const files = (await Promise.all(TREES.map((tree) => sourceFiles(join(ROOT, tree))))).flat();
    expect(files.length).toBeGreaterThan(100);
    const copies: string[] = [];
    for (const file of files) {
      const path = relative(ROOT, file);
      const lines = (await readFile(file, 'utf8')).split('\n');
      for (const rule of RULES) {
        if (rule.home.includes(path)) continue;
        lines.forEach((line, i) => {
          if (rule.pattern.test(line)) copies.push(`${path}:${i + 1} copies the ${rule.name} rule (use ${rule.home[0]})`);
        });
      }
    }
    expect(copies).toEqual([]);
  });
});
