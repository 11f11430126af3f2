import type { PromotionInput } from '@platform/contracts/promotions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { localInput } from '../lib/format.ts';
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

/** A loss promotion with every field the definition takes set, so a field the form drops shows. */
const lossInput: PromotionInput = {
  code: 'WEEKLY_LOSS',
  category: 'SLOTS',
  titles: { vi: 'Hoàn thua tuần', en: 'Weekly loss back' },
  bodies: { vi: 'Nội dung', en: 'Text' },
  images: { vi: '/p/vi.png', en: '/p/en.png', th: '/p/th.png' },
  startsAt: '2026-11-02T00:00:00.000Z',
  endsAt: '2027-01-31T23:59:00.000Z',
  audience: { vipLevels: [1, 3], labels: ['gold'], newMemberDays: 30, downlineOf: 9, firstDepositOnly: true },
  trigger: 'loss_period',
  minDeposit: 100_000,
  loss: { period: 'W', minLoss: 500_000, mode: 'claim' },
  amount: { kind: 'percent', basisPoints: 1_250, cap: 2_000_000 },
  wagering: { multiple: 1.5, weights: { RNG: 100, LIVE: 50 } },
  maxStake: 200_000,
  maxConversion: 1_000_000,
  expiryHours: 72,
  onWithdrawal: 'forfeit',
  stackable: true,
  perMemberLimit: 12,
  contactIdRequired: true,
};
const raffleInput: PromotionInput = {
  ...lossInput,
  code: 'XMAS_RAFFLE',
  trigger: 'raffle',
  loss: undefined,
  raffle: { ticketTurnover: 1_000_000, ticketsMax: 50, drawAt: '2026-12-25T13:30:00.000Z', prizes: [10_000_000, 5_000_000, 1_000_000] },
  amount: { kind: 'fixed', value: 777 },
};
delete raffleInput.loss;

describe('the form for loss promotions and raffles', () => {
  it('gives back every field of a stored loss promotion and of a stored raffle, unchanged', () => {
    for (const stored of [lossInput, raffleInput]) {
      const checked = promotionBody(promotionForm(stored), (key) => key);
      expect('body' in checked && checked.body).toEqual(stored);
    }
  });

  it('takes the loss rule as typed: period, least loss, mode, and tiers by loss', () => {
    const form = { ...promotionForm(lossInput), lossPeriod: 'M' as const, minLoss: '800000', lossMode: 'auto' as const };
    expect(promotionBody({ ...form, amountKind: 'tiers', tiers: '1000000 = 50000\n5000000 = 300000' }, (key) => key)).toMatchObject({
      body: {
        loss: { period: 'M', minLoss: 800_000, mode: 'auto' },
        amount: {
          kind: 'tiers',
          tiers: [
            { minDeposit: 1_000_000, amount: 50_000 },
            { minDeposit: 5_000_000, amount: 300_000 },
          ],
        },
      },
    });
    expect(promotionBody({ ...form, minLoss: '0' }, (key) => key)).toEqual({ problem: 'minLoss' });
    expect(promotionBody({ ...form, minLoss: '' }, (key) => key)).toEqual({ problem: 'whole', values: { field: 'minLoss' } });
  });

  it('takes the raffle as typed, a new one recording its first prize as the unused amount, and names its problems', () => {
    const form = {
      ...promotionForm(),
      code: 'RAFFLE',
      titleEn: 'Raffle',
      bodyEn: 'Text',
      startsAt: localInput('2026-12-01T00:00:00.000Z'),
      endsAt: localInput('2026-12-31T00:00:00.000Z'),
      trigger: 'raffle' as const,
      amountKind: 'percent' as const,
      ticketTurnover: '500000',
      ticketsMax: '20',
      drawAt: localInput('2026-12-30T12:00:00.000Z'),
      prizes: '3000000\n\n1000000\n',
    };
    expect(promotionBody(form, (key) => key)).toMatchObject({
      body: {
        trigger: 'raffle',
        raffle: { ticketTurnover: 500_000, ticketsMax: 20, drawAt: '2026-12-30T12:00:00.000Z', prizes: [3_000_000, 1_000_000] },
        amount: { kind: 'fixed', value: 3_000_000 },
      },
    });
    const made = promotionBody(form, (key) => key);
    expect('body' in made && made.body.loss).toBeUndefined();
    expect(promotionBody({ ...form, drawAt: localInput('2027-01-02T00:00:00.000Z') }, (key) => key)).toEqual({ problem: 'drawInside' });
    expect(promotionBody({ ...form, drawAt: '' }, (key) => key)).toEqual({ problem: 'drawAt' });
    expect(promotionBody({ ...form, prizes: '100\nten' }, (key) => key)).toEqual({ problem: 'prizes' });
    expect(promotionBody({ ...form, prizes: '' }, (key) => key)).toEqual({ problem: 'prizes' });
    expect(promotionBody({ ...form, ticketsMax: '100001' }, (key) => key)).toEqual({ problem: 'ticketsMax' });
    expect(promotionBody({ ...form, ticketTurnover: '0' }, (key) => key)).toEqual({ problem: 'ticketTurnover' });
  });
});

function editServer(stored: PromotionInput) {
  const row = { id: 5, state: 'active', input: stored, createdAt: stored.startsAt, updatedAt: stored.startsAt };
  return fakeServer([
    (call) => (call.method === 'GET' && call.path === '/admin-api/promotions' ? ok({ list: [row] }) : undefined),
    (call) => (call.method === 'PUT' || call.method === 'POST' ? ok({ ...row, input: call.body }) : undefined),
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}

describe('editing loss promotions and raffles on the screen', () => {
  it('saves a raffle opened and saved unchanged with every field as stored', async () => {
    signIn();
    const calls = editServer(raffleInput);
    changeLanguage('en');
    renderConsole('/promotions');
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('promotion-XMAS_RAFFLE')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const rule = within(dialog).getByTestId('promotion-raffle-rule');
    expect((within(rule).getByLabelText('Prizes by rank: one a line, first prize first (at most 100)') as HTMLTextAreaElement).value).toBe(
      '10000000\n5000000\n1000000',
    );
    expect(within(dialog).queryByLabelText('Bonus')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save promotion' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual(raffleInput));
    expect(calls.find((call) => call.method === 'PUT')?.path).toBe('/admin-api/promotions/5');
  });

  it('edits a loss promotion’s period, least loss and mode, keeping the rest', async () => {
    signIn();
    const calls = editServer(lossInput);
    changeLanguage('en');
    renderConsole('/promotions');
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('promotion-WEEKLY_LOSS')).getByRole('button', { name: 'Edit' }));
    const rule = within(await screen.findByRole('dialog')).getByTestId('promotion-loss-rule');
    await user.selectOptions(within(rule).getByLabelText('Period'), 'D');
    const least = within(rule).getByLabelText('Least net loss in a period that earns the bonus');
    await user.clear(least);
    await user.type(least, '300000');
    await user.selectOptions(within(rule).getByLabelText('When a period is settled'), 'auto');
    await user.click(screen.getByRole('button', { name: 'Save promotion' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        ...lossInput,
        loss: { period: 'D', minLoss: 300_000, mode: 'auto' },
      }),
    );
  });

  it('offers both triggers when making a promotion, each with its own rule', async () => {
    signIn();
    editServer(lossInput);
    changeLanguage('vi');
    renderConsole('/promotions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Khuyến mãi mới' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Cách nhận'), 'loss_period');
    expect(within(dialog).getByTestId('promotion-loss-rule')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Cách nhận'), 'raffle');
    expect(within(dialog).getByTestId('promotion-raffle-rule')).toBeTruthy();
    expect(within(dialog).queryByTestId('promotion-loss-rule')).toBeNull();
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
