import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The operator console's bundle rules (ADR 0020), run in CI after `npm run build`:
 *
 * 1. Its first load (the entry, every chunk it imports statically, their CSS, and the largest
 *    language's texts, which the console loads before it draws) is at most 180 KB gzipped; every
 *    section is a lazily loaded chunk on top.
 * 2. The player app's build holds nothing of the console: no module from apps/admin in its
 *    manifest, and none of the console's marker strings in its files.
 *
 * Exits 1 when a rule breaks. `npm run budget -w @platform/admin`.
 */
export const FIRST_LOAD_BUDGET_GZIP_BYTES = 180 * 1024;

/** Strings only the console's code holds (its storage keys and its sign-in title). */
const CONSOLE_MARKERS = ['lotus.admin.session', 'lotus.admin.lang', 'Operator sign-in'];

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };

const here = path.dirname(fileURLToPath(import.meta.url));
const adminDist = path.resolve(here, '../dist');
const webDist = path.resolve(here, '../../web/dist');

function readManifest(distDir: string): Record<string, ManifestChunk> {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const failures: string[] = [];

// 1. The console's first load.
const manifest = readManifest(adminDist);
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry in the console manifest');
const chunks = new Set<string>();
const visit = (key: string) => {
  if (chunks.has(key)) return;
  chunks.add(key);
  for (const imported of manifest[key]?.imports ?? []) visit(imported);
};
visit(entryKey);
const files = new Set<string>();
for (const key of chunks) {
  const chunk = manifest[key];
  if (!chunk) continue;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
}
let firstLoad = 0;
for (const file of files) {
  const bytes = gzipSync(readFileSync(path.join(adminDist, file)), { level: 9 }).length;
  firstLoad += bytes;
  console.log(`  ${file.padEnd(44)} ${kb(bytes)}`);
}
// The operator's language pack is loaded before the first drawing (i18n.ts): the largest one counts.
const packs = new Map<string, number>();
for (const chunk of Object.values(manifest)) {
  const language = /^src\/i18n\/(vi|en|zh|zh-errors)\.ts$/.exec(chunk.src ?? '')?.[1];
  if (!language) continue;
  const bytes = gzipSync(readFileSync(path.join(adminDist, chunk.file)), { level: 9 }).length;
  const pack = language === 'zh-errors' ? 'zh' : language;
  packs.set(pack, (packs.get(pack) ?? 0) + bytes);
}
if (packs.size !== 3) failures.push(`expected the three language packs as chunks of their own, found ${[...packs.keys()].join(', ')}`);
const [largestPack, packBytes] = [...packs].sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
console.log(`  the largest language's texts (${largestPack})`.padEnd(46) + kb(packBytes));
firstLoad += packBytes;
console.log(`console first load: ${kb(firstLoad)} gzipped, budget ${kb(FIRST_LOAD_BUDGET_GZIP_BYTES)}`);
if (firstLoad > FIRST_LOAD_BUDGET_GZIP_BYTES) failures.push(`the console's first load is ${kb(firstLoad)}, over the budget`);
const lazySections = Object.values(manifest).filter((chunk) => chunk.src?.startsWith('src/sections/'));
if (lazySections.some((chunk) => files.has(chunk.file))) failures.push('a section is in the first load; sections load lazily');

// 2. The player app holds nothing of the console.
const webManifest = readManifest(webDist);
for (const key of Object.keys(webManifest)) {
  if (key.includes('admin/src/')) failures.push(`the player build includes ${key}`);
}
const webAssets = path.join(webDist, 'assets');
for (const name of readdirSync(webAssets)) {
  if (!/\.(js|css)$/.test(name)) continue;
  const text = readFileSync(path.join(webAssets, name), 'utf8');
  for (const marker of CONSOLE_MARKERS) {
    if (text.includes(marker)) failures.push(`the player build's ${name} holds the console's "${marker}"`);
  }
}
console.log(failures.length === 0 ? 'player build: nothing of the console' : '');

if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL ${failure}`);
  process.exit(1);
}
