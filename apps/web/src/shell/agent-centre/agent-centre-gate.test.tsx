import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePopupStore } from '../../state/popup-store.ts';
import { useSessionStore } from '../../state/session-store.ts';
import { LOGIN_VALUE } from '../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../test/render.tsx';
import { AgentCentreGate } from './agent-centre-gate.tsx';
import { AgentCentrePanel } from './agent-centre-panel.tsx';
import { preloadPage, registeredPages } from './page-registry.ts';

const AGENT_API = {
  'GET /wps/agent/network/me': { username: 'agent01', accountType: 1, childAccountTypes: [2, 41, 42, 0], team: { total: 3, byLevel: [] } },
  'GET /wps/agent/wallet': { currency: 'VND', mainBalance: 0, agentBalance: 0 },
};

describe('AgentCentreGate', () => {
  // The pages are lazy chunks: loaded before the tests, none is still loading when a test ends (a
  // load that outlives its test fails once the environment is gone, in whichever file shares it).
  beforeAll(async () => {
    await Promise.all(registeredPages().map(preloadPage));
  }, 60_000);

  beforeEach(() => {
    usePopupStore.getState().close();
    useSessionStore.getState().signOut();
  });

  it('shows an agent the panel: menu of the registered pages, the active one marked, the page on the right; Escape closes', async () => {
    useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 1, username: 'agent01' });
    mockApi(AGENT_API);
    const { user, location } = renderWithSite(<AgentCentreGate />, { route: '/index?ac=agentWallet' });
    expect(screen.getByRole('dialog', { name: 'Trung tâm đại lý' })).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('data-page'))).toEqual(registeredPages());
    expect(screen.getByRole('link', { current: 'page' }).getAttribute('data-page')).toBe('agentWallet');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Ví đại lý');
    expect((await screen.findByTestId('agent-centre-who')).textContent).toMatch(/agent01.*3 thành viên/);
    // The page is a lazy chunk: on a busy machine (the server suite sharing both cores) its first load takes a while.
    await screen.findByText('Ví chính', undefined, { timeout: 25_000 });
    await user.keyboard('{Escape}');
    expect(location()).toBe('/index');
  });

  it("leaves out a contract page whose kind's flag is off in the settings tree, and opens the default page for it", async () => {
    useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 1, username: 'agent01' });
    const node = (modId: string, enabled = '1', childrenNodes: unknown[] = []) => ({ modId, enabled, childrenNodes });
    const tree = [node('AGENT', '1', [node('CONTRACT', '1', [node('DIVIDEND'), node('DAILYSALARY', '0'), node('HOURSALARY', '0')])])];
    mockApi({ ...AGENT_API, 'GET /wps/system/settings': tree });
    const { location } = renderWithSite(<AgentCentreGate />, { route: '/index?ac=agentDailyWages2' });
    await vi.waitFor(() => expect(location()).toBe('/index?ac=agentTeamOverview'));
    const pages = screen.getAllByRole('link').map((l) => l.getAttribute('data-page'));
    expect(pages).toContain('agentDividendRecordCopy2');
    expect(pages).not.toContain('agentDailyWages2');
    expect(pages).not.toContain('agentHourSalary');
    // No node for the kind at all: the feature is not on.
    expect(pages).not.toContain('agentRealtimeSalary');
  });

  it('turns an unknown or unbuilt page into the default page', async () => {
    useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 42 });
    mockApi(AGENT_API);
    const { location } = renderWithSite(<AgentCentreGate />, { route: '/index?ac=nothing' });
    const expected = registeredPages().includes('agentTeamOverview') ? 'agentTeamOverview' : registeredPages()[0];
    await vi.waitFor(() => expect(location()).toBe(`/index?ac=${expected}`));
  });

  it('opens nothing for a player and drops the address parameter', async () => {
    useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 0 });
    const api = mockApi({});
    const { location } = renderWithSite(<AgentCentreGate />, { route: '/index?ac=agentWallet' });
    await vi.waitFor(() => expect(location()).toBe('/index'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('gives a trial account the real-account warning and a visitor the login popup', async () => {
    useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 4 });
    mockApi({});
    const trial = renderWithSite(<AgentCentreGate />, { route: '/index?ac=agentWallet' });
    await vi.waitFor(() => expect(usePopupStore.getState().popup).toBe('realAccount'));
    expect(trial.location()).toBe('/index');
    trial.unmount();

    useSessionStore.getState().signOut();
    usePopupStore.getState().close();
    renderWithSite(<AgentCentreGate />, { route: '/index?ac=agentWallet' });
    await vi.waitFor(() => expect(usePopupStore.getState().popup).toBe('login'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when no page is built (the panel with an empty menu)', async () => {
    useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 2 });
    mockApi(AGENT_API);
    renderWithSite(<AgentCentrePanel pages={[]} page={null} />, { route: '/index?ac=agentTeamOverview', language: 'en' });
    expect(screen.getByRole('dialog', { name: 'Agent centre' })).toBeTruthy();
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByText('The agent centre has no pages yet.')).toBeTruthy();
  });
});
