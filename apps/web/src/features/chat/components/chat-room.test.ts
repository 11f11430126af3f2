import { describe, expect, it } from 'vitest';
import { hourMinuteOf } from '../../../lib/time-format.ts';
import { messagesOf } from '../api/chat-api.ts';

describe('the chat room', () => {
  it("shows a message time as HH:mm in the merchant's time zone", () => {
    expect(hourMinuteOf('2026-11-25T00:05:59Z')).toBe('07:05');
  });

  it('lists the loaded pages oldest first (the first page holds the newest messages)', () => {
    const message = (id: number) => ({ id, room: 'public', displayName: 'a', text: String(id), createdAt: '', isOwn: false });
    const page = (ids: number[]) => ({ room: { code: 'public', name: '' }, list: ids.map(message), nextBefore: null, lastReadId: 0 });
    const data = { pages: [page([3, 4]), page([1, 2])], pageParams: [null, 3] };
    expect(messagesOf(data).map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(messagesOf(undefined)).toEqual([]);
  });
});
