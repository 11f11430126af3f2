import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { nextRuleSet, percentText, ratePpmOf } from './rebates.tsx';

const levels = [
  { level: 0, code: 'VIP0', names: { vi: 'Thành viên', en: 'Member' } },
  { level: 1, code: 'VIP1', names: { vi: 'Bạc', en: 'Silver' } },
];
const rebate = (id: number, vipLevel: number, category: string, ratePpm: number, isEnabled = true) => ({
  id,
  vipLevel,
  category,
  period: 'D',
  mode: 'auto',
  ratePpm,
  maxAmount: null,
  vendorCode: null as string | null,
  isEnabled,
});
const cashbackRule = { id: 4, vipLevel: 1, period: 'W', ratePpm: 50_000, minLoss: 100_000, maxAmount: 5_000_000, isEnabled: true };

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 2, username: 'finance01', role: 'finance', permissions } as never,
  });
}

function server() {
  let rules = [rebate(1, 0, 'RNG', 8_000), rebate(2, 1, 'LIVE', 5_000), rebate(3, 1, 'SPORTS', 3_000, false)];
  // The set's version: each save names the one it read and moves it on.
  let version = 3;
  const calls = fakeServer([
    (call) => (call.path === '/admin-api/vip/levels' ? ok({ levels }) : undefined),
    (call) => {
      if (call.path !== '/admin-api/vip/rebate-rules') return undefined;
      if (call.method === 'PUT') {
        if ((call.body as { version: number }).version !== version) {
          return refused(
            409,
            'vip_rules_changed',
            'Someone else changed these rules after you opened them. Reload them and make your change again; nothing was saved.',
          );
        }
        version += 1;
        const sent = (call.body as { rules: { vipLevel: number; category: string; vendorCode: string | null }[] }).rules;
        const key = (r: { vipLevel: number; category: string; vendorCode: string | null }) =>
          `${r.vipLevel}:${r.category}:${r.vendorCode ?? ''}`;
        const next = sent.map((r, i) => ({
          ...rules.find((x) => key(x) === key(r)),
          ...r,
          id: rules.find((x) => key(x) === key(r))?.id ?? 10 + i,
          isEnabled: true,
        }));
        rules = [
          ...(next as typeof rules),
          ...rules.filter((x) => !sent.some((r) => key(r) === key(x))).map((x) => ({ ...x, isEnabled: false })),
        ];
      }
      return ok({ rules, version });
    },
    (call) => (call.path === '/admin-api/vip/cashback-rules' ? ok({ rules: [cashbackRule], version: 1 }) : undefined),
    (call) => (call.path === '/admin-api/games/vendors' ? ok([{ code: 'PG', displayName: 'PG Soft' }]) : undefined),
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
  return {
    calls,
    /** Someone else saves the set meanwhile. */
    bump: () => {
      version += 1;
    },
  };
}

describe('rates and rule sets', () => {
  it('reads a typed percentage as parts per million within the maximum', () => {
    expect(ratePpmOf('0.8', 50_000)).toBe(8_000);
    expect(ratePpmOf('0,8', 50_000)).toBe(8_000);
    expect(ratePpmOf('1.2345', 50_000)).toBe(12_345);
    expect(ratePpmOf('5', 50_000)).toBe(50_000);
    for (const bad of ['5.0001', '0', '', 'abc', '1.23456', '-1']) expect(ratePpmOf(bad, 50_000)).toBeNaN();
    expect(percentText(8_000, 'en')).toBe('0.8');
    expect(percentText(12_345, 'vi')).toBe('1,2345');
  });

  it('sends the rules on now with the change, refuses a second rule of the same key, and leaves out a rule turned off', () => {
    const rules = [
      { id: 1, isEnabled: true, key: 'a' },
      { id: 2, isEnabled: false, key: 'b' },
      { id: 3, isEnabled: true, key: 'c' },
    ];
    const inputOf = (r: { key: string }) => ({ key: r.key });
    const keyOf = (r: { key: string }) => r.key;
    expect(nextRuleSet(rules, { add: { key: 'b' } }, inputOf, keyOf, 10)).toEqual({ rules: [{ key: 'a' }, { key: 'c' }, { key: 'b' }] });
    expect(nextRuleSet(rules, { add: { key: 'c' } }, inputOf, keyOf, 10)).toEqual({ problem: 'taken' });
    expect(nextRuleSet(rules, { removeId: 3, add: { key: 'c' } }, inputOf, keyOf, 10)).toEqual({ rules: [{ key: 'a' }, { key: 'c' }] });
    expect(nextRuleSet(rules, { removeId: 1 }, inputOf, keyOf, 10)).toEqual({ rules: [{ key: 'c' }] });
    expect(nextRuleSet(rules, { add: { key: 'd' } }, inputOf, keyOf, 2)).toEqual({ problem: 'tooMany' });
  });
});

describe('the rebate and cashback rules screen', () => {
  it('lists the rules by level, adds one, refuses a duplicate, edits, turns one off and one on again', async () => {
    signIn(['vip:read', 'vip:write']);
    changeLanguage('en');
    const { calls, bump } = server();
    renderConsole('/rebates');
    const row = await screen.findByTestId('rebate-rule-0-RNG-D');
    expect(row.textContent).toContain('0 · Member');
    expect(row.textContent).toContain('Slots');
    expect(row.textContent).toContain('0.8 %');
    expect(row.textContent).toContain('No cap');
    expect(screen.getByTestId('rebate-rule-1-SPORTS-D').textContent).toContain('Off');

    const user = userEvent.setup();
    const puts = () => calls.filter((call) => call.method === 'PUT').map((call) => call.body as { rules: unknown[]; version: number });
    // A new rule for a key already on is refused before calling.
    await user.click(screen.getByRole('button', { name: 'New rule' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Rate (%)'), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('at most 5 %');
    await user.clear(within(dialog).getByLabelText('Rate (%)'));
    await user.type(within(dialog).getByLabelText('Rate (%)'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('already a rule');
    expect(puts()).toHaveLength(0);
    await user.selectOptions(within(dialog).getByLabelText('Game category'), 'FISH');
    await user.type(within(dialog).getByLabelText(/^Most per line/), '2.000.000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rules saved.')).toBeTruthy();
    expect(puts()[0]?.rules).toEqual([
      { vipLevel: 0, category: 'RNG', period: 'D', mode: 'auto', ratePpm: 8_000, maxAmount: null, vendorCode: null },
      { vipLevel: 1, category: 'LIVE', period: 'D', mode: 'auto', ratePpm: 5_000, maxAmount: null, vendorCode: null },
      { vipLevel: 0, category: 'FISH', period: 'D', mode: 'auto', ratePpm: 10_000, maxAmount: 2_000_000, vendorCode: null },
    ]);

    // A vendor's rule beside the category's: a code the catalogue could not hold is refused, then one is added.
    await user.click(screen.getByRole('button', { name: 'New rule' }));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Rate (%)'), '1.5');
    await user.type(within(dialog).getByLabelText(/^Vendor/), 'P G');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('vendor’s code');
    await user.clear(within(dialog).getByLabelText(/^Vendor/));
    await user.type(within(dialog).getByLabelText(/^Vendor/), 'PG');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.rules).toContainEqual({
      vipLevel: 0,
      category: 'RNG',
      period: 'D',
      mode: 'auto',
      ratePpm: 15_000,
      maxAmount: null,
      vendorCode: 'PG',
    });
    expect(puts()[1]?.rules).toContainEqual({
      vipLevel: 0,
      category: 'RNG',
      period: 'D',
      mode: 'auto',
      ratePpm: 8_000,
      maxAmount: null,
      vendorCode: null,
    });
    const vendorRow = await screen.findByTestId('rebate-rule-0-RNG-D-PG');
    expect(vendorRow.textContent).toContain('PG');
    expect(screen.getByTestId('rebate-rule-0-RNG-D').textContent).toContain('Every other vendor');

    // Edit: the rule's key stays, its rate changes.
    await user.click(within(await screen.findByTestId('rebate-rule-1-LIVE-D')).getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Rate (%)') as HTMLInputElement).value).toBe('0.5');
    expect((within(dialog).getByLabelText('Game category') as HTMLSelectElement).disabled).toBe(true);
    await user.clear(within(dialog).getByLabelText('Rate (%)'));
    await user.type(within(dialog).getByLabelText('Rate (%)'), '0,65');
    await user.selectOptions(within(dialog).getByLabelText('Payment'), 'claim');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts()[2]?.rules).toContainEqual({
      vipLevel: 1,
      category: 'LIVE',
      period: 'D',
      mode: 'claim',
      ratePpm: 6_500,
      maxAmount: null,
      vendorCode: null,
    });

    // Turn off: left out of the set.
    await user.click(within(await screen.findByTestId('rebate-rule-0-RNG-D')).getByRole('button', { name: 'Turn off' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(puts()).toHaveLength(4));
    expect(
      puts()[3]?.rules.some(
        (r) =>
          (r as { category: string; vendorCode: string | null }).category === 'RNG' && !(r as { vendorCode: string | null }).vendorCode,
      ),
    ).toBe(false);

    // Turn on again: back in the set with its stored values.
    await user.click(within(await screen.findByTestId('rebate-rule-1-SPORTS-D')).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(puts()).toHaveLength(5));
    expect(puts()[4]?.rules).toContainEqual({
      vipLevel: 1,
      category: 'SPORTS',
      period: 'D',
      mode: 'auto',
      ratePpm: 3_000,
      maxAmount: null,
      vendorCode: null,
    });
    // Each save carried the version it read.
    expect(puts().map((body) => body.version)).toEqual([3, 4, 5, 6, 7]);

    // Someone else saves meanwhile: the save is refused with the server's sentence, the set is read again, and the next save goes through.
    bump();
    const reads = () => calls.filter((call) => call.method === 'GET' && call.path === '/admin-api/vip/rebate-rules').length;
    const readsBefore = reads();
    await user.click(within(await screen.findByTestId('rebate-rule-1-LIVE-D')).getByRole('button', { name: 'Turn off' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Someone else changed these rules');
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(puts()).toHaveLength(7));
    expect(puts()[6]?.version).toBe(9);
  });

  it('shows the cashback rules and filters by level; read only without vip:write', async () => {
    signIn(['vip:read']);
    changeLanguage('en');
    server();
    renderConsole('/rebates');
    const user = userEvent.setup();
    await screen.findByTestId('rebate-rule-0-RNG-D');
    expect(screen.queryByRole('button', { name: 'New rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('VIP level'), '1');
    expect(screen.queryByTestId('rebate-rule-0-RNG-D')).toBeNull();
    expect(screen.getByTestId('rebate-rule-1-LIVE-D')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Cashback rules' }));
    const row = await screen.findByTestId('cashback-rule-1-W');
    expect(row.textContent).toContain('Weekly');
    expect(row.textContent).toContain('5 %');
    expect(row.textContent).toMatch(/100,000/);
    expect(row.textContent).toMatch(/5,000,000/);
  });
});
