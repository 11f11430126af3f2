import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { NewsPage } from './news-page.tsx';

const NEWS = {
  id: 7,
  type: 'N',
  title: 'Bảng vinh danh: những lượt thắng lớn nhất',
  content: '<p>Trang Bảng vinh danh xếp hạng 20 lượt thắng lớn nhất.</p>',
  startDate: '2026-11-26T03:00:00.000Z',
  endDate: null,
};

describe('the news page', () => {
  it('lists the news (type N) of the asked page and opens an item to read it', async () => {
    const api = mockApi({
      'GET /wps/relay/MCSFE_getListAnnouncements': { list: [NEWS], pageNo: 2, pageSize: 9, totalCount: 10, totalPages: 2 },
    });
    const { user } = renderWithSite(<NewsPage />, { route: '/news?page=2' });
    // Each item is a level-2 heading under the page's title (no skipped level for screen readers).
    expect(await screen.findByRole('heading', { level: 2, name: /Bảng vinh danh: những lượt thắng lớn nhất/ })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /Bảng vinh danh: những lượt thắng lớn nhất/ }));
    expect(await screen.findByText('Trang Bảng vinh danh xếp hạng 20 lượt thắng lớn nhất.')).toBeTruthy();
    const asked = api.callsTo('GET /wps/relay/MCSFE_getListAnnouncements').at(-1)?.path ?? '';
    expect(asked).toContain('type=N');
    expect(asked).toContain('pageNo=2');
  });
});
