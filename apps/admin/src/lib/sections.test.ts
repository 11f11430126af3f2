import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { vi } from '../i18n/vi.ts';
import { zh } from '../i18n/zh.ts';
import { zhErrors } from '../i18n/zh-errors.ts';
import { sectionsFor } from './sections.ts';

const keysOf = (operator: Parameters<typeof sectionsFor>[0]) => sectionsFor(operator).map((section) => section.key);

describe('which sections an operator sees', () => {
  it('follows the role when the login gave no permission list', () => {
    expect(keysOf({ id: 1, username: 'a', role: 'administrator' })).toEqual([
      'deposits',
      'withdrawals',
      'adjustments',
      'kyc',
      'feedback',
      'agent-applications',
      'support-chat',
      'members',
      'promotions',
      'vip-ladder',
      'rebates',
      'point-mall',
      'missions',
      'redeem-codes',
      'social-providers',
      'lottery-results',
      'lottery-games',
      'content',
      'help',
      'inbox',
      'chat',
      'catalogue',
      'jackpots',
      'table-limits',
      'cockfight',
      'sportsbook',
      'reports',
      'settings',
      'audit',
    ]);
    expect(keysOf({ id: 2, username: 'f', role: 'finance' })).toEqual([
      'deposits',
      'withdrawals',
      'adjustments',
      'members',
      'promotions',
      'vip-ladder',
      'rebates',
      'point-mall',
      'missions',
      'redeem-codes',
      'reports',
    ]);
    expect(keysOf({ id: 3, username: 'r', role: 'risk' })).toEqual([
      'kyc',
      'members',
      'promotions',
      'vip-ladder',
      'rebates',
      'missions',
      'redeem-codes',
      'social-providers',
      'lottery-results',
      'lottery-games',
      'chat',
      'catalogue',
      'jackpots',
      'table-limits',
      'cockfight',
      'sportsbook',
      'reports',
      'settings',
    ]);
    expect(keysOf({ id: 4, username: 's', role: 'support' })).toEqual([
      'adjustments',
      'feedback',
      'agent-applications',
      'support-chat',
      'members',
      'promotions',
      'vip-ladder',
      'rebates',
      'point-mall',
      'missions',
      'redeem-codes',
      'content',
      'help',
      'inbox',
      'chat',
    ]);
    expect(keysOf({ id: 5, username: 'c', role: 'content' })).toEqual(['content', 'help', 'inbox', 'chat']);
  });

  it('follows the permission list when there is one, whatever the role', () => {
    expect(keysOf({ id: 1, username: 'a', role: 'administrator', permissions: [] })).toEqual([]);
    expect(keysOf({ id: 2, username: 'f', role: 'finance', permissions: ['withdrawal:read', 'withdrawal:pay', 'kyc:read'] })).toEqual([
      'withdrawals',
      'kyc',
    ]);
    expect(keysOf({ id: 3, username: 's', role: 'support', permissions: ['agent-application:read'] })).toEqual(['agent-applications']);
    // A permission to act without the one to read the queue does not open it.
    expect(keysOf({ id: 5, username: 'y', role: 'support', permissions: ['deposit:confirm'] })).toEqual([]);
  });
});

describe('the console texts', () => {
  const paths = (texts: object, prefix = ''): string[] =>
    Object.entries(texts).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : paths(value, `${prefix}${key}.`)));

  it('has every text in all three languages, none empty', () => {
    expect(paths(vi)).toEqual(paths(en));
    expect(paths(zh)).toEqual(paths(en));
    for (const texts of [en, vi, zh]) {
      for (const path of paths(texts)) {
        const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], texts);
        expect(value, path).not.toBe('');
      }
    }
  });

  it('has whole Chinese sentences for the codes it translates', () => {
    for (const [code, message] of Object.entries(zhErrors)) expect(message, code).toMatch(/[。！]$/);
  });
});
