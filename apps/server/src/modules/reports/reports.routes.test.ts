import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPlayWorld } from '../../../test/daily-stats-play.ts';
import { uniqueName } from '../../../test/factories.ts';
import { localDateOf } from '../../lib/time-zone.ts';
import type { BetRecord } from '../bet-records/bet-records.service.ts';
import { csvStream } from './reports.csv.ts';

/**
 * Every figure of the reports checked against a sum kept apart from them: members play and move money
 * through the real bet-record and ledger services on a clock the test moves over three days; the test
 * adds up its own log (rounds, bonuses, rebates, deposits) in the merchant's time zone and compares.
 */

const TZ = 'Asia/Ho_Chi_Minh';
let t: TestApp;
let world: Awaited<ReturnType<typeof createPlayWorld>>;
const credits: { code: 'promotion' | 'rebate'; memberIndex: number; amount: number; at: Date }[] = [];

function parseCsv(text: string): string[][] {
  // A small reader of RFC 4180: quoted fields may hold commas, quotes (doubled) and line breaks.
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => world?.clock.now ?? new Date() });
  world = await createPlayWorld(t.database.db, { timeZone: TZ, members: 5, start: new Date('2026-11-19T20:00:00Z') });
  const ledger = t.app.services.ledger;
  const pool = await ledger.ensureSystemAccount({ merchantId: world.merchant.id, kind: 'bonus_pool', currency: 'VND' });
  const credit = async (code: 'promotion' | 'rebate', memberIndex: number, amount: number) => {
    const member = world.members[memberIndex] as { main: number };
    await ledger.transfer({ fromAccountId: pool.id, toAccountId: member.main, amount, code, idempotencyKey: uniqueName('cr-') });
    credits.push({ code, memberIndex, amount, at: world.clock.now });
  };
  const categories = ['SLOT', 'LIVE', 'FISH'];
  for (let day = 0; day < 3; day++) {
    for (let i = 0; i < 12; i++) {
      const member = (i * 7 + day) % 5;
      const round = await world.bet(member, categories[(i + day) % 3] as string, 1_000 * (1 + ((i * 13 + day) % 9)));
      if (i % 4 !== 3) await world.win(round, i % 3 === 0 ? 0 : 500 * (1 + ((i * 5 + day) % 11)));
      world.advance(37);
    }
    await world.bet(day % 5, 'SLOT', 2_000, true); // a trial round counts nowhere
    await world.deposit(day % 5, 50_000 + day * 1_000);
    await world.deposit((day + 2) % 5, 30_000);
    await world.withdraw((day + 1) % 5, 20_000, true);
    await credit('promotion', day % 5, 5_000 + day);
    await credit('rebate', (day + 3) % 5, 700 + day);
    // 03:00 local (20:00 UTC the day before) to about 11:00 local, then on to the next morning.
    world.advance(16 * 60);
  }
  await world.dailyStats.refresh();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const range = { from: '2026-11-20', to: '2026-11-22' };
const settled = () =>
  world.rounds.filter((r): r is BetRecord & { settledAt: Date } => r.status === 'settled' && !r.isTrial && r.settledAt !== null);
const dayOf = (at: Date) => localDateOf(at, TZ);

describe('reports', () => {
  it('GGR and NGR by day are the rounds’ stakes less payouts, less the bonuses and rebates paid, in the merchant’s days', async () => {
    const report = await t.app.services.reports.ggr(world.merchant.id, { ...range, by: 'day' });
    const expected = new Map<string, { ggr: number; stake: number; rounds: number; players: Set<number>; bonus: number; rebate: number }>();
    const at = (day: string) => {
      const row = expected.get(day) ?? { ggr: 0, stake: 0, rounds: 0, players: new Set<number>(), bonus: 0, rebate: 0 };
      expected.set(day, row);
      return row;
    };
    for (const r of settled()) {
      const row = at(dayOf(r.settledAt));
      row.ggr += r.stake - r.payout;
      row.stake += r.stake;
      row.rounds += 1;
      row.players.add(r.memberId);
    }
    for (const c of credits) at(dayOf(c.at))[c.code === 'promotion' ? 'bonus' : 'rebate'] += c.amount;
    expect(report.timeZone).toBe(TZ);
    expect(report.rows.map((r) => r.key)).toEqual([...expected.keys()].sort());
    for (const row of report.rows) {
      const e = expected.get(row.key);
      expect(row).toMatchObject({
        ggr: e?.ggr,
        stake: e?.stake,
        rounds: e?.rounds,
        players: e?.players.size,
        bonus: e?.bonus,
        rebate: e?.rebate,
        ngr: (e?.ggr ?? 0) - (e?.bonus ?? 0) - (e?.rebate ?? 0),
      });
    }
    const ggr = settled().reduce((s, r) => s + r.stake - r.payout, 0);
    const paid = credits.reduce((s, c) => s + c.amount, 0);
    expect(report.total.ggr).toBe(ggr);
    expect(report.total.ngr).toBe(ggr - paid);
    expect(report.total.players).toBe(new Set(settled().map((r) => r.memberId)).size);
  });

  it('GGR by category and by vendor add up to the same total', async () => {
    const byCategory = await t.app.services.reports.ggr(world.merchant.id, { ...range, by: 'category' });
    const byVendor = await t.app.services.reports.ggr(world.merchant.id, { ...range, by: 'vendor' });
    for (const category of ['SLOT', 'LIVE', 'FISH']) {
      const rounds = settled().filter((r) => r.gameCategory === category);
      expect(byCategory.rows.find((r) => r.key === category)?.ggr).toBe(rounds.reduce((s, r) => s + r.stake - r.payout, 0));
    }
    expect(byVendor.rows).toHaveLength(1);
    expect(byVendor.rows[0]?.ggr).toBe(byCategory.total.ggr);
    expect(byVendor.rows[0]?.players).toBe(new Set(settled().map((r) => r.memberId)).size);
  });

  it('money and players by day match the deposits, withdrawals and rounds made', async () => {
    const money = await t.app.services.reports.money(world.merchant.id, range);
    const players = await t.app.services.reports.players(world.merchant.id, range);
    const deposits = new Map<string, { amount: number; members: Set<number> }>();
    let withdrawn = 0;
    for (const line of world.moneyLog) {
      if (line.deposit) {
        const row = deposits.get(dayOf(line.at)) ?? { amount: 0, members: new Set<number>() };
        row.amount += line.deposit;
        row.members.add(line.memberId);
        deposits.set(dayOf(line.at), row);
      }
      withdrawn += line.withdrawal ?? 0;
    }
    for (const row of money.rows) {
      expect(row.deposits).toBe(deposits.get(row.day)?.amount);
      expect(row.depositors).toBe(deposits.get(row.day)?.members.size);
    }
    expect(money.total.withdrawals).toBe(withdrawn);
    expect(money.total.deposits).toBe([...deposits.values()].reduce((s, d) => s + d.amount, 0));
    for (const row of players.rows) {
      expect(row.active).toBe(
        new Set(
          settled()
            .filter((r) => dayOf(r.settledAt) === row.day)
            .map((r) => r.memberId),
        ).size,
      );
      expect(row.depositing).toBe(deposits.get(row.day)?.members.size ?? 0);
    }
  });

  it('liability is the members’ balances now, and the top members are ranked by their result', async () => {
    const liability = await t.app.services.reports.liability(world.merchant.id);
    let balances = 0;
    for (const m of world.members)
      balances += (await t.app.services.ledger.balanceOf(m.main)) + (await t.app.services.ledger.balanceOf(m.bonus));
    expect(liability.balances.reduce((s, b) => s + b.balance, 0)).toBe(balances);
    const open = world.rounds.filter((r) => r.status === 'open' && !r.isTrial);
    expect(liability.openRounds).toMatchObject({ rounds: open.length, stake: open.reduce((s, r) => s + r.stake, 0) });

    const results = new Map<number, number>();
    for (const r of settled()) results.set(r.memberId, (results.get(r.memberId) ?? 0) + r.payout - r.stake);
    const top = await t.app.services.reports.top(world.merchant.id, { ...range, limit: 10 });
    const winners = [...results].filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const losers = [...results].filter(([, v]) => v < 0).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    expect(top.winners.map((w) => [w.memberId, w.winLoss])).toEqual(winners);
    expect(top.losers.map((w) => [w.memberId, w.winLoss])).toEqual(losers);
  });

  it('exports stream through a one-time link: the bets file holds every settled round, once', async () => {
    const finance = await loginAdmin(t.app, 'finance');
    const path = `/admin-api/reports/bets.csv?to=${range.to}&from=${range.from}`;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    const link = await t.app.inject({ method: 'POST', url: '/admin-api/reports/downloads', headers: finance.headers, payload: { path } });
    expect(link.statusCode).toBe(200);
    const url = link.json().value.url as string;
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(file.body);
    expect(rows[0]?.slice(0, 3)).toEqual(['id', 'settled_at', 'opened_at']);
    const ids = rows.slice(1).map((r) => Number(r[0]));
    const inRange = world.rounds.filter((r) => r.status === 'settled' && r.settledAt !== null);
    expect(ids.sort((a, b) => a - b)).toEqual(inRange.map((r) => r.id).sort((a, b) => a - b));
    // Spent: the same link does not download again; a link is for the export it names.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const other = await t.app.inject({ method: 'POST', url: '/admin-api/reports/downloads', headers: finance.headers, payload: { path } });
    const token = new URL(other.json().value.url as string, 'http://x').searchParams.get('download');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/admin-api/reports/transactions.csv?from=${range.from}&to=${range.to}&download=${token}`,
        })
      ).statusCode,
    ).toBe(401);

    const ggr = await t.app.inject({
      method: 'GET',
      url: `/admin-api/reports/ggr.csv?from=${range.from}&to=${range.to}&by=day`,
      headers: finance.headers,
    });
    const ggrRows = parseCsv(ggr.body);
    const report = await t.app.services.reports.ggr(world.merchant.id, { ...range, by: 'day' });
    expect(ggrRows.at(-1)?.slice(0, 1)).toEqual(['total']);
    expect(Number(ggrRows.at(-1)?.[9])).toBe(report.total.ngr);
  });

  it('the transactions file holds every member entry of the range', async () => {
    const admin = await loginAdmin(t.app, 'administrator');
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin-api/reports/transactions.csv?from=${range.from}&to=${range.to}`,
      headers: admin.headers,
    });
    const rows = parseCsv(res.body).slice(1);
    const deposits = rows.filter((r) => r[6] === 'deposit').reduce((s, r) => s + Number(r[7]), 0);
    expect(deposits).toBe(world.moneyLog.reduce((s, l) => s + (l.deposit ?? 0), 0));
  });

  it('a day of the middle holds exactly its own member entries, and a range before any entry is empty', async () => {
    const admin = await loginAdmin(t.app, 'administrator');
    const file = async (from: string, to: string) =>
      parseCsv(
        (await t.app.inject({ method: 'GET', url: `/admin-api/reports/transactions.csv?from=${from}&to=${to}`, headers: admin.headers }))
          .body,
      ).slice(1);
    const day = '2026-11-21';
    const expected = await t.database.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['e.id', 'e.created_at'])
      .where('a.merchant_id', '=', world.merchant.id)
      .where('a.member_id', 'is not', null)
      .orderBy('e.id')
      .execute();
    const ofDay = expected.filter((e) => dayOf(new Date(e.created_at)) === day);
    expect(ofDay.length).toBeGreaterThan(0);
    expect(ofDay.length).toBeLessThan(expected.length);
    const rows = await file(day, day);
    expect(rows).toHaveLength(ofDay.length);
    expect(rows.every((r) => r.some((field) => field.startsWith(day)))).toBe(true);
    expect(await file('2026-11-10', '2026-11-11')).toEqual([]);
  });

  it('support, without report:export, cannot make a download link', async () => {
    const support = await loginAdmin(t.app, 'support');
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin-api/reports/downloads',
      headers: support.headers,
      payload: { path: '/admin-api/reports/bets.csv?from=2026-11-20&to=2026-11-20' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('writes CSV fields with commas, quotes and line breaks so a reader gets them back', async () => {
    const values = ['plain', 'a,b', 'say "hi"', 'two\nlines', 'Nguyễn 阮'];
    let text = '';
    for await (const chunk of csvStream([{ header: 'v', value: (row: string) => row }], values)) text += chunk.toString();
    expect(
      parseCsv(text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(values);
  });
});
