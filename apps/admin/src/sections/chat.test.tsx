import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { type Call, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';

const rooms = [
  { id: 1, code: 'public', name: 'Phòng chung', language: null, isEnabled: true },
  { id: 2, code: 'en', name: 'English room', language: 'en', isEnabled: true },
];
const message = (id: number, memberId: number, username: string, text: string, hiddenAt: string | null = null) => ({
  id,
  room: 'public',
  memberId,
  username,
  displayName: username === 'lucky88' ? 'Lucky' : username,
  text,
  createdAt: '2026-11-27T08:00:00.000Z',
  hiddenAt,
  hiddenBy: hiddenAt ? 2 : null,
});

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 2, username: 'support01', role: 'support', permissions } as never,
  });
}

/** The server's chat calls, over a room whose messages the hide calls change. */
function server() {
  const messages = [message(12, 7, 'lucky88', 'visit my site'), message(11, 8, 'quiet01', 'hello all')];
  let mutes: object[] = [];
  const calls = fakeServer([
    (call) => (call.path === '/admin-api/chat/rooms' ? ok(rooms) : undefined),
    (call) => {
      if (!call.path.startsWith('/admin-api/chat/messages?')) return undefined;
      const url = new URL(call.path, 'http://x');
      const memberId = url.searchParams.get('memberId');
      return ok({ list: messages.filter((m) => !memberId || m.memberId === Number(memberId)), nextBefore: null });
    },
    (call) => {
      const hidden = /^\/admin-api\/chat\/messages\/(\d+)\/hidden$/.exec(call.path);
      if (!hidden) return undefined;
      const found = messages.find((m) => m.id === Number(hidden[1]));
      if (!found) return refused(404, 'chat_message_not_found', 'This message was not found.');
      found.hiddenAt = (call.body as { isHidden: boolean }).isHidden ? '2026-11-27T08:05:00.000Z' : null;
      return ok(found);
    },
    (call) => {
      if (call.path !== '/admin-api/chat/mutes') return undefined;
      if (call.method === 'POST') {
        const body = call.body as { memberId: number; minutes: number; reason: string; kind: string };
        const until = new Date(Date.parse('2026-11-27T08:00:00.000Z') + body.minutes * 60_000).toISOString();
        mutes = [
          {
            memberId: body.memberId,
            username: 'lucky88',
            kind: body.kind,
            mutedUntil: until,
            reason: body.reason,
            mutedBy: 2,
            createdAt: '2026-11-27T08:00:00.000Z',
          },
        ];
        return ok({ memberId: body.memberId, mutedUntil: until, reason: body.reason, kind: body.kind });
      }
      return ok({ list: mutes });
    },
    (call) => {
      if (call.method !== 'DELETE' || !call.path.startsWith('/admin-api/chat/mutes/')) return undefined;
      mutes = [];
      return ok({ memberId: 7, wasMuted: true });
    },
  ]);
  return calls;
}

const sent = (calls: Call[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

describe('the chat moderation screen', () => {
  it('hides and restores a message, filters by member, bans a member with a reason, lists and lifts it', async () => {
    signIn(['chat:read', 'chat:moderate']);
    changeLanguage('en');
    const calls = server();
    renderConsole('/chat');
    const row = await screen.findByTestId('chat-message-12');
    expect(row.textContent).toContain('lucky88');
    expect(row.textContent).toContain('shown as Lucky');
    expect(row.textContent).toContain('visit my site');
    expect(row.textContent).toContain('Shown');
    const user = userEvent.setup();

    await user.click(within(row).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('The message is hidden from members.')).toBeTruthy();
    expect(sent(calls, 'PUT', '/admin-api/chat/messages/12/hidden')[0]?.body).toEqual({ isHidden: true });
    await waitFor(() => expect(screen.getByTestId('chat-message-12').textContent).toContain('Hidden'));
    await user.click(within(screen.getByTestId('chat-message-12')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('The message is shown to members again.')).toBeTruthy();
    expect(sent(calls, 'PUT', '/admin-api/chat/messages/12/hidden')[1]?.body).toEqual({ isHidden: false });

    // One member's messages only.
    await user.click(within(screen.getByTestId('chat-message-12')).getByRole('button', { name: 'Their messages' }));
    expect((await screen.findByTestId('member-filter')).textContent).toContain('lucky88');
    await waitFor(() => expect(screen.queryByTestId('chat-message-11')).toBeNull());
    expect(calls.some((call) => call.path.includes('memberId=7'))).toBe(true);

    // A ban needs a reason; the length and the kind go with it.
    await user.click(within(screen.getByTestId('chat-message-12')).getByRole('button', { name: 'Mute or ban' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Action'), 'ban');
    await user.selectOptions(within(dialog).getByLabelText('For'), '1440');
    await user.click(within(dialog).getByRole('button', { name: 'Mute or ban' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Write why');
    expect(sent(calls, 'POST', '/admin-api/chat/mutes')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Scam links');
    await user.click(within(dialog).getByRole('button', { name: 'Mute or ban' }));
    expect(await screen.findByText(/lucky88 is banned until/)).toBeTruthy();
    expect(sent(calls, 'POST', '/admin-api/chat/mutes')[0]?.body).toEqual({
      memberId: 7,
      minutes: 1440,
      reason: 'Scam links',
      kind: 'ban',
    });

    await user.click(screen.getByRole('tab', { name: 'Muted and banned' }));
    const muted = await screen.findByTestId('muted-7');
    expect(muted.textContent).toContain('Banned');
    expect(muted.textContent).toContain('Scam links');
    await user.click(within(muted).getByRole('button', { name: 'Lift' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Lift' }));
    expect(await screen.findByText('lucky88 may chat again.')).toBeTruthy();
    expect(sent(calls, 'DELETE', '/admin-api/chat/mutes/7')).toHaveLength(1);
    expect(await screen.findByText('Nobody is muted or banned now.')).toBeTruthy();
  });

  it('reads the room again while live, and only reads without chat:moderate', async () => {
    signIn(['chat:read']);
    changeLanguage('vi');
    const calls = server();
    renderConsole('/chat');
    const row = await screen.findByTestId('chat-message-11');
    expect(within(row).queryByRole('button', { name: 'Ẩn' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Khóa hoặc cấm' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Tin nhắn của người này' })).toBeTruthy();
    const reads = () => calls.filter((call) => call.path.startsWith('/admin-api/chat/messages?')).length;
    const first = reads();
    // Live is on by default: the room is read again without any click.
    await waitFor(() => expect(reads()).toBeGreaterThan(first), { timeout: 12_000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Trực tiếp/ }));
    expect((screen.getByRole('checkbox', { name: /Trực tiếp/ }) as HTMLInputElement).checked).toBe(false);
  });
});
