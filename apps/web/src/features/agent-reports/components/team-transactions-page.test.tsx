import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerAgentReportsTranslations } from '../i18n/register-translations.ts';
import { TeamTransactionsPage } from './team-transactions-page.tsx';
import { TEAM_TRANSACTIONS } from './test-values.ts';

// The pages are driven through many interactions; a busy shared machine needs more than the default 5 s.
describe('TeamTransactionsPage', { timeout: 20_000 }, () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerAgentReportsTranslations();
  });

  it("lists the team's money lines with their member, kind and signed amount, and the totals", async () => {
    const api = mockApi({ 'GET /wps/agent/reports/team-transactions': TEAM_TRANSACTIONS });
    renderWithSite(<TeamTransactionsPage />);
    const rows = within(await screen.findByTestId('team-transactions'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['deposit', 'withdrawal', 'transfer_in']);
    expect(rows[1]?.querySelector('[data-label="Số tiền"]')?.textContent).toMatch(/^-100\.000/);
    expect(rows[1]?.querySelector('[data-label="Số tiền"]')?.className).toBe('ar-amount--down');
    expect(rows[2]?.querySelector('[data-label="Loại"]')?.textContent).toBe('Nhận chuyểntừ đại lý');
    const totals = screen.getByTestId('transactions-totals');
    expect(totals.querySelector('[data-field="deposits"]')?.textContent).toMatch(/^500\.000.*1 lần$/);
    expect(api.callsTo('GET /wps/agent/reports/team-transactions')[0]?.path).toBe(
      '/wps/agent/reports/team-transactions?period=thisWeek&pageNo=1&pageSize=20',
    );
  });

  it('filters by member and kind', async () => {
    const api = mockApi({ 'GET /wps/agent/reports/team-transactions': TEAM_TRANSACTIONS });
    const { user } = renderWithSite(<TeamTransactionsPage />, { language: 'en' });
    await screen.findByTestId('team-transactions');
    await user.type(screen.getByLabelText('Member'), 'member22{Enter}');
    await user.selectOptions(screen.getByLabelText('Type'), 'withdrawal');
    await vi.waitFor(() =>
      expect(api.callsTo('GET /wps/agent/reports/team-transactions').at(-1)?.path).toBe(
        '/wps/agent/reports/team-transactions?period=thisWeek&username=member22&kind=withdrawal&pageNo=1&pageSize=20',
      ),
    );
  });
});
