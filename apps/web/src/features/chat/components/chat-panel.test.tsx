import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { ChatPanel } from './chat-panel.tsx';

describe('ChatPanel', () => {
  beforeEach(() => useSessionStore.getState().signOut());

  it('asks a visitor to log in and closes on Escape', async () => {
    mockApi({});
    const onClose = vi.fn();
    const { user } = renderWithSite(<ChatPanel onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Phòng trò chuyện' })).toBeTruthy();
    expect(screen.getByText('Vui lòng đăng nhập để vào phòng trò chuyện.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('opens the room the chat URL names for a member', async () => {
    useSessionStore.getState().signIn(LOGIN_VALUE);
    const api = mockApi({
      'POST /wps/chat/url': { chatUrl: '/chatroom?room=vi', room: 'vi' },
      'GET /wps/chat/messages': { room: { code: 'vi', name: 'Việt Nam' }, list: [], nextBefore: null, lastReadId: 0 },
    });
    const onClose = vi.fn();
    const { user } = renderWithSite(<ChatPanel onClose={onClose} />);
    expect(await screen.findByText('Chưa có tin nhắn nào. Hãy là người đầu tiên chào mọi người!')).toBeTruthy();
    expect(api.callsTo('POST /wps/chat/url')[0]?.body).toEqual({ b2c: 1, title: 'Phòng trò chuyện', language: 'vi' });
    expect(api.callsTo('GET /wps/chat/messages')[0]?.path).toBe('/wps/chat/messages?room=vi');
    await user.click(screen.getByRole('button', { name: 'Đóng' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
