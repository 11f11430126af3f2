import { describe, expect, it } from 'vitest';
import { avatarBadgeCount, badgeText } from './badge.ts';

describe('the avatar badge', () => {
  it('adds unread messages and, once promotions exist, available promotions', () => {
    expect(avatarBadgeCount({ unreadMessages: 3 })).toBe(3);
    expect(avatarBadgeCount({ unreadMessages: 3, availablePromoCount: 2 })).toBe(5);
    expect(avatarBadgeCount({ unreadMessages: null })).toBe(0);
    expect(avatarBadgeCount({ unreadMessages: null, availablePromoCount: 4 })).toBe(4);
  });

  it('hides at 0 and caps the text at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});
