import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerInboxTranslations } from '../i18n/register-translations.ts';
import { InboxView } from './inbox-view.tsx';

const SUMMARY = { id: 8, category: 'system', title: 'Chào mừng', createdAt: '2026-01-01T00:00:00Z', isRead: false };
const SITE = {
  'GET /wps/member/inbox': { list: [SUMMARY], pageNo: 1, pageSize: 10, totalCount: 1, totalPages: 1, unReadCount: 1 },
  'GET /wps/member/inbox/8': { ...SUMMARY, isRead: true, bodyHtml: '<p>Nội dung</p>' },
  'GET /wps/relay/CSP_unreadCount': { unReadCount: 0 },
  'DELETE /wps/member/inbox/8': { unReadCount: 0 },
};

async function askToDelete(user: ReturnType<typeof renderWithSite>['user']) {
  await user.click(await screen.findByText('Chào mừng'));
  await user.click(await screen.findByRole('button', { name: 'Xóa' }));
  return screen.getByRole('dialog', { name: 'Xóa tin nhắn' });
}

describe('InboxView delete confirmation', () => {
  beforeAll(registerInboxTranslations);
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('asks before deleting; Hủy and Escape keep the message', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<InboxView />);
    const dialog = await askToDelete(user);
    expect(dialog.textContent).toContain('Xóa tin nhắn “Chào mừng”?');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Xóa' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE /wps/member/inbox/8')).toHaveLength(0);
  });

  it('deletes on Xóa and says so', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<InboxView />);
    const dialog = await askToDelete(user);
    await user.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    await screen.findByText('Đã xóa tin nhắn.');
    await vi.waitFor(() => expect(api.callsTo('DELETE /wps/member/inbox/8')).toHaveLength(1));
  });
});
