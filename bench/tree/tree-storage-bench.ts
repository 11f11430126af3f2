import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { positiveInt } from '../lib/bench-support.ts';

/**
 * How to store the downline tree (ADR 0017): the materialised path the `members` table has today
 * (`upline_path` text `/1/5/23/`, a text_pattern_ops index, plus `parent_id`), a closure table
 * (ancestor, descendant, depth) and an `ltree` path with a GiST index, all three holding the same
 * forest of ~1,000,000 members in a scratch schema that is dropped at the end. A recursive query
 * over `parent_id` is the reference for the reads.
 *
 * The forest: BENCH_ROOTS type-1 agents, each with 100 type-2 agents, each with 10 type-41
 * agents, each with BENCH_PLAYERS_PER_AGENT players (default 99): 10 roots give 1,001,010 members
 * and each root's team is 100,100 members over three levels.
 *
 *   BENCH_DATABASE_URL        connection (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_ROOTS               root agents (default 10)
 *   BENCH_PLAYERS_PER_AGENT   players under each type-41 agent (default 99)
 *   BENCH_REPEAT              timed runs of each read (default 15); the median is printed
 */

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const roots = positiveInt('BENCH_ROOTS', 10);
const playersPerAgent = positiveInt('BENCH_PLAYERS_PER_AGENT', 99);
const repeat = positiveInt('BENCH_REPEAT', 15);
const schema = `tree_bench_${randomBytes(4).toString('hex')}`;
/** BENCH_EXPLAIN=1 prints each read's plan (EXPLAIN ANALYZE, BUFFERS) after timing it. */
const explain = process.env.BENCH_EXPLAIN === '1';
/** BENCH_READS_ONLY=1 leaves out the moves and inserts. */
const readsOnly = process.env.BENCH_READS_ONLY === '1';

const LEVEL2_PER_ROOT = 100;
const LEVEL3_PER_LEVEL2 = 10;

const client = new pg.Client({ connectionString: url });

let explaining = false;

async function q(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  return client.query(explaining ? `EXPLAIN (ANALYZE, BUFFERS) ${text}` : text, values);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function timeOnce(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Median of `repeat` runs after one warm-up run; also checks every run answers the same. */
async function timed(work: () => Promise<pg.QueryResult>, times = repeat): Promise<{ ms: number; answer: string }> {
  if (explain) {
    explaining = true;
    const plan = await work();
    explaining = false;
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  const warm = await work();
  const answer = JSON.stringify(warm.rows);
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    let rows = '';
    samples.push(
      await timeOnce(async () => {
        rows = JSON.stringify((await work()).rows);
      }),
    );
    if (rows !== answer) throw new Error('a read answered differently between runs');
  }
  return { ms: median(samples), answer };
}

/** Times a write inside a transaction that is rolled back, so every run starts from the same data. */
async function timedWrite(statements: () => Promise<unknown>, times = Math.max(3, Math.floor(repeat / 3))): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times + 1; i++) {
    await q('BEGIN');
    const ms = await timeOnce(statements);
    await q('ROLLBACK');
    if (i > 0) samples.push(ms);
  }
  return median(samples);
}

async function build(): Promise<void> {
  await q(`CREATE SCHEMA ${schema}`);
  await q(`SET search_path = ${schema}, public`);
  await q('CREATE EXTENSION IF NOT EXISTS ltree SCHEMA public');
  const level2First = roots + 1;
  const level3First = level2First + roots * LEVEL2_PER_ROOT;
  const playerFirst = level3First + roots * LEVEL2_PER_ROOT * LEVEL3_PER_LEVEL2;
  // The materialised path as members has it: parent_id and upline_path naming every ancestor and the member.
  await q(`
    CREATE TABLE m (id bigint PRIMARY KEY, merchant_id bigint NOT NULL, parent_id bigint, account_type smallint NOT NULL,
                    upline_path text NOT NULL, depth int NOT NULL);
    INSERT INTO m SELECT r, 1, NULL, 1, '/' || r || '/', 1 FROM generate_series(1, ${roots}) r;
    INSERT INTO m SELECT ${level2First} + (r - 1) * ${LEVEL2_PER_ROOT} + (k - 1), 1, r, 2,
                         '/' || r || '/' || (${level2First} + (r - 1) * ${LEVEL2_PER_ROOT} + (k - 1)) || '/', 2
      FROM generate_series(1, ${roots}) r, generate_series(1, ${LEVEL2_PER_ROOT}) k;
    INSERT INTO m SELECT ${level3First} + (p.id - ${level2First}) * ${LEVEL3_PER_LEVEL2} + (j - 1), 1, p.id, 41,
                         p.upline_path || (${level3First} + (p.id - ${level2First}) * ${LEVEL3_PER_LEVEL2} + (j - 1)) || '/', 3
      FROM m p, generate_series(1, ${LEVEL3_PER_LEVEL2}) j WHERE p.account_type = 2;
    INSERT INTO m SELECT ${playerFirst} + (p.id - ${level3First}) * ${playersPerAgent} + (j - 1), 1, p.id, 0,
                         p.upline_path || (${playerFirst} + (p.id - ${level3First}) * ${playersPerAgent} + (j - 1)) || '/', 4
      FROM m p, generate_series(1, ${playersPerAgent}) j WHERE p.account_type = 41;
    CREATE INDEX m_parent_idx ON m (parent_id);
    CREATE INDEX m_upline_path_idx ON m (upline_path text_pattern_ops);
  `);
  // The closure table: one row per (ancestor, descendant) pair, the member itself at depth 0.
  await q(`
    CREATE TABLE c (ancestor_id bigint NOT NULL, descendant_id bigint NOT NULL, depth int NOT NULL, PRIMARY KEY (ancestor_id, descendant_id));
    INSERT INTO c SELECT a::bigint, m.id, m.depth - ord::int
      FROM m, unnest(string_to_array(trim(both '/' from m.upline_path), '/')) WITH ORDINALITY AS t(a, ord);
    CREATE INDEX c_descendant_idx ON c (descendant_id);
  `);
  // ltree: the same path as labels, with the GiST index that answers <@ (is a descendant of).
  await q(`
    CREATE TABLE l (id bigint PRIMARY KEY, merchant_id bigint NOT NULL, parent_id bigint, account_type smallint NOT NULL, path ltree NOT NULL);
    INSERT INTO l SELECT id, merchant_id, parent_id, account_type, replace(trim(both '/' from upline_path), '/', '.')::ltree FROM m;
    CREATE INDEX l_parent_idx ON l (parent_id);
    CREATE INDEX l_path_gist ON l USING gist (path);
  `);
  await q('ANALYZE m; ANALYZE c; ANALYZE l;');
}

type Row = { question: string; storage: string; ms: number; note?: string };
const results: Row[] = [];

function record(question: string, storage: string, ms: number, note?: string): void {
  results.push({ question, storage, ms, note });
  console.log(`${question.padEnd(44)} ${storage.padEnd(30)} ${ms.toFixed(2).padStart(9)} ms${note ? `  ${note}` : ''}`);
}

function same(answers: string[], question: string): void {
  if (new Set(answers).size !== 1) throw new Error(`${question}: the storages answered differently: ${answers.join(' | ')}`);
}

async function size(relation: string): Promise<string> {
  const r = await q(`SELECT pg_size_pretty(pg_total_relation_size('${schema}.${relation}')) AS s`);
  return r.rows[0].s as string;
}

async function main(): Promise<void> {
  await client.connect();
  // Each storage is measured as one plain plan: no parallel workers (on a busy machine their start-up
  // swamps the query itself, and which plans go parallel differs between storages) and no JIT
  // (compiling a plan cost over a second on the recursive reference). BENCH_DEFAULT_PLANNER=1 keeps
  // the server's defaults.
  if (process.env.BENCH_DEFAULT_PLANNER !== '1') await q('SET max_parallel_workers_per_gather = 0; SET jit = off');
  const buildMs = await timeOnce(build);
  const count = Number((await q('SELECT count(*) AS n FROM m')).rows[0].n);
  console.log(
    `schema ${schema}: ${count} members built in ${(buildMs / 1000).toFixed(1)} s; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`sizes: members+path ${await size('m')}, closure ${await size('c')}, ltree ${await size('l')}`);

  // The big agent (a root: team 100,100) and a middle one (a type-2 agent: team 1,000).
  const big = 5;
  const bigPath = '/5/';
  const mid = roots + 1 + (big - 1) * LEVEL2_PER_ROOT + 7;
  const midPath = (await q('SELECT upline_path FROM m WHERE id = $1', [mid])).rows[0].upline_path as string;
  const deepPlayer = Number((await q(`SELECT max(id) AS id FROM m WHERE upline_path LIKE $1`, [`${midPath}%`])).rows[0].id);
  const outsider = Number((await q(`SELECT max(id) AS id FROM m WHERE upline_path LIKE '/6/%'`)).rows[0].id);

  for (const [label, agent, path] of [
    ['whole team, 100k', big, bigPath],
    ['whole team, 1k', mid, midPath],
  ] as const) {
    const question = `${label} (count, sum of a column)`;
    const a = await timed(() => q(`SELECT count(*), sum(account_type) FROM m WHERE upline_path LIKE $1 AND id <> $2`, [`${path}%`, agent]));
    record(question, 'materialised path (LIKE)', a.ms);
    const b = await timed(() =>
      q(`SELECT count(*), sum(m.account_type) FROM c JOIN m ON m.id = c.descendant_id WHERE c.ancestor_id = $1 AND c.depth > 0`, [agent]),
    );
    record(question, 'closure table', b.ms);
    const ltreePath = path.replace(/^\/|\/$/g, '').replace(/\//g, '.');
    const c = await timed(() => q(`SELECT count(*), sum(account_type) FROM l WHERE path <@ $1::ltree AND id <> $2`, [ltreePath, agent]));
    record(question, 'ltree (<@, GiST)', c.ms);
    const d = await timed(() =>
      q(
        `WITH RECURSIVE t AS (SELECT id, account_type FROM m WHERE parent_id = $1
                             UNION ALL SELECT m.id, m.account_type FROM m JOIN t ON m.parent_id = t.id)
         SELECT count(*), sum(account_type) FROM t`,
        [agent],
      ),
    );
    record(question, 'reference: recursive on parent_id', d.ms);
    same([a.answer, b.answer, c.answer, d.answer], question);
  }

  {
    const question = 'direct downline (100) with team sizes';
    const a = await timed(() =>
      q(
        `SELECT d.id, (SELECT count(*) FROM m t WHERE t.upline_path ~>=~ d.upline_path AND t.upline_path ~<~ (d.upline_path || '~') AND t.id <> d.id) AS team
           FROM m d WHERE d.parent_id = $1 ORDER BY d.id`,
        [big],
      ),
    );
    record(question, 'materialised path (range per child)', a.ms);
    const a2 = await timed(() =>
      q(
        `SELECT d.id, coalesce(g.team, 0) AS team FROM m d LEFT JOIN (
           SELECT split_part(substr(upline_path, length($2) + 1), '/', 1)::bigint AS child, count(*) - 1 AS team
             FROM m WHERE upline_path LIKE $2 || '%' AND id <> $1 GROUP BY 1) g ON g.child = d.id
          WHERE d.parent_id = $1 ORDER BY d.id`,
        [big, bigPath],
      ),
    );
    record(question, 'materialised path (one grouped scan)', a2.ms);
    const b = await timed(() =>
      q(`SELECT d.id, count(*) - 1 AS team FROM m d JOIN c ON c.ancestor_id = d.id WHERE d.parent_id = $1 GROUP BY d.id ORDER BY d.id`, [
        big,
      ]),
    );
    record(question, 'closure table', b.ms);
    const c = await timed(() =>
      q(
        `SELECT d.id, (SELECT count(*) FROM l t WHERE t.path <@ d.path AND t.id <> d.id) AS team FROM l d WHERE d.parent_id = $1 ORDER BY d.id`,
        [big],
      ),
    );
    record(question, 'ltree (<@ per child)', c.ms);
    const d = await timed(() =>
      q(
        `WITH RECURSIVE t AS (SELECT id AS child, id FROM m WHERE parent_id = $1
                             UNION ALL SELECT t.child, m.id FROM m JOIN t ON m.parent_id = t.id)
         SELECT child AS id, count(*) - 1 AS team FROM t GROUP BY child ORDER BY child`,
        [big],
      ),
    );
    record(question, 'reference: recursive on parent_id', d.ms);
    same(
      [a.answer, a2.answer, b.answer, c.answer, d.answer].map((s) => s.replaceAll('"', '')),
      question,
    );
  }

  for (const [label, member] of [
    ['is X in Y team (yes, depth 3)', deepPlayer],
    ['is X in Y team (no)', outsider],
  ] as const) {
    const question = label;
    const a = await timed(() =>
      q(
        `SELECT EXISTS (SELECT 1 FROM m x JOIN m y ON y.id = $2 WHERE x.id = $1 AND x.id <> y.id AND x.upline_path LIKE y.upline_path || '%') AS yes`,
        [member, big],
      ),
    );
    record(question, 'materialised path', a.ms);
    const b = await timed(() =>
      q(`SELECT EXISTS (SELECT 1 FROM c WHERE ancestor_id = $2 AND descendant_id = $1 AND depth > 0) AS yes`, [member, big]),
    );
    record(question, 'closure table', b.ms);
    const c = await timed(() =>
      q(`SELECT EXISTS (SELECT 1 FROM l x JOIN l y ON y.id = $2 WHERE x.id = $1 AND x.id <> y.id AND x.path <@ y.path) AS yes`, [
        member,
        big,
      ]),
    );
    record(question, 'ltree', c.ms);
    const d = await timed(() =>
      q(
        `WITH RECURSIVE up AS (SELECT parent_id FROM m WHERE id = $1 UNION ALL SELECT m.parent_id FROM m JOIN up ON m.id = up.parent_id)
         SELECT EXISTS (SELECT 1 FROM up WHERE parent_id = $2) AS yes`,
        [member, big],
      ),
    );
    record(question, 'reference: recursive up parent_id', d.ms);
    same([a.answer, b.answer, c.answer, d.answer], question);
  }

  // Moving a subtree: the type-2 agent `mid` (team 1,000) and the type-1 agent `big` (team 100,100)
  // under another root, everything in one transaction (rolled back after timing).
  const newRoot = 7;
  for (const [label, moved] of (readsOnly
    ? []
    : [
        ['move a subtree of 1,001', mid],
        ['move a subtree of 100,101', big],
      ]) as [string, number][]) {
    const oldPath = (await q('SELECT upline_path FROM m WHERE id = $1', [moved])).rows[0].upline_path as string;
    const newPath = `/${newRoot}/${moved}/`;
    const a = await timedWrite(async () => {
      await q('UPDATE m SET parent_id = $1 WHERE id = $2', [newRoot, moved]);
      await q(`UPDATE m SET upline_path = $2 || substr(upline_path, length($1) + 1) WHERE upline_path LIKE $1 || '%'`, [oldPath, newPath]);
    });
    record(label, 'materialised path', a);
    const b = await timedWrite(async () => {
      // Unlink the subtree from its old ancestors, then link it to the new parent's ancestors.
      await q(
        `DELETE FROM c WHERE descendant_id IN (SELECT descendant_id FROM c WHERE ancestor_id = $1)
                         AND ancestor_id IN (SELECT ancestor_id FROM c WHERE descendant_id = $1 AND ancestor_id <> $1)`,
        [moved],
      );
      await q(
        `INSERT INTO c SELECT sup.ancestor_id, sub.descendant_id, sup.depth + sub.depth + 1
           FROM c sup CROSS JOIN c sub WHERE sup.descendant_id = $2 AND sub.ancestor_id = $1`,
        [moved, newRoot],
      );
      await q('UPDATE m SET parent_id = $1 WHERE id = $2', [newRoot, moved]);
    });
    record(label, 'closure table', b);
    const oldLtree = oldPath.replace(/^\/|\/$/g, '').replace(/\//g, '.');
    const c = await timedWrite(async () => {
      await q('UPDATE l SET parent_id = $1 WHERE id = $2', [newRoot, moved]);
      await q(`UPDATE l SET path = $2::ltree || subpath(path, nlevel($1::ltree) - 1) WHERE path <@ $1::ltree`, [oldLtree, String(newRoot)]);
    });
    record(label, 'ltree', c);
  }

  // Opening one account under a type-41 agent (depth 3): the member row and what the storage needs.
  if (readsOnly) return;
  const parent41 = Number((await q(`SELECT min(id) AS id FROM m WHERE account_type = 41`)).rows[0].id);
  const newId = count + 100;
  const a = await timedWrite(async () => {
    await q(`INSERT INTO m SELECT $1::bigint, 1, p.id, 0, p.upline_path || $1::bigint::text || '/', p.depth + 1 FROM m p WHERE p.id = $2`, [
      newId,
      parent41,
    ]);
  });
  record('open one account (depth 4)', 'materialised path', a);
  const b = await timedWrite(async () => {
    await q(`INSERT INTO m SELECT $1::bigint, 1, p.id, 0, p.upline_path || $1::bigint::text || '/', p.depth + 1 FROM m p WHERE p.id = $2`, [
      newId,
      parent41,
    ]);
    await q(
      `INSERT INTO c SELECT ancestor_id, $1::bigint, depth + 1 FROM c WHERE descendant_id = $2 UNION ALL SELECT $1::bigint, $1::bigint, 0`,
      [newId, parent41],
    );
  });
  record('open one account (depth 4)', 'closure table (+ member row)', b);
  const c = await timedWrite(async () => {
    await q(`INSERT INTO l SELECT $1::bigint, 1, p.id, 0, p.path || $1::bigint::text FROM l p WHERE p.id = $2`, [newId, parent41]);
  });
  record('open one account (depth 4)', 'ltree', c);

  console.log(
    `\nload average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(JSON.stringify({ members: count, results }, null, 0));
}

try {
  await main();
} finally {
  await client.query('ROLLBACK').catch(() => undefined);
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
  await client.end();
}
