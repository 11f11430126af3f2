import type { Announcement } from '@platform/contracts/content';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithSite } from '../../../test/render.tsx';

const popup = (id: number, popupRepeat: Announcement['popupRepeat'] = 'session'): Announcement => ({
  id,
  type: 'PU',
  title: `Thông báo ${id}`,
  startDateStr: '2026-01-01 10:00:00',
  startDate: '2026-01-01T03:00:00Z',
  content: '<p>Chào mừng</p>',
  popupRepeat,
});

const content = (list: Announcement[]) => ({
  'GET /wps/relay/MCSFE_getAnnouncementContent': { popup: list, player: [], banners: [], promotion: [], headline: [] },
});

/** A fresh copy of the launcher and the popup store, as a page load (or reload) has: session storage stays. */
async function pageLoad(route: string) {
  vi.resetModules();
  const { PopupAnnouncementLauncher } = await import('./popup-announcement-launcher.tsx');
  const { usePopupStore } = await import('../../../state/popup-store.ts');
  const { usePopupChoice } = await import('../hooks/popup-frequency.ts');
  const view = renderWithSite(<PopupAnnouncementLauncher />, { route });
  return { ...view, popupStore: usePopupStore, choice: usePopupChoice };
}

describe('the welcome popup launcher', () => {
  it('shows a popup once per browser session, not again on the next page load', async () => {
    mockApi(content([popup(1)]));
    const first = await pageLoad('/index');
    await vi.waitFor(() => expect(first.popupStore.getState().popup).toBe('announcementPopup'));
    expect(first.choice.getState().ids).toEqual([1]);
    first.unmount();

    const api = mockApi(content([popup(1)]));
    const second = await pageLoad('/index');
    await vi.waitFor(() => expect(api.callsTo('GET /wps/relay/MCSFE_getAnnouncementContent')).toHaveLength(1));
    await vi.waitFor(() => expect(second.queryClient.isFetching()).toBe(0));
    expect(second.popupStore.getState().popup).toBeNull();
  });

  it('shows a popup the operator marks for every page load on each load', async () => {
    mockApi(content([popup(2, 'every_load'), popup(3)]));
    const first = await pageLoad('/index');
    await vi.waitFor(() => expect(first.popupStore.getState().popup).toBe('announcementPopup'));
    expect(first.choice.getState().ids).toEqual([2, 3]);
    first.unmount();

    mockApi(content([popup(2, 'every_load'), popup(3)]));
    const second = await pageLoad('/index');
    await vi.waitFor(() => expect(second.popupStore.getState().popup).toBe('announcementPopup'));
    expect(second.choice.getState().ids).toEqual([2]);
  });

  it('waits while a route opens its own popup for a visitor, even when the list is in first', async () => {
    const api = mockApi(content([popup(5, 'every_load')]));
    const load = await pageLoad('/login');
    await vi.waitFor(() => expect(api.callsTo('GET /wps/relay/MCSFE_getAnnouncementContent')).toHaveLength(1));
    await vi.waitFor(() => expect(load.queryClient.isFetching()).toBe(0));
    expect(load.popupStore.getState().popup).toBeNull();
  });

  it('never opens over the game pages', async () => {
    for (const route of ['/game?vendor=DEMO&type=RNG&game=lucky-sevens', '/seamless?vendor=DEMO']) {
      const api = mockApi(content([popup(4, 'every_load')]));
      const load = await pageLoad(route);
      await vi.waitFor(() => expect(api.callsTo('GET /wps/relay/MCSFE_getAnnouncementContent')).toHaveLength(1));
      await vi.waitFor(() => expect(load.queryClient.isFetching()).toBe(0));
      expect(load.popupStore.getState().popup, route).toBeNull();
      load.unmount();
    }
  });
});
