import { describe, expect, it } from 'vitest';
import { unreadBadgeText } from '../lib/unread-badge.ts';
import { emailAddressOf, isExternalChatUrl } from './right-bar.tsx';

describe('the right bar email entry', () => {
  it('copies the bare address of a mailto link or a plain address', () => {
    expect(emailAddressOf('mailto:support@lotus.example')).toBe('support@lotus.example');
    expect(emailAddressOf('MAILTO:help@lotus.example?subject=Hi')).toBe('help@lotus.example');
    expect(emailAddressOf(' care@lotus.example ')).toBe('care@lotus.example');
  });
});

describe('the right bar chat room entry', () => {
  const origin = 'https://lotus.example';

  it('opens an outside chat service in a new tab only when the resource names another site', () => {
    expect(isExternalChatUrl('https://chat.vendor.example/room/1', origin)).toBe(true);
    expect(isExternalChatUrl('http://chat.vendor.example', origin)).toBe(true);
    expect(isExternalChatUrl('https://lotus.example/chatroom', origin)).toBe(false);
    expect(isExternalChatUrl('/chatroom?room=public', origin)).toBe(false);
    expect(isExternalChatUrl('javascript:alert(1)', origin)).toBe(false);
  });

  it('shows the unread count on the badge, 99+ beyond', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});
