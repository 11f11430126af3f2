import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { levelFromForm, levelInput } from './vip-ladder.tsx';

const level = (n: number, minDeposit: number, minValidBet: number, extra: object = {}) => ({
  level: n,
  code: `VIP${n}`,
  names: { vi: `Cấp ${n}`, en: `Level ${n}` },
  minDeposit,
  minValidBet,
  keepDeposit: 0,
  keepValidBet: 0,
  upgradeBonus: n * 100_000,
  periodicBonus: 0,
  periodicPeriod: null,
  ...extra,
});
const ladder = [
  level(0, 0, 0),
  level(1, 1_000_000, 5_000_000, { keepValidBet: 2_000_000, periodicBonus: 20_000, periodicPeriod: 'M' }),
  level(2, 5_000_000, 30_000_000),
];

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 2, username: 'finance01', role: 'finance', permissions } as never,
  });
}

function server() {
  let levels = ladder;
  let version = 4;
  const calls = fakeServer([
    (call) => {
      if (call.path !== '/admin-api/vip/levels') return undefined;
      if (call.method === 'PUT') {
        const body = call.body as { levels: typeof ladder; version: number };
        if (body.version !== version) {
          return refused(
            409,
            'vip_rules_changed',
            'Someone else changed these rules after you opened them. Reload them and make your change again; nothing was saved.',
          );
        }
        version += 1;
        levels = body.levels;
      }
      return ok({ levels, version, window: 'rolling30' });
    },
    (call) => (call.path === '/admin-api/vip/level-counts' ? ok({ counts: [{ level: 1, members: 12 }] }) : undefined),
    (call) =>
      call.path.startsWith('/admin-api/vip/levels/1/members?')
        ? ok({
            level: 1,
            list: [{ memberId: 9, username: 'silver09', reachedOn: '2026-11-20', evaluatedOn: '2026-11-26' }],
            totalCount: 1,
            pageNo: 1,
            pageSize: 20,
          })
        : undefined,
  ]);
  return {
    calls,
    /** Someone else saves the ladder meanwhile. */
    bump: () => {
      version += 1;
    },
  };
}

describe('the ladder rules', () => {
  const form = (overrides: Partial<Record<string, string>> = {}) => ({
    code: 'VIP1',
    nameVi: 'Bạc',
    nameEn: 'Silver',
    nameZh: '',
    minDeposit: '2.000.000',
    minValidBet: '5000000',
    keepDeposit: '0',
    keepValidBet: '0',
    upgradeBonus: '100000',
    periodicBonus: '0',
    periodicPeriod: 'none',
    ...overrides,
  });

  it('reads the form into a level and refuses what the server would', () => {
    expect(levelFromForm(form(), 1, ladder)).toEqual({
      level: 1,
      code: 'VIP1',
      names: { vi: 'Bạc', en: 'Silver' },
      minDeposit: 2_000_000,
      minValidBet: 5_000_000,
      keepDeposit: 0,
      keepValidBet: 0,
      upgradeBonus: 100_000,
      periodicBonus: 0,
      periodicPeriod: null,
    });
    expect(levelFromForm(form({ code: ' ' }), 1, ladder)).toBe('code');
    expect(levelFromForm(form({ nameEn: '' }), 1, ladder)).toBe('names');
    expect(levelFromForm(form({ upgradeBonus: 'abc' }), 1, ladder)).toBe('amount');
    expect(levelFromForm(form({ upgradeBonus: '-1' }), 1, ladder)).toBe('amount');
    // Above level 2's thresholds, below level 0's, or level 0 asking something.
    expect(levelFromForm(form({ minDeposit: '6000000' }), 1, ladder)).toBe('order');
    expect(levelFromForm(form({ minValidBet: '40000000' }), 1, ladder)).toBe('order');
    expect(levelFromForm(form({ minDeposit: '1' }), 0, ladder)).toBe('order');
    expect(levelFromForm(form({ minDeposit: '0', minValidBet: '0', periodicPeriod: 'W', nameZh: '白银' }), 0, ladder)).toMatchObject({
      names: { vi: 'Bạc', en: 'Silver', zh: '白银' },
      periodicPeriod: 'W',
    });
  });

  it('sends a stored level back as it is', () => {
    expect(levelInput({ ...ladder[1], names: { en: 'Level 1', vi: 'Cấp 1', zh: '一级' } } as never)).toMatchObject({
      level: 1,
      names: { vi: 'Cấp 1', en: 'Level 1', zh: '一级' },
      periodicPeriod: 'M',
    });
  });
});

describe('the VIP ladder screen', () => {
  it('shows the levels with their thresholds, bonuses and members, edits one with the version read, and lists its members', async () => {
    signIn(['vip:read', 'vip:write']);
    changeLanguage('en');
    const { calls, bump } = server();
    renderConsole('/vip-ladder');
    const one = await screen.findByTestId('vip-level-1');
    expect(one.textContent).toContain('1 · VIP1 · Level 1');
    expect(one.textContent).toMatch(/deposits 1,000,000 · valid bet 5,000,000/);
    expect(one.textContent).toMatch(/deposits 0 · valid bet 2,000,000/);
    expect(one.textContent).toMatch(/20,000 each month/);
    await waitFor(() => expect(screen.getByTestId('vip-level-1').textContent).toContain('12'));
    expect(screen.getByTestId('vip-level-0').textContent).toContain('everyone else');
    expect(screen.getByTestId('vip-window').textContent).toContain('the last 30 days');

    const user = userEvent.setup();
    const puts = () =>
      calls
        .filter((call) => call.method === 'PUT')
        .map((call) => call.body as { levels: { level: number; minDeposit: number }[]; version: number });
    await user.click(within(one).getByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Deposits to reach'));
    await user.type(within(dialog).getByLabelText('Deposits to reach'), '9.000.000');
    await user.click(within(dialog).getByRole('button', { name: 'Save the ladder' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('at least as much as the level below');
    expect(puts()).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Deposits to reach'));
    await user.type(within(dialog).getByLabelText('Deposits to reach'), '2.000.000');
    await user.click(within(dialog).getByRole('button', { name: 'Save the ladder' }));
    expect(await screen.findByText('The ladder is saved.')).toBeTruthy();
    expect(puts()[0]?.version).toBe(4);
    expect(puts()[0]?.levels.map((l) => [l.level, l.minDeposit])).toEqual([
      [0, 0],
      [1, 2_000_000],
      [2, 5_000_000],
    ]);

    // Someone else saves meanwhile: refused in a whole sentence, the ladder read again, the next save goes through.
    bump();
    await user.click(within(await screen.findByTestId('vip-level-2')).getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Upgrade bonus'));
    await user.type(within(dialog).getByLabelText('Upgrade bonus'), '500000');
    await user.click(within(dialog).getByRole('button', { name: 'Save the ladder' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Someone else changed these rules');
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET' && call.path === '/admin-api/vip/levels').length).toBeGreaterThan(2),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save the ladder' }));
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts()[2]?.version).toBe(6);

    await user.click(within(screen.getByTestId('vip-level-1')).getByRole('button', { name: 'Members' }));
    const members = await screen.findByTestId('vip-level-members');
    expect((await within(members).findByText('silver09')).closest('tr')?.textContent).toContain('2026-11-20');
  });

  it('removes the top level after a confirmation, and offers no change without vip:write', async () => {
    signIn(['vip:read', 'vip:write']);
    changeLanguage('vi');
    const { calls } = server();
    renderConsole('/vip-ladder');
    await screen.findByTestId('vip-level-2');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Xóa cấp cao nhất' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Xóa cấp cao nhất' }));
    expect(await screen.findByText('Đã xóa cấp cao nhất.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT')?.body as { levels: { level: number }[]; version: number };
    expect(put.levels.map((l) => l.level)).toEqual([0, 1]);
    expect(put.version).toBe(4);
  });

  it('only reads without vip:write', async () => {
    signIn(['vip:read']);
    changeLanguage('en');
    server();
    renderConsole('/vip-ladder');
    const one = await screen.findByTestId('vip-level-1');
    expect(within(one).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a level' })).toBeNull();
    expect(within(one).getByRole('button', { name: 'Members' })).toBeTruthy();
  });
});
