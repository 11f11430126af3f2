import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerAgentReportsTranslations } from '../i18n/register-translations.ts';
import { TeamBetsPage } from './team-bets-page.tsx';
import { TEAM_BETS } from './test-values.ts';

const LANES = [
  { title: 'Slots', gameType: 'RNG', cards: [{ vassalage: 'DEMO', displayName: 'Demo Games' }] },
  { title: 'Live', gameType: 'LIVE', cards: [{ vassalage: 'LIVE1', displayName: 'Live One' }] },
];

const SITE = { 'GET /wps/relay/GCSGAME_newGameVendor': LANES, 'GET /wps/agent/reports/team-bets': TEAM_BETS };

// The pages are driven through many interactions; a busy shared machine needs more than the default 5 s.
describe('TeamBetsPage', { timeout: 20_000 }, () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerAgentReportsTranslations();
  });

  it("lists the team's rounds with member, level and totals, this week by default", async () => {
    const api = mockApi(SITE);
    renderWithSite(<TeamBetsPage />);
    const table = await screen.findByTestId('team-bets');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-round'))).toEqual(['r-11', 'r-12']);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('member21Cấp 1');
    expect(rows[1]?.querySelector('[data-label="Thắng/thua của đội"]')?.className).toBe('ar-amount--down');
    // Games and vendors by name in the member's language; a round the catalogue no longer names keeps its codes.
    expect(within(rows[0] as HTMLElement).getByText('Bảy May Mắn')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Lotus Studio · Nổ hũ')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('DEMO · Nổ hũ')).toBeTruthy();
    const totals = screen.getByTestId('bets-totals');
    expect(totals.querySelector('[data-field="count"]')?.textContent).toBe('2');
    expect(totals.querySelector('[data-field="winLoss"]')?.textContent).toMatch(/^20\.000/);
    expect(api.callsTo('GET /wps/agent/reports/team-bets')[0]?.path).toBe(
      '/wps/agent/reports/team-bets?period=thisWeek&pageNo=1&pageSize=20',
    );
  });

  it('sends each filter, the member only once it is entered, and starts again at page 1', async () => {
    const api = mockApi({ ...SITE, 'GET /wps/agent/reports/team-bets': { ...TEAM_BETS, totalCount: 45, totalPages: 3 } });
    const { user } = renderWithSite(<TeamBetsPage />, { language: 'en' });
    await screen.findByTestId('team-bets');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(api.callsTo('GET /wps/agent/reports/team-bets').at(-1)?.path).toContain('pageNo=2'));
    await user.type(screen.getByLabelText('Member'), 'Member22');
    const before = api.callsTo('GET /wps/agent/reports/team-bets').length;
    expect(api.callsTo('GET /wps/agent/reports/team-bets')).toHaveLength(before);
    await user.keyboard('{Enter}');
    await user.selectOptions(screen.getByLabelText('Level'), '2');
    await user.selectOptions(screen.getByLabelText('Game type'), 'RNG');
    await user.selectOptions(screen.getByLabelText('Provider'), 'DEMO');
    await user.selectOptions(screen.getByLabelText('Status'), 'settled');
    await vi.waitFor(() =>
      expect(api.callsTo('GET /wps/agent/reports/team-bets').at(-1)?.path).toBe(
        '/wps/agent/reports/team-bets?period=thisWeek&username=Member22&level=2&gameCategory=RNG&vendorCode=DEMO&status=settled&pageNo=1&pageSize=20',
      ),
    );
    // Only the providers of the chosen game type are offered.
    expect(
      within(screen.getByLabelText('Provider'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All providers', 'Demo Games']);
  });

  it('says so when nothing matches, and shows a refusal for a member outside the team', async () => {
    mockApi({
      ...SITE,
      'GET /wps/agent/reports/team-bets': (call: { path: string }) =>
        call.path.includes('username=')
          ? new ApiRefusal('not_in_team', 'This member is not in your team. Check the username.', undefined, 404)
          : { ...TEAM_BETS, list: [], totalCount: 0, totals: { ...TEAM_BETS.totals, count: 0 } },
    });
    const { user } = renderWithSite(<TeamBetsPage />, { language: 'en' });
    expect(await screen.findByText('No bets of your team match these filters.')).toBeTruthy();
    await user.type(screen.getByLabelText('Member'), 'stranger{Enter}');
    expect(await screen.findByText('This member is not in your team. Check the username.')).toBeTruthy();
  });
});
