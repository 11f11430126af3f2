import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerRebatesTranslations } from '../i18n/register-translations.ts';
import { RebateRecords } from './rebate-records.tsx';

const RECORDS = {
  list: [
    {
      id: 2,
      ruleId: 7,
      period: 'D',
      periodStart: '2026-11-24',
      periodEnd: '2026-11-24',
      category: 'RNG',
      vipLevel: 1,
      betBase: 1_000_000,
      ratePpm: 4_000,
      amount: 4_000,
      mode: 'auto',
      status: 'paid',
      createdAt: '2026-11-25T00:25:00.000Z',
      paidAt: '2026-11-25T00:25:00.000Z',
    },
    {
      id: 1,
      ruleId: 8,
      period: 'W',
      periodStart: '2026-11-16',
      periodEnd: '2026-11-22',
      category: 'LIVE',
      vipLevel: 1,
      betBase: 2_000_000,
      ratePpm: 3_000,
      amount: 6_000,
      mode: 'claim',
      status: 'accrued',
      createdAt: '2026-11-23T00:25:00.000Z',
      paidAt: null,
    },
  ],
  pageNo: 1,
  pageSize: 10,
  totalCount: 2,
  totalPages: 1,
  currency: 'VND',
  from: '2026-10-28',
  to: '2026-11-26',
  totalBetBase: 3_000_000,
  totalAmount: 10_000,
};

const CALL = 'GET /wps/member/rebates/MCSFE_getRebateRecords';

describe('RebateRecords (bonusDetails)', { timeout: 20_000 }, () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerRebatesTranslations();
  });
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('lists each rebate with its bet base, rate and amount, and the totals', async () => {
    const api = mockApi({ [CALL]: RECORDS });
    renderWithSite(<RebateRecords />, { language: 'en' });
    const table = await screen.findByTestId('rebate-records');
    const [first, second] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(first?.getAttribute('data-category')).toBe('RNG');
    expect(first?.querySelector('[data-label="Game type"]')?.textContent).toBe('Slots');
    expect(first?.querySelector('[data-label="Valid bet"]')?.textContent).toBe('₫1,000,000');
    expect(first?.querySelector('[data-label="Rate"]')?.textContent).toBe('0.4 %');
    expect(first?.querySelector('[data-label="Rebate"]')?.textContent).toBe('₫4,000');
    expect(first?.querySelector('[data-label="Status"]')?.textContent).toBe('Paid');
    expect(second?.querySelector('[data-label="Period"]')?.textContent).toBe('2026-11-16 – 2026-11-22Weekly');
    expect(second?.querySelector('[data-label="Status"]')?.textContent).toBe('To claim');
    const totals = screen.getByTestId('rebate-totals');
    expect(totals.querySelector('[data-field="amount"]')?.textContent).toBe('₫10,000');
    expect(totals.querySelector('[data-field="betBase"]')?.textContent).toBe('₫3,000,000');
    expect(api.callsTo(CALL)[0]?.path).toMatch(/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&pageNo=1&pageSize=10$/);
  });

  it('filters by game type and says so when a range holds nothing, in Vietnamese', async () => {
    const api = mockApi({ [CALL]: { ...RECORDS, list: [], totalCount: 0, totalBetBase: 0, totalAmount: 0 } });
    const { user } = renderWithSite(<RebateRecords />, { language: 'vi' });
    expect(await screen.findByText('Chưa có khoản hoàn trả nào trong khoảng ngày này.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Loại trò chơi'), 'LIVE');
    await screen.findByText('Chưa có khoản hoàn trả nào trong khoảng ngày này.');
    expect(api.callsTo(CALL).at(-1)?.path).toContain('category=LIVE');
  });
});
