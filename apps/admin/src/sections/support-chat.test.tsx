import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { fakeServer, ok } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';

const conversation = (id: number, username: string, unreadCount: number, status: 'open' | 'closed' = 'open') => ({
  id,
  status,
  isVip: id === 3,
  createdAt: '2026-11-27T07:00:00.000Z',
  closedAt: status === 'closed' ? '2026-11-27T09:00:00.000Z' : null,
  memberId: 100 + id,
  username,
  unreadCount,
  lastMessageAt: '2026-11-27T08:00:00.000Z',
  lastMessageText: 'My deposit has not arrived',
  closedBy: null,
});

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 4, username: 'support01', role: 'support', permissions } as never,
  });
}

function server() {
  const open = conversation(3, 'vipmember', 2);
  const messages: { id: number; author: string; text: string; createdAt: string; adminId: number | null }[] = [
    { id: 1, author: 'member', text: 'My deposit has not arrived', createdAt: '2026-11-27T08:00:00.000Z', adminId: null },
  ];
  return fakeServer([
    (call) => {
      if (!call.path.startsWith('/admin-api/support-chat/conversations?')) return undefined;
      const status = new URL(call.path, 'http://x').searchParams.get('status');
      const list = status === 'closed' ? [conversation(5, 'oldcase', 0, 'closed')] : [open];
      return ok({ list, nextBefore: null });
    },
    (call) => {
      if (
        call.path !== '/admin-api/support-chat/conversations/3/messages' &&
        !call.path.startsWith('/admin-api/support-chat/conversations/3/messages?')
      )
        return undefined;
      if (call.method === 'POST') {
        const text = (call.body as { text: string }).text;
        const answer = { id: messages.length + 1, author: 'operator', text, createdAt: '2026-11-27T08:10:00.000Z', adminId: 4 };
        messages.push(answer);
        return ok(answer);
      }
      return ok({ conversation: open, list: messages, nextBefore: null });
    },
    (call) => {
      if (call.path !== '/admin-api/support-chat/conversations/3/read') return undefined;
      open.unreadCount = 0;
      return ok(open);
    },
    (call) => {
      if (call.path !== '/admin-api/support-chat/conversations/3/close') return undefined;
      open.status = 'closed';
      open.closedAt = '2026-11-27T08:20:00.000Z';
      return ok(open);
    },
  ]);
}

describe('the customer-service queue', () => {
  it('lists open conversations, opens one (marking it read), answers the member and closes it', async () => {
    signIn(['support-chat:read', 'support-chat:reply']);
    changeLanguage('en');
    const calls = server();
    renderConsole('/support-chat');
    const row = await screen.findByTestId('conversation-3');
    expect(row.textContent).toContain('vipmember');
    expect(row.textContent).toContain('VIP');
    expect(row.textContent).toContain('My deposit has not arrived');
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Conversations'), 'closed');
    expect(await screen.findByTestId('conversation-5')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Conversations'), 'open');
    await user.click(within(await screen.findByTestId('conversation-3')).getByRole('button', { name: 'Open' }));

    expect(await screen.findByRole('heading', { name: 'Conversation with vipmember' })).toBeTruthy();
    expect((await screen.findByTestId('support-message-1')).textContent).toContain('Member');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/3/read'))).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Write the answer before sending it.');
    await user.type(screen.getByLabelText(/^Answer/), 'We found it: it is credited now.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your answer was sent.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/admin-api/support-chat/conversations/3/messages')?.body).toEqual({
      text: 'We found it: it is credited now.',
    });
    expect((await screen.findByTestId('support-message-2')).textContent).toContain('Operator 4');

    await user.click(screen.getByRole('button', { name: 'Close the conversation' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close the conversation' }));
    expect(await screen.findByText('The conversation is closed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close the conversation' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Back to the queue' }));
    expect(await screen.findByRole('heading', { name: 'Customer service' })).toBeTruthy();
  });

  it('reads only, without marking read, for an operator without support-chat:reply', async () => {
    signIn(['support-chat:read']);
    changeLanguage('zh');
    const calls = server();
    renderConsole('/support-chat');
    await userEvent.setup().click(within(await screen.findByTestId('conversation-3')).getByRole('button', { name: '打开' }));
    expect(await screen.findByTestId('support-message-1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '发送' })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/read'))).toBe(false);
  });
});
