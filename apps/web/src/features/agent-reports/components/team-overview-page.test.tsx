import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerAgentReportsTranslations } from '../i18n/register-translations.ts';
import { TeamOverviewPage } from './team-overview-page.tsx';
import { OVERVIEW } from './test-values.ts';

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

// The pages are driven through many interactions; a busy shared machine needs more than the default 5 s.
describe('TeamOverviewPage', { timeout: 20_000 }, () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerAgentReportsTranslations();
  });

  it("shows the team's figures for today in Vietnamese, with the levels and the charts", async () => {
    const api = mockApi({ 'GET /wps/agent/reports/overview': OVERVIEW });
    renderWithSite(<TeamOverviewPage />);
    const figures = await screen.findByTestId('overview-figures');
    expect(within(figures).getByText('Thành viên đội').nextSibling?.textContent).toBe('12');
    expect(figures.querySelector('[data-field="deposits"]')?.textContent).toMatch(/^1\.500\.000.*3 lần$/);
    expect(figures.querySelector('[data-field="winLoss"]')?.textContent).toMatch(/^-200\.000/);
    expect(figures.querySelector('[data-field="winLoss"]')?.className).toBe('ar-amount--down');
    const levels = screen.getByTestId('overview-levels');
    expect(
      within(levels)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['CấpThành viên', 'Cấp 13', 'Cấp 29']);
    expect(api.callsTo('GET /wps/agent/reports/overview')[0]?.path).toBe('/wps/agent/reports/overview?period=today');
    const charts = await screen.findAllByTestId('chart');
    expect(charts[0]?.textContent).toContain('Cược hợp lệ: 2026-11-26=850000');
  });

  it('asks again for the chosen period, and a range only once both days make sense', async () => {
    const api = mockApi({ 'GET /wps/agent/reports/overview': OVERVIEW });
    const { user } = renderWithSite(<TeamOverviewPage />, { language: 'en' });
    await screen.findByTestId('overview-figures');
    await user.selectOptions(screen.getByLabelText('Period'), 'thisMonth');
    await vi.waitFor(() => expect(api.callsTo('GET /wps/agent/reports/overview').at(-1)?.path).toContain('period=thisMonth'));
    await user.selectOptions(screen.getByLabelText('Period'), 'range');
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    await user.clear(to);
    expect(await screen.findByText('Choose both the first and the last day.')).toBeTruthy();
    await user.type(to, '2026-11-20');
    await user.clear(from);
    await user.type(from, '2026-11-10');
    await vi.waitFor(() =>
      expect(api.callsTo('GET /wps/agent/reports/overview').at(-1)?.path).toBe(
        '/wps/agent/reports/overview?period=range&from=2026-11-10&to=2026-11-20',
      ),
    );
  });

  it("says what to do when the agent's team is empty", async () => {
    mockApi({ 'GET /wps/agent/reports/overview': { ...OVERVIEW, teamSize: { total: 0, byLevel: [] } } });
    renderWithSite(<TeamOverviewPage />, { language: 'en' });
    expect(await screen.findByText(/You have no members in your team yet/)).toBeTruthy();
  });

  it("shows the server's refusal with a way to try again", async () => {
    mockApi({
      'GET /wps/agent/reports/overview': new ApiRefusal('not_an_agent', 'Chỉ tài khoản đại lý mới xem được trang này.', undefined, 403),
    });
    renderWithSite(<TeamOverviewPage />);
    expect(await screen.findByText('Chỉ tài khoản đại lý mới xem được trang này.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeTruthy();
  });
});
