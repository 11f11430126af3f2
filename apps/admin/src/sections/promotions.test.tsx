import type { PromotionInput } from '@platform/contracts/promotions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { promotionBody, promotionForm } from './promotions.tsx';

const input = {
  code: 'WELCOME100',
  category: 'NEW',
  titles: { vi: 'Thưởng chào mừng', en: 'Welcome bonus' },
  bodies: { vi: 'Nội dung', en: 'Text' },
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  audience: { firstDepositOnly: true },
  trigger: 'application',
  minDeposit: 0,
  amount: { kind: 'fixed', value: 50_000 },
  wagering: { multiple: 5, weights: { RNG: 100 } },
  maxStake: null,
  maxConversion: null,
  expiryHours: 168,
  onWithdrawal: 'block',
  stackable: false,
  perMemberLimit: 1,
  applicationProof: true,
} as const;
const promotion = { id: 3, state: 'active', input, createdAt: input.startsAt, updatedAt: input.startsAt };
const entry = {
  id: 12,
  promotionId: 3,
  memberId: 7,
  username: 'lan88',
  status: 'pending',
  comment: 'Lost 2,000,000 yesterday',
  proofCount: 2,
  flags: ['shared_ip_range'],
  depositAmount: null,
  createdAt: new Date(Date.now() - 30 * 60_000).toISOString(),
};

function signIn(permissions?: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 2, username: 'finance01', role: 'finance', ...(permissions ? { permissions } : {}) } as never,
  });
}

function promotionServer(review: (body: unknown) => ReturnType<typeof ok>) {
  let decided = false;
  return fakeServer([
    (call) => (call.method === 'GET' && call.path === '/admin-api/promotions' ? ok({ list: [promotion] }) : undefined),
    (call) =>
      call.method === 'GET' && call.path.startsWith('/admin-api/promotions/entries/12/proofs/')
        ? { body: 'png' }
        : call.method === 'GET' && call.path.startsWith('/admin-api/promotions/entries')
          ? ok({ list: decided ? [] : [entry] })
          : undefined,
    (call) => {
      if (call.method !== 'POST' || call.path !== '/admin-api/promotions/entries/12/review') return undefined;
      const answer = review(call.body);
      if ((answer.status ?? 200) === 200) decided = true;
      return answer;
    },
    (call) => (call.method === 'POST' ? ok(promotion) : undefined),
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}

describe('the promotion form', () => {
  it('turns the typed fields into the definition the server checks, and an edit starts from the stored one', () => {
    const checked = promotionBody(promotionForm(input as never), (key) => key);
    expect('body' in checked && checked.body).toMatchObject({
      code: 'WELCOME100',
      audience: { firstDepositOnly: true },
      amount: { kind: 'fixed', value: 50_000 },
      wagering: { multiple: 5, weights: { RNG: 100 } },
      applicationProof: true,
    });
  });

  it('keeps the images per language: the two typed, the others as stored; a bad address is a problem', () => {
    const stored = { ...(input as never as PromotionInput), images: { vi: '/p/vi.png', en: '/p/en.png', th: '/p/th.png' } };
    const form = promotionForm(stored);
    expect(form).toMatchObject({ imageVi: '/p/vi.png', imageEn: '/p/en.png' });
    const checked = promotionBody({ ...form, imageEn: 'https://cdn.example.com/en.png' }, (key) => key);
    expect('body' in checked && checked.body.images).toEqual({ vi: '/p/vi.png', en: 'https://cdn.example.com/en.png', th: '/p/th.png' });
    expect(promotionBody({ ...form, imageVi: 'javascript:alert(1)' }, (key) => key)).toEqual({ problem: 'invalid' });
  });

  it('names the first problem: a tier line, a percentage for a claim, a stake that is not whole', () => {
    const form = { ...promotionForm(), code: 'RELOAD', titleVi: 'Nạp lại', bodyVi: 'Nội dung', trigger: 'reload_deposit' as const };
    expect(promotionBody({ ...form, amountKind: 'tiers', tiers: '100 = 10\nabc' }, (key) => key)).toEqual({ problem: 'tiers' });
    expect(promotionBody({ ...form, amountKind: 'tiers', tiers: '100000 = 10000\n1000000 = 150000' }, (key) => key)).toMatchObject({
      body: { amount: { kind: 'tiers', tiers: [{ minDeposit: 100_000 }, { minDeposit: 1_000_000 }] } },
    });
    expect(promotionBody({ ...form, amountKind: 'percent', percent: '12,5', cap: '500000' }, (key) => key)).toMatchObject({
      body: { amount: { kind: 'percent', basisPoints: 1_250, cap: 500_000 } },
    });
    expect(promotionBody({ ...form, trigger: 'claim', amountKind: 'percent', percent: '10', cap: '5' }, (key) => key)).toEqual({
      problem: 'depositOnly',
    });
    expect(promotionBody({ ...form, fixedValue: '1000', maxStake: '1.5' }, (key) => key)).toEqual({
      problem: 'whole',
      values: { field: 'maxStake' },
    });
    expect(promotionBody({ ...form, code: 'lower' }, (key) => key)).toEqual({ problem: 'code' });
  });
});

describe('the promotions screen', () => {
  it('lists the promotions, pauses one, and counts the review queue in the navigation', async () => {
    signIn();
    const calls = promotionServer(() => ok({ status: 'granted', grantId: 1 }));
    changeLanguage('en');
    renderConsole('/promotions');
    const row = await screen.findByTestId('promotion-WELCOME100');
    expect(within(row).getByText('Welcome bonus')).toBeTruthy();
    expect(within(row).getByText('Application')).toBeTruthy();
    expect((await screen.findByTestId('count-promotions')).textContent).toContain('1');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/admin-api/promotions/3/pause')).toBe(true));
    expect(await screen.findByText('Promotion WELCOME100 paused.')).toBeTruthy();
  });

  it('reviews an application: the comment, the shared signal and the proofs shown; a rejection needs a reason', async () => {
    signIn();
    const calls = promotionServer((body) =>
      (body as { decision: string }).decision === 'reject' ? ok({ status: 'rejected', grantId: null }) : refused(409, 'conflict', 'x'),
    );
    changeLanguage('en');
    renderConsole('/promotions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Applications to review' }));
    const row = await screen.findByTestId('promotion-entry-12');
    expect(within(row).getByText('WELCOME100 · Welcome bonus')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'lan88' }).getAttribute('href')).toMatch(/\/members\/7$/);
    expect(within(row).getByTestId('sla-age').textContent).toContain('30 min');
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Lost 2,000,000 yesterday')).toBeTruthy();
    expect(within(dialog).getByText('same address range')).toBeTruthy();
    expect(within(dialog).getAllByTestId('promotion-proof')).toHaveLength(2);
    await waitFor(() => expect(calls.filter((call) => call.path.includes('/entries/12/proofs/')).length).toBe(2));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert').textContent).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/review'))).toBe(false);
    await user.type(within(dialog).getByRole('textbox'), 'No loss on record');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Entry #12 rejected.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/review'))?.body).toEqual({ decision: 'reject', note: 'No loss on record' });
  });

  it('hides the buttons a role may not use', async () => {
    signIn(['promotion:read']);
    promotionServer(() => ok({}));
    changeLanguage('en');
    renderConsole('/promotions');
    const row = await screen.findByTestId('promotion-WELCOME100');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New promotion' })).toBeNull();
  });
});
