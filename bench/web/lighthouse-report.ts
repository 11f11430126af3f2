import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/**
 * Lighthouse's mobile performance audit of the built site, served the way `npm start` serves it
 * (one port, embedded database, demo data), in the machine's Chromium.
 *
 * Lighthouse's default mobile settings apply: a mid-range phone's screen, a 4x slower CPU and a slow
 * 4G network, simulated from one real load. Each page is audited `LIGHTHOUSE_RUNS` times (default 3)
 * and the median run is printed, since single runs on a shared machine move by several points.
 * Reports, it does not fail: scores are timings and move with the machine's load.
 *
 * Run after `npm run build`: `npm run bench:lighthouse`.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Set to a folder to keep every run's full report (JSON) there. */
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/index,/live,/lottery').split(',').filter(Boolean);

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type PageRun = { score: number; lcpMs: number; fcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the site exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the site did not become ready within 90 s');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function auditPage(url: string, chromePort: number): Promise<PageRun> {
  const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  if (reportDir) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
    writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const metric = (id: string): number => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse measured no ${id} for ${url}`);
    return value;
  };
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: metric('largest-contentful-paint'),
    fcpMs: metric('first-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndexMs: metric('speed-index'),
  };
}

async function main(): Promise<void> {
  if (!existsSync(path.join(rootDir, 'apps/web/dist/index.html'))) {
    throw new Error('no web build: run `npm run build` first');
  }
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROMIUM_PATH)`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-site-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: rootDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitUntilReady(baseUrl, server);
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
    // One unmeasured load so the server's first-request work (caches, JIT) is not in the figures.
    await auditPage(`${baseUrl}${pages[0]}`, chrome.port);

    console.log(`Lighthouse mobile performance, median of ${runs} runs per page (${baseUrl})`);
    console.log('page        score   LCP ms   FCP ms   TBT ms   speed index ms   CLS');
    for (const page of pages) {
      const results: PageRun[] = [];
      for (let run = 0; run < runs; run++) results.push(await auditPage(`${baseUrl}${page}`, chrome.port));
      const row = [
        page.padEnd(10),
        String(median(results.map((r) => r.score))).padStart(7),
        median(results.map((r) => r.lcpMs))
          .toFixed(0)
          .padStart(8),
        median(results.map((r) => r.fcpMs))
          .toFixed(0)
          .padStart(8),
        median(results.map((r) => r.tbtMs))
          .toFixed(0)
          .padStart(8),
        median(results.map((r) => r.speedIndexMs))
          .toFixed(0)
          .padStart(16),
        median(results.map((r) => r.cls))
          .toFixed(3)
          .padStart(6),
      ];
      console.log(row.join(' '));
      console.log(`            scores of the runs: ${results.map((r) => r.score).join(', ')}`);
    }
  } finally {
    chrome?.kill();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
