import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../state/session-store.ts';
import { LOGIN_VALUE } from '../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../test/render.tsx';
import { MemberCentreModal } from './member-centre-modal.tsx';

describe('MemberCentreModal', () => {
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('shows the page with the menu, moves between pages in the address, and closes on Escape', async () => {
    mockApi({});
    const { user, location } = renderWithSite(<MemberCentreModal page="rewardCenter" />, { route: '/index?mc=rewardCenter' });
    expect(screen.getByRole('dialog', { name: 'Trung tâm hội viên' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Phần thưởng');
    await user.click(screen.getByRole('link', { name: /Cấp bậc người chơi/ }));
    expect(location()).toBe('/index?mc=playerRank');
    await user.keyboard('{Escape}');
    expect(location()).toBe('/index');
  });
});
