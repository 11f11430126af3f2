import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerAgentReportsTranslations } from '../i18n/register-translations.ts';
import { AgentIncomePage } from './agent-income-page.tsx';
import { INCOME } from './test-values.ts';

vi.mock('../../../components/uplot-chart.tsx', () => ({
  default: ({ days, series }: { days: string[]; series: { label: string; values: number[] }[] }) => (
    // The same stand-in as every other test that draws a chart: the files of a worker share their modules.
    <ul data-testid="chart">
      {series.map((s) => (
        <li key={s.label}>{`${s.label}: ${days.map((d, i) => `${d}=${s.values[i]}`).join(',')}`}</li>
      ))}
    </ul>
  ),
}));

// The pages are driven through many interactions; a busy shared machine needs more than the default 5 s.
describe('AgentIncomePage', { timeout: 20_000 }, () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerAgentReportsTranslations();
  });

  it('shows the total and each kind of income, the chart per day and every line with its sender', async () => {
    const api = mockApi({ 'GET /wps/agent/reports/income': INCOME });
    renderWithSite(<AgentIncomePage />, { language: 'en' });
    const kinds = await screen.findByTestId('income-kinds');
    expect(kinds.querySelector('[data-field="total"]')?.textContent).toBe('₫300,000');
    expect(kinds.querySelector('[data-field="downline_transfer"]')?.textContent).toMatch(/^₫300,000.*2 times$/);
    expect(within(kinds).getByText('Red envelope returns')).toBeTruthy();
    expect((await screen.findByTestId('chart')).textContent).toBe('Total: 2026-11-25=100000,2026-11-26=200000');
    const rows = within(screen.getByTestId('income-lines')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('[data-label="From"]')?.textContent)).toEqual(['member21', 'member23']);
    expect(rows[0]?.querySelector('[data-label="Note"]')?.textContent).toBe('tiền tuần');
    expect(api.callsTo('GET /wps/agent/reports/income')[0]?.path).toBe('/wps/agent/reports/income?period=thisMonth&pageNo=1&pageSize=20');
  });

  it('asks for one kind, in Vietnamese, and says when there is no income', async () => {
    const api = mockApi({
      'GET /wps/agent/reports/income': (call: { path: string }) =>
        call.path.includes('kind=') ? { ...INCOME, list: [], total: 0, totalCount: 0, days: [] } : INCOME,
    });
    const { user } = renderWithSite(<AgentIncomePage />);
    await screen.findByTestId('income-lines');
    await user.selectOptions(screen.getByLabelText('Loại'), 'red_envelope_return');
    expect(await screen.findByText('Không có thu nhập trong thời gian này.')).toBeTruthy();
    expect(api.callsTo('GET /wps/agent/reports/income').at(-1)?.path).toContain('kind=red_envelope_return');
  });
});
