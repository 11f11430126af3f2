import { describe, expect, it } from 'vitest';
import { messagesOf } from '../api/chat-api.ts';
import { timeOf } from './chat-room.tsx';

describe('the chat room', () => {
  it('shows a message time as HH:mm in the device time', () => {
    const at = new Date(2026, 10, 25, 7, 5, 59);
    expect(timeOf(at.toISOString())).toBe('07:05');
  });

  it('lists the loaded pages oldest first (the first page holds the newest messages)', () => {
    const message = (id: number) => ({ id, room: 'public', displayName: 'a', text: String(id), createdAt: '', isOwn: false });
    const page = (ids: number[]) => ({ room: { code: 'public', name: '' }, list: ids.map(message), nextBefore: null, lastReadId: 0 });
    const data = { pages: [page([3, 4]), page([1, 2])], pageParams: [null, 3] };
    expect(messagesOf(data).map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(messagesOf(undefined)).toEqual([]);
  });
});
