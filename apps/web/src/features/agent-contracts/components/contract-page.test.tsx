import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { type ApiCall, ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerAgentContractsTranslations } from '../i18n/register-translations.ts';
import { ContractPage } from './contract-page.tsx';

// The chart library draws on a canvas, which the test DOM does not have; the chart's chunk is
// replaced by a list of what it was asked to draw.
vi.mock('../../../components/uplot-chart.tsx', () => ({
  default: ({ days, series }: { days: string[]; series: { label: string; values: number[] }[] }) => (
    <ul data-testid="chart">
      {series.map((s) => (
        <li key={s.label}>{`${s.label}: ${days.map((d, i) => `${d}=${s.values[i]}`).join(',')}`}</li>
      ))}
    </ul>
  ),
}));

const BALANCE = { currency: 'VND', sumBalance: 0, mainBalance: 0, bonusBalance: 0, lockedBalance: 0 };

const contract = (over: object = {}) => ({
  id: 11,
  kind: 'dailyWage',
  holderId: 5,
  holderUsername: 'agent01',
  offeredByUsername: null,
  tiers: [
    { minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints: 50 },
    { minBet: 100_000_000, minActiveMembers: 5, minNetLoss: 0, rateBasisPoints: 100 },
  ],
  status: 'active',
  period: 'day',
  endReason: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  signedAt: '2026-11-20T01:00:00.000Z',
  endedAt: null,
  ...over,
});

const MINE = { kind: 'dailyWage', isPaused: false, active: contract(), pending: null, requests: [] };
const DOWNLINES = {
  list: [{ memberId: 6, username: 'agent02', accountType: 2, active: null, pending: null, pendingTermination: null }],
  pageNo: 1,
  pageSize: 10,
  totalCount: 1,
  totalPages: 1,
};
const RECORDS = {
  list: [
    {
      id: 3,
      contractId: 11,
      kind: 'dailyWage',
      periodStart: '2026-11-24',
      periodEnd: '2026-11-24',
      metrics: { bet: 4_000_000, validBet: 4_000_000, activeMembers: 2, netLoss: 1_500_000 },
      tier: 0,
      rateBasisPoints: 100,
      ownAmount: 40_000,
      downlines: [{ username: 'agent02', amount: 5_000 }],
      payout: 35_000,
      clampAmount: 0,
      paidBy: 'house',
      payerUsername: null,
      settledAt: '2026-11-25T00:30:00.000Z',
    },
  ],
  pageNo: 1,
  pageSize: 10,
  totalCount: 1,
  totalPages: 1,
  from: '2026-10-28',
  to: '2026-11-26',
  currency: 'VND',
  totals: { count: 1, ownAmount: 40_000, downlineAmount: 5_000, payout: 35_000, clampAmount: 0 },
  byDay: [
    { day: '2026-11-23', ownAmount: 30_000, payout: 26_000 },
    { day: '2026-11-24', ownAmount: 40_000, payout: 35_000 },
  ],
};

const BASE = '/wps/agent/contracts';
const SITE = {
  'GET /wps/v2/wallets/balance': BALANCE,
  [`GET ${BASE}/MCSFE_getDailySalaryContract`]: MINE,
  [`GET ${BASE}/MCSFE_getDailySalaryDownlineContracts`]: DOWNLINES,
  [`GET ${BASE}/MCSFE_getDailySalaryContractRecords`]: RECORDS,
};

const LOWER_RATE = 'This offer is lower than a contract below this agent. Send it again to confirm: those contracts will end.';

describe('ContractPage', { timeout: 20_000 }, () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerAgentContractsTranslations();
  });
  beforeEach(() => useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 1 }));

  it("shows the agent's contract tiers and the settlement records with their inputs and totals", async () => {
    const api = mockApi(SITE);
    renderWithSite(<ContractPage kind="dailyWage" />, { language: 'en' });
    const tiers = await screen.findByTestId('contract-tiers');
    const tierRows = within(tiers).getAllByRole('row').slice(1);
    expect(tierRows.map((r) => r.querySelector('[data-label="Rate"]')?.textContent)).toEqual(['0.5 %', '1 %']);
    expect(screen.getByTestId('my-contract').textContent).toContain('Set by the platform');

    const records = await screen.findByTestId('contract-records');
    const row = within(records).getAllByRole('row')[1] as HTMLElement;
    expect(row.getAttribute('data-period')).toBe('2026-11-24');
    expect(row.querySelector('[data-label="Tier and rate"]')?.textContent).toBe('Tier 1 · 1 %');
    expect(row.querySelector('[data-label="Team\'s figures"]')?.textContent).toContain('2 active members');
    expect(row.querySelector('[data-label="Paid to downline"]')?.textContent).toMatch(/^agent02: ₫5,000$/);
    expect(row.querySelector('[data-label="Kept"]')?.textContent).toBe('₫35,000');
    expect(row.querySelector('[data-label="Paid by"]')?.textContent).toBe('The platform');
    const totals = screen.getByTestId('records-totals');
    expect(totals.querySelector('[data-field="count"]')?.textContent).toBe('1');
    expect(totals.querySelector('[data-field="payout"]')?.textContent).toBe('₫35,000');
    // The chart of the range's payouts per day, as the server summed them (not only this page's rows).
    const chart = screen.getByTestId('records-chart');
    expect(chart.querySelector('figcaption')?.textContent).toBe('Payouts per period');
    expect(chart.getAttribute('aria-label')).toBe('Payouts per period: 2 days with payouts, from 2026-11-23 to 2026-11-24.');
    // The chart's chunk loads lazily; the legend is there first.
    const drawn = await within(chart).findByTestId('chart', {}, { timeout: 5_000 });
    expect(
      within(drawn)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Kept: 2026-11-23=26000,2026-11-24=35000', 'My amount: 2026-11-23=30000,2026-11-24=40000']);
    expect(Array.from(chart.querySelectorAll('.trend-chart__key')).map((li) => li.textContent)).toEqual(['Kept', 'My amount']);
    const path = api.callsTo(`GET ${BASE}/MCSFE_getDailySalaryContractRecords`)[0]?.path ?? '';
    expect(path).toMatch(/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&pageNo=1&pageSize=10$/);
  });

  it('offers a contract to a direct downline, shows the lower-rate sentence, and confirms with confirm: true', async () => {
    const offers: unknown[] = [];
    const api = mockApi({
      ...SITE,
      [`POST ${BASE}/MCS2_offerContract`]: (call: ApiCall) => {
        offers.push(call.body);
        if (!(call.body as { confirm: boolean }).confirm)
          return new ApiRefusal('agent_contract_lower_rate_confirm', LOWER_RATE, undefined, 409);
        return { contract: contract({ id: 12, status: 'pending', holderUsername: 'agent02' }), request: null, endedContractIds: [13] };
      },
    });
    const { user } = renderWithSite(<ContractPage kind="dailyWage" />, { language: 'en' });
    const table = await screen.findByTestId('downline-contracts');
    await user.click(within(table).getByRole('button', { name: 'Offer a contract' }));
    const form = screen.getByRole('form', { name: 'Offer a contract to agent02' });
    // Filled in with the agent's own terms: the most it may offer.
    const rates = within(form).getAllByLabelText('Rate (%)') as HTMLInputElement[];
    expect(rates.map((r) => r.value)).toEqual(['0.5', '1']);
    await user.click(within(form).getByRole('button', { name: 'Remove tier 2' }));
    const rate = within(form).getByLabelText('Rate (%)');
    await user.clear(rate);
    await user.type(rate, 'abc');
    await user.click(within(form).getByRole('button', { name: 'Send the offer' }));
    expect(await within(form).findByText('Enter a rate from 0 to 100 with at most two decimals, such as 0.5.')).toBeTruthy();
    expect(api.callsTo(`POST ${BASE}/MCS2_offerContract`)).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '0.3');
    await user.click(within(form).getByRole('button', { name: 'Send the offer' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(LOWER_RATE);
    await user.click(within(form).getByRole('button', { name: 'Offer anyway' }));
    expect(await screen.findByText('Offer sent to agent02. The contract starts when they sign it.')).toBeTruthy();
    const tier = { minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints: 30 };
    expect(offers).toEqual([
      { kind: 'dailyWage', holderUsername: 'agent02', tiers: [tier], confirm: false },
      { kind: 'dailyWage', holderUsername: 'agent02', tiers: [tier], confirm: true },
    ]);
  });

  it('signs an offer waiting for the agent, and shows a refusal as the server says it', async () => {
    const pending = contract({ id: 12, status: 'pending', signedAt: null, offeredByUsername: 'agent01', holderUsername: 'agent02' });
    const request = {
      id: 21,
      contractId: 12,
      kind: 'dailyWage',
      type: 'new',
      requestedByUsername: 'agent01',
      createdAt: pending.createdAt,
    };
    let signed = false;
    let refuse = true;
    const api = mockApi({
      ...SITE,
      [`GET ${BASE}/MCSFE_getDailySalaryContract`]: () =>
        signed
          ? { ...MINE, active: { ...pending, status: 'active', signedAt: '2026-11-26T02:00:00.000Z' } }
          : { ...MINE, active: null, pending, requests: [request] },
      [`POST ${BASE}/MCS2_signContract`]: () => {
        if (refuse) {
          refuse = false;
          return new ApiRefusal(
            'agent_contract_kind_paused',
            'Contracts of this kind are paused by the platform. Try again later.',
            undefined,
            409,
          );
        }
        signed = true;
        return { contract: { ...pending, status: 'active' }, request: { ...request }, endedContractIds: [] };
      },
    });
    const { user } = renderWithSite(<ContractPage kind="dailyWage" />, { language: 'en' });
    expect(await screen.findByText('agent01 offers you this contract. Sign it to start earning by the tiers below.')).toBeTruthy();
    expect(screen.getByTestId('my-contract').textContent).toContain('Offered by agent01');
    await user.click(screen.getByRole('button', { name: 'Sign the contract' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Contracts of this kind are paused by the platform. Try again later.');
    await user.click(screen.getByRole('button', { name: 'Sign the contract' }));
    expect(await screen.findByText('The contract is updated.')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Sign the contract' })).toBeNull());
    expect(screen.getByTestId('my-contract').querySelector('[data-status="active"]')).toBeTruthy();
    expect(api.callsTo(`POST ${BASE}/MCS2_signContract`).map((c) => c.body)).toEqual([{ requestId: 21 }, { requestId: 21 }]);
  });

  it("shows an hour's record by its start and end in the site's zone, and what a payout gave back for an overpaid period", async () => {
    const hour = {
      ...RECORDS.list[0],
      kind: 'hourlyWage',
      periodStart: '2026-11-26',
      periodEnd: '2026-11-26',
      slotStart: '2026-11-26T07:00:00.000Z',
      deductedAmount: 2_000,
    };
    mockApi({
      'GET /wps/v2/wallets/balance': BALANCE,
      [`POST ${BASE}/MCSFE_getHourSalaryContract`]: { ...MINE, kind: 'hourlyWage' },
      [`POST ${BASE}/MCSFE_getHourSalaryDownlineContracts`]: { ...DOWNLINES, list: [] },
      [`POST ${BASE}/MCSFE_getHourSalaryContractRecords`]: { ...RECORDS, list: [hour] },
    });
    renderWithSite(<ContractPage kind="hourlyWage" />, { language: 'vi' });
    const row = (await screen.findByText('2026-11-26 14:00 – 15:00')).closest('tr');
    expect(row).toBeTruthy();
    expect(within(row as HTMLElement).getByText(/^Đã hoàn lại 2\.000\s₫ trả thừa của kỳ trước$/)).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Kỳ (GMT+7)');
  });

  it('reads the hourly kind by POST, as the spec says', async () => {
    const api = mockApi({
      'GET /wps/v2/wallets/balance': BALANCE,
      [`POST ${BASE}/MCSFE_getHourSalaryContract`]: { ...MINE, kind: 'hourlyWage', active: null },
      [`POST ${BASE}/MCSFE_getHourSalaryDownlineContracts`]: { ...DOWNLINES, list: [] },
      [`POST ${BASE}/MCSFE_getHourSalaryContractRecords`]: {
        ...RECORDS,
        list: [],
        totalCount: 0,
        totals: { ...RECORDS.totals, count: 0 },
        byDay: [],
      },
    });
    renderWithSite(<ContractPage kind="hourlyWage" />, { language: 'vi' });
    expect(
      await screen.findByText('Bạn chưa có hợp đồng loại này. Tuyến trên trực tiếp của bạn có thể đề nghị một hợp đồng.'),
    ).toBeTruthy();
    expect(await screen.findByText('Bạn cần có hợp đồng đang hiệu lực loại này để đề nghị hợp đồng cho tuyến dưới.')).toBeTruthy();
    expect(await screen.findByText('Chưa có kỳ nào được thanh toán trong khoảng này.')).toBeTruthy();
    expect(screen.queryByTestId('records-chart')).toBeNull();
    expect(api.callsTo(`POST ${BASE}/MCSFE_getHourSalaryContractRecords`)[0]?.body).toMatchObject({ pageNo: 1, pageSize: 10 });
  });
});
