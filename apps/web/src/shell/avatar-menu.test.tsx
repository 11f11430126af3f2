import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePopupStore } from '../state/popup-store.ts';
import { useSessionStore } from '../state/session-store.ts';
import { LOGIN_VALUE } from '../test/fixtures.ts';
import { mockApi, renderWithSite } from '../test/render.tsx';
import { AvatarMenu } from './avatar-menu.tsx';

const API = {
  'GET /wps/member/inbox/unread-count': { count: 0 },
  'GET /wps/member/avatar': { avatarUrl: '' },
};

async function openMenu(accountType: number) {
  useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: accountType });
  const api = mockApi(API);
  const site = renderWithSite(<AvatarMenu />, { route: '/index' });
  await site.user.click(screen.getByRole('button', { name: /player1/ }));
  return { ...site, api };
}

describe('AvatarMenu: the agent centre entry', () => {
  beforeEach(() => usePopupStore.getState().close());

  it('opens the agent centre on its default page for an agent', async () => {
    const { user, location } = await openMenu(41);
    await user.click(screen.getByRole('menuitem', { name: 'Trung tâm đại lý' }));
    expect(location()).toBe('/index?ac=agentTeamOverview');
  });

  it('is absent for a player', async () => {
    await openMenu(0);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).not.toContain('Trung tâm đại lý');
  });

  it('gives a trial account the real-account warning instead', async () => {
    const { user, location } = await openMenu(4);
    await user.click(screen.getByRole('menuitem', { name: 'Trung tâm đại lý' }));
    expect(usePopupStore.getState().popup).toBe('realAccount');
    expect(location()).toBe('/index');
  });
});

describe('AvatarMenu: the badge', () => {
  it('counts the promotions the member can act on (availablePromoCount)', async () => {
    useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 0 });
    mockApi({ ...API, 'GET /wps/member/promotions/MCSFE_getPromotions': { list: [], availableCount: 3 } });
    renderWithSite(<AvatarMenu />, { route: '/index' });
    await waitFor(() => expect(screen.getByTestId('avatar-badge').textContent).toBe('3'));
  });
});
