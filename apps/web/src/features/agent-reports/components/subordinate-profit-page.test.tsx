import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerAgentReportsTranslations } from '../i18n/register-translations.ts';
import { SubordinateProfitPage } from './subordinate-profit-page.tsx';
import { subordinate } from './test-values.ts';

const AGENT = { memberId: 1, username: 'agent01' };
const MEMBER = { memberId: 21, username: 'member21' };

// The pages are driven through many interactions; a busy shared machine needs more than the default 5 s.
describe('SubordinateProfitPage', { timeout: 20_000 }, () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerAgentReportsTranslations();
  });

  it('lists each direct downline with its team, drills into one and climbs back by the breadcrumb', async () => {
    const api = mockApi({
      'GET /wps/agent/reports/subordinate-pl': (call: { path: string }) =>
        subordinate(call.path.includes('parent=member21') ? [AGENT, MEMBER] : [AGENT]),
    });
    const { user } = renderWithSite(<SubordinateProfitPage />, { language: 'en' });
    const table = await screen.findByTestId('subordinate-rows');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-member')),
    ).toEqual(['member21', 'member23']);
    expect(screen.getByTestId('subordinate-totals').querySelector('[data-field="winLoss"]')?.textContent).toBe('₫15,000');
    // A member alone has no team to open.
    expect(within(table).queryByRole('button', { name: 'Show the team of member23' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Show the team of member21' }));
    await vi.waitFor(() =>
      expect(api.callsTo('GET /wps/agent/reports/subordinate-pl').at(-1)?.path).toBe(
        '/wps/agent/reports/subordinate-pl?period=thisMonth&parent=member21&pageNo=1&pageSize=20',
      ),
    );
    const crumbs = screen.getByRole('navigation', { name: 'Where you are in your team' });
    await vi.waitFor(() => expect(within(crumbs).getByText('member21').getAttribute('aria-current')).toBe('page'));
    const drilled = screen.getByTestId('subordinate-rows');
    expect(
      within(drilled)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('th')?.textContent),
    ).toEqual(['Own play', 'member31']);
    await user.click(within(crumbs).getByRole('button', { name: 'agent01' }));
    await vi.waitFor(() =>
      expect(api.callsTo('GET /wps/agent/reports/subordinate-pl').at(-1)?.path).toBe(
        '/wps/agent/reports/subordinate-pl?period=thisMonth&pageNo=1&pageSize=20',
      ),
    );
  });

  it('shows the figures in Vietnamese and asks for the chosen period', async () => {
    const api = mockApi({ 'GET /wps/agent/reports/subordinate-pl': subordinate([AGENT]) });
    const { user } = renderWithSite(<SubordinateProfitPage />);
    await screen.findByTestId('subordinate-rows');
    expect(screen.getByTestId('subordinate-totals').querySelector('[data-field="validBet"]')?.textContent).toMatch(/^65\.000/);
    await user.selectOptions(screen.getByLabelText('Thời gian'), 'yesterday');
    await vi.waitFor(() => expect(api.callsTo('GET /wps/agent/reports/subordinate-pl').at(-1)?.path).toContain('period=yesterday'));
  });
});
