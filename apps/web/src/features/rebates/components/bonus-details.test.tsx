import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerRebatesTranslations } from '../i18n/register-translations.ts';
import { BonusDetails } from './bonus-details.tsx';

const EMPTY_REBATES = {
  list: [],
  pageNo: 1,
  pageSize: 10,
  totalCount: 0,
  totalPages: 1,
  currency: 'VND',
  from: '2026-10-28',
  to: '2026-11-26',
  totalBetBase: 0,
  totalAmount: 0,
};

const CASHBACK = {
  list: [
    {
      id: 3,
      ruleId: 2,
      period: 'W',
      periodStart: '2026-11-16',
      periodEnd: '2026-11-22',
      vipLevel: 1,
      netLoss: 1_200_000,
      minLoss: 1_000_000,
      ratePpm: 50_000,
      maxAmount: null,
      amount: 60_000,
      status: 'paid',
      createdAt: '2026-11-23T00:25:00.000Z',
    },
    {
      id: 2,
      ruleId: 1,
      period: 'D',
      periodStart: '2026-11-10',
      periodEnd: '2026-11-10',
      vipLevel: 0,
      netLoss: 3_000_000,
      minLoss: 1_000_000,
      ratePpm: 50_000,
      maxAmount: 100_000,
      amount: 100_000,
      status: 'withheld',
      createdAt: '2026-11-11T00:25:00.000Z',
    },
  ],
  pageNo: 1,
  pageSize: 10,
  totalCount: 2,
  totalPages: 1,
  currency: 'VND',
  from: '2026-10-28',
  to: '2026-11-26',
  totalNetLoss: 4_200_000,
  totalAmount: 160_000,
};

const REBATES_CALL = 'GET /wps/member/rebates/MCSFE_getRebateRecords';
const CASHBACK_CALL = 'GET /wps/member/rebates/MCSFE_getCashbackRecords';

describe('BonusDetails: rebates and cashback', { timeout: 20_000 }, () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerRebatesTranslations();
  });
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('shows the rebates first, and the cashback lines with their loss, minimum, rate, cap and amount on the second tab', async () => {
    const api = mockApi({ [REBATES_CALL]: EMPTY_REBATES, [CASHBACK_CALL]: CASHBACK });
    renderWithSite(<BonusDetails />, { language: 'en' });
    expect(await screen.findByText('No rebates in these days yet.')).toBeTruthy();
    expect(api.callsTo(CASHBACK_CALL)).toHaveLength(0);
    const cashbackTab = screen.getByRole('button', { name: 'Loss cashback' });
    expect(cashbackTab.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(cashbackTab);
    const table = await screen.findByTestId('cashback-records');
    expect(cashbackTab.getAttribute('aria-pressed')).toBe('true');
    const [first, second] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(first?.querySelector('[data-label="Period"]')?.textContent).toBe('2026-11-16 – 2026-11-22Weekly');
    expect(first?.querySelector('[data-label="Net loss"]')?.textContent).toBe('₫1,200,000');
    expect(first?.querySelector('[data-label="Rate"]')?.textContent).toBe('5 %');
    expect(first?.querySelector('[data-label="Cap"]')?.textContent).toBe('No cap');
    expect(first?.querySelector('[data-label="Cashback"]')?.textContent).toBe('₫60,000');
    expect(second?.querySelector('[data-label="Cap"]')?.textContent).toBe('₫100,000');
    expect(second?.querySelector('[data-label="Status"]')?.textContent).toBe('Not paid');
    expect(screen.getByTestId('cashback-totals').querySelector('[data-field="amount"]')?.textContent).toBe('₫160,000');
    expect(api.callsTo(CASHBACK_CALL)[0]?.path).toMatch(/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&pageNo=1&pageSize=10$/);
  });

  it('speaks Vietnamese', async () => {
    mockApi({ [REBATES_CALL]: EMPTY_REBATES, [CASHBACK_CALL]: CASHBACK });
    renderWithSite(<BonusDetails />, { language: 'vi' });
    fireEvent.click(await screen.findByRole('button', { name: 'Hoàn tiền thua' }));
    const table = await screen.findByTestId('cashback-records');
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(first.querySelector('[data-label="Số tiền thua"]')).toBeTruthy();
    expect(first.querySelector('[data-label="Trạng thái"]')?.textContent).toBe('Đã trả');
    expect(screen.getByRole('button', { name: 'Hoàn trả cược' }).getAttribute('aria-pressed')).toBe('false');
  });
});
