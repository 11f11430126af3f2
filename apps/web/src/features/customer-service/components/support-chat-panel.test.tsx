import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { SupportChatPanel } from './support-chat-panel.tsx';

describe('SupportChatPanel', () => {
  beforeEach(() => useSessionStore.getState().signOut());

  it('asks a visitor to log in, offers the login popup when the page has one, and closes on Escape', async () => {
    mockApi({});
    const onClose = vi.fn();
    const onLogin = vi.fn();
    const { user } = renderWithSite(<SupportChatPanel onClose={onClose} onLogin={onLogin} />, { language: 'en' });
    expect(screen.getByRole('dialog', { name: 'Customer service' })).toBeTruthy();
    expect(screen.getByText('Please log in to chat with customer service.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onLogin).toHaveBeenCalledOnce();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows a closed conversation with its note, answers as "Customer service", and pages back', async () => {
    useSessionStore.getState().signIn(LOGIN_VALUE);
    const at = '2026-11-26T03:00:00Z';
    const conversation = { id: 3, status: 'closed', isVip: false, createdAt: at, closedAt: at };
    const api = mockApi({
      'GET /wps/support-chat/messages': (call: { path: string }) =>
        call.path.includes('before=')
          ? { conversation, list: [{ id: 1, author: 'member', text: 'Câu hỏi đầu tiên', createdAt: at }], nextBefore: null }
          : { conversation, list: [{ id: 2, author: 'operator', text: 'Đã xử lý xong', createdAt: at }], nextBefore: 2 },
      'POST /wps/support-chat/read': { unReadCount: 0 },
    });
    const { user } = renderWithSite(<SupportChatPanel onClose={vi.fn()} />);
    expect(await screen.findByText('Đã xử lý xong')).toBeTruthy();
    expect(screen.getByText('Cuộc trò chuyện trước đã kết thúc. Nhắn tin để bắt đầu cuộc mới.')).toBeTruthy();
    expect(screen.getByText(/Chăm sóc khách hàng ·/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Xem tin nhắn cũ hơn' }));
    expect(await screen.findByText('Câu hỏi đầu tiên')).toBeTruthy();
    expect(api.callsTo('GET /wps/support-chat/messages').at(-1)?.path).toBe('/wps/support-chat/messages?before=2');
  });
});
