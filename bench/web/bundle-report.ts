import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * JavaScript a phone downloads, in gzipped bytes, from the web build's manifest: what every page
 * loads first (the entry and its static imports), and what each lazily loaded page adds on top.
 * Sizes, not times, so the figures are the same on a busy machine. Exits 1 over a budget.
 *
 * Run after `npm run build`: `npm run bench:web`.
 */
type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};

/** Everything before the first page's own code (docs/performance.md). */
export const INITIAL_BUDGET_GZIP_BYTES = 170 * 1024;
/** What one route may add to the initial load (the game lobby's allowance). */
export const ROUTE_BUDGET_GZIP_BYTES = 60 * 1024;

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The chunk and every chunk it imports statically: what loading it costs. */
function closure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
  return into;
}

const jsOnly = (keys: Iterable<string>) => [...keys].filter((k) => manifest[k]?.file.endsWith('.js'));
const total = (keys: Iterable<string>) => jsOnly(keys).reduce((sum, k) => sum + gzipBytes(manifest[k]!.file), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('no entry in the manifest: build the web app first');
const initial = closure(entryKey);
const initialBytes = total(initial);

const rows: { name: string; bytes: number; isOver: boolean }[] = [];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || !chunk.src?.startsWith('src/pages/')) continue;
  const extra = [...closure(key)].filter((k) => !initial.has(k));
  const bytes = total(extra);
  rows.push({ name: chunk.src.replace('src/pages/', ''), bytes, isOver: bytes > ROUTE_BUDGET_GZIP_BYTES });
}
rows.sort((a, b) => b.bytes - a.bytes);

const isInitialOver = initialBytes > INITIAL_BUDGET_GZIP_BYTES;
console.log(
  `initial JavaScript (every page): ${kb(initialBytes)} gzipped, budget ${kb(INITIAL_BUDGET_GZIP_BYTES)}${isInitialOver ? '  OVER' : ''}`,
);
console.log(`\nper page, on top of the initial load (budget ${kb(ROUTE_BUDGET_GZIP_BYTES)}):`);
for (const row of rows) console.log(`  ${row.name.padEnd(40)} ${kb(row.bytes).padStart(10)}${row.isOver ? '  OVER' : ''}`);

if (isInitialOver || rows.some((r) => r.isOver)) process.exitCode = 1;
