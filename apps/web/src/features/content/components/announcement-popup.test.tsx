import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePopupStore } from '../../../state/popup-store.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { hiddenTodayIds } from '../hooks/popup-hidden-today.ts';
import { AnnouncementPopup } from './announcement-popup.tsx';
import { AnnouncementsModal } from './announcements-modal.tsx';

const announcement = (id: number, title: string) => ({
  id,
  type: 'PU',
  title,
  startDateStr: '2026-01-01 10:00:00',
  startDate: '2026-01-01T03:00:00Z',
  content: `<p>${title} body</p>`,
});
const POPUPS = {
  'GET /wps/relay/MCSFE_getAnnouncementContent': {
    popup: [announcement(1, 'Khuyến mãi'), announcement(2, 'Bảo trì')],
    player: [],
    banners: [],
    promotion: [],
    headline: [],
  },
};

describe('AnnouncementPopup', () => {
  it('shows the popups and closes on Escape without hiding them', async () => {
    mockApi(POPUPS);
    usePopupStore.getState().open('announcementPopup');
    const { user } = renderWithSite(<AnnouncementPopup />);
    expect(await screen.findByRole('dialog', { name: 'Thông báo' })).toBeTruthy();
    expect(screen.getByText('Bảo trì body')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(usePopupStore.getState().popup).toBeNull();
    expect(hiddenTodayIds().size).toBe(0);
  });

  it('hides them for today when asked', async () => {
    mockApi(POPUPS);
    usePopupStore.getState().open('announcementPopup');
    const { user } = renderWithSite(<AnnouncementPopup />);
    await user.click(await screen.findByRole('checkbox', { name: 'Không hiển thị lại hôm nay' }));
    await user.click(screen.getByRole('button', { name: 'Đã hiểu' }));
    expect(usePopupStore.getState().popup).toBeNull();
    expect([...hiddenTodayIds()]).toEqual([1, 2]);
  });
});

describe('AnnouncementsModal', () => {
  it('lists the bulletins and closes on Escape', async () => {
    mockApi({
      'GET /wps/relay/MCSFE_getListAnnouncements': {
        list: [announcement(3, 'Bản tin')],
        pageNo: 1,
        pageSize: 9,
        totalCount: 1,
        totalPages: 1,
      },
    });
    usePopupStore.getState().open('announcements');
    const { user } = renderWithSite(<AnnouncementsModal />);
    expect(await screen.findByText('Bản tin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Xem tất cả thông báo' }).getAttribute('href')).toBe('/noticePage');
    await user.keyboard('{Escape}');
    expect(usePopupStore.getState().popup).toBeNull();
  });
});
