import { CHAT_TEXT_LENGTH_MAX } from '@platform/contracts/chat-constants';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerChatTranslations } from '../i18n/register-translations.ts';
import { ChatRoom } from './chat-room.tsx';

const MESSAGES = {
  room: { code: 'lobby', name: 'Sảnh' },
  list: [{ id: 1, room: 'lobby', displayName: 'an***', text: 'Xin chào', createdAt: '2026-01-01T10:00:00Z', isOwn: false }],
  nextBefore: null,
  lastReadId: 1,
};

describe('ChatRoom', () => {
  beforeAll(registerChatTranslations);

  it('keeps Send off for blank or too long text', async () => {
    mockApi({ 'GET /wps/chat/messages': MESSAGES });
    const { user } = renderWithSite(<ChatRoom room="lobby" customerId={7} />);
    await screen.findByText('Xin chào');
    const send = screen.getByRole('button', { name: 'Gửi' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(screen.getByLabelText('Tin nhắn'), '   ');
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Tin nhắn'), { target: { value: 'x'.repeat(CHAT_TEXT_LENGTH_MAX + 1) } });
    expect(send.disabled).toBe(true);
  });

  it('sends the trimmed text on Enter and empties the box', async () => {
    const api = mockApi({
      'GET /wps/chat/messages': MESSAGES,
      'POST /wps/chat/messages': { ...MESSAGES.list[0], id: 2, text: 'Chào bạn', isOwn: true },
    });
    const { user } = renderWithSite(<ChatRoom room="lobby" customerId={7} />);
    await screen.findByText('Xin chào');
    await user.type(screen.getByLabelText('Tin nhắn'), '  Chào bạn {Enter}');
    await vi.waitFor(() => expect(api.callsTo('POST /wps/chat/messages')).toHaveLength(1));
    expect(api.callsTo('POST /wps/chat/messages')[0]?.body).toEqual({ room: 'lobby', text: 'Chào bạn' });
    await vi.waitFor(() => expect((screen.getByLabelText('Tin nhắn') as HTMLInputElement).value).toBe(''));
  });
});
