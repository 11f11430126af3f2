import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { rewardOf } from '../components/reward-fields.tsx';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { missionBody, missionForm } from './missions.tsx';

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 2, username: 'finance01', role: 'finance', permissions } as never,
  });
}

const slots = {
  id: 1,
  state: 'active',
  input: {
    code: 'SLOT3',
    titles: { vi: 'Chơi 3 ván slot', en: 'Play 3 slot rounds', th: 'เล่นสล็อต 3 รอบ' },
    period: 'daily',
    event: 'rounds',
    category: 'RNG',
    target: 3,
    reward: { kind: 'cash', amount: 5_000 },
    sort: 0,
  },
  completions: 12,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};

function server(
  calendar: unknown = {
    rewards: [
      { kind: 'cash', amount: 1_000 },
      { kind: 'points', amount: 50 },
    ],
  },
) {
  return fakeServer([
    (call) => (call.path === '/admin-api/missions' && call.method === 'GET' ? ok({ list: [slots] }) : undefined),
    (call) =>
      call.path === '/admin-api/missions/1/state' && (call.body as { state: string }).state === 'active'
        ? refused(409, 'conflict', 'Conflicting change. Please try again.')
        : undefined,
    (call) => (call.path.startsWith('/admin-api/missions/sign-in-calendar') && call.method === 'GET' ? ok(calendar) : undefined),
    (call) => (call.path.startsWith('/admin-api/missions') ? ok(slots) : undefined),
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}

describe('the mission form', () => {
  it('reads rewards of the three kinds', () => {
    expect(rewardOf({ kind: 'cash', amount: '10.000', promotionId: '' })).toEqual({ kind: 'cash', amount: 10_000 });
    expect(rewardOf({ kind: 'points', amount: '50', promotionId: '' })).toEqual({ kind: 'points', amount: 50 });
    expect(rewardOf({ kind: 'bonus', amount: '', promotionId: '4' })).toEqual({ kind: 'bonus', promotionId: 4 });
    expect(rewardOf({ kind: 'bonus', amount: '20000', promotionId: '' })).toBeNull();
    expect(rewardOf({ kind: 'cash', amount: '', promotionId: '' })).toBeNull();
    expect(rewardOf({ kind: 'cash', amount: '0', promotionId: '' })).toBeNull();
  });

  it('sends a category only for rounds and valid bet, and keeps the titles of other languages', () => {
    const form = { ...missionForm(), code: 'dep1', titleEn: 'Deposit once', event: 'deposit' as const, category: 'RNG', target: '100.000' };
    form.reward = { kind: 'points', amount: '30', promotionId: '' };
    expect(missionBody(form)).toEqual({
      body: {
        code: 'DEP1',
        titles: { en: 'Deposit once' },
        period: 'daily',
        event: 'deposit',
        target: 100_000,
        reward: { kind: 'points', amount: 30 },
        sort: 0,
      },
    });
    expect(missionBody({ ...form, event: 'rounds' })).toMatchObject({ body: { category: 'RNG' } });
    expect(missionBody({ ...form, target: '0' })).toEqual({ problem: 'target' });
    expect(missionBody({ ...form, titleEn: '' })).toEqual({ problem: 'title' });
    expect(missionBody({ ...form, code: 'x' })).toEqual({ problem: 'code' });
    const edited = missionBody(missionForm(slots.input as never), slots.input as never);
    expect(edited).toMatchObject({ body: { titles: { th: 'เล่นสล็อต 3 รอบ' }, category: 'RNG' } });
  });
});

describe('the missions screen', () => {
  it('lists missions, refuses a mission without a reward, creates one, pauses and ends one', async () => {
    signIn(['promotion:read', 'promotion:write']);
    changeLanguage('en');
    const calls = server();
    renderConsole('/missions');
    const row = await screen.findByTestId('mission-SLOT3');
    expect(row.textContent).toContain('3 rounds of Slots');
    expect(row.textContent).toContain('Cash 5,000');
    expect(row.textContent).toContain('Every day');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New mission' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Code/), 'WEEK_BET');
    await user.type(within(dialog).getByLabelText('Title (Vietnamese)'), 'Cược 1 triệu trong tuần');
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'weekly');
    await user.selectOptions(within(dialog).getByLabelText('Counts'), 'valid_bet');
    await user.type(within(dialog).getByLabelText(/^Target/), '1.000.000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('reward');
    await user.selectOptions(within(dialog).getByLabelText('What it gives'), 'bonus');
    await user.type(within(dialog).getByLabelText(/^Promotion number/), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/admin-api/missions')?.body).toEqual({
        code: 'WEEK_BET',
        titles: { vi: 'Cược 1 triệu trong tuần' },
        period: 'weekly',
        event: 'valid_bet',
        target: 1_000_000,
        reward: { kind: 'bonus', promotionId: 7 },
        sort: 0,
      }),
    );

    await user.click(within(await screen.findByTestId('mission-SLOT3')).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/admin-api/missions/1/state')?.body).toEqual({ state: 'paused' }));
    await user.click(within(screen.getByTestId('mission-SLOT3')).getByRole('button', { name: 'End' }));
    const ending = await screen.findByRole('dialog');
    await user.click(within(ending).getByRole('button', { name: 'End' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/admin-api/missions/1/state').map((c) => c.body)).toContainEqual({ state: 'ended' }),
    );
  });

  it('edits the sign-in calendar: a day added with points, a wrong day refused', async () => {
    signIn(['promotion:read', 'promotion:write']);
    changeLanguage('en');
    const calls = server();
    renderConsole('/missions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Sign-in calendar' }));
    const day2 = await screen.findByTestId('sign-in-day-2');
    expect((within(day2).getByLabelText('What it gives') as HTMLSelectElement).value).toBe('points');
    await user.click(screen.getByRole('button', { name: 'Add a day' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('day 3');
    const day3 = screen.getByTestId('sign-in-day-3');
    await user.selectOptions(within(day3).getByLabelText('What it gives'), 'points');
    await user.type(within(day3).getByLabelText('Points'), '100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path === '/admin-api/missions/sign-in-calendar')?.body).toEqual({
        rewards: [
          { kind: 'cash', amount: 1_000 },
          { kind: 'points', amount: 50 },
          { kind: 'points', amount: 100 },
        ],
      }),
    );
    expect(await screen.findByText('Sign-in calendar saved.')).toBeTruthy();
  });

  it('shows missions and the calendar to read only without promotion:write', async () => {
    signIn(['promotion:read']);
    changeLanguage('vi');
    server();
    renderConsole('/missions');
    const row = await screen.findByTestId('mission-SLOT3');
    expect(row.textContent).toContain('Chơi 3 ván slot');
    expect(screen.queryByRole('button', { name: 'Nhiệm vụ mới' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Sửa' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Lịch điểm danh' }));
    expect((await screen.findByTestId('sign-in-day-2')).textContent).toContain('50 điểm');
  });
});
