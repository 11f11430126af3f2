import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerRedEnvelopesTranslations } from '../i18n/register-translations.ts';
import { SentEnvelopes } from './sent-envelopes.tsx';

const ENVELOPE = {
  id: 5,
  totalAmount: 90_000,
  currency: 'VND',
  shareCount: 3,
  split: 'random',
  audience: 'direct',
  message: 'Tết vui',
  status: 'expired',
  claimedCount: 1,
  claimedAmount: 30_000,
  returnedAmount: 60_000,
  createdAt: '2026-11-26T07:00:00.000Z',
  expiresAt: '2026-11-26T08:00:00.000Z',
};

describe('SentEnvelopes', () => {
  beforeAll(registerRedEnvelopesTranslations);
  beforeEach(() => useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 1 }));

  it('lists each envelope with its status, what was claimed and what came back, and opens its claims', async () => {
    mockApi({
      'GET /wps/agent/red-envelopes': { list: [ENVELOPE], pageNo: 1, pageSize: 10, totalCount: 1, totalPages: 1 },
      'GET /wps/agent/red-envelopes/5': {
        ...ENVELOPE,
        memberUsernames: [],
        claims: [{ username: 'player01', amount: 30_000, claimedAt: '2026-11-26T07:10:00.000Z' }],
      },
    });
    const { user } = renderWithSite(<SentEnvelopes />, { language: 'en' });
    const card = await screen.findByTestId('sent-envelope');
    expect(card.textContent).toContain('₫90,000');
    expect(card.textContent).toContain('Expired');
    expect(within(card).getByTestId('sent-claimed').textContent).toBe('1/3 shares · ₫30,000');
    expect(card.textContent).toContain('₫60,000');
    await user.click(within(card).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Red envelope #5' });
    expect(await within(dialog).findByText('player01')).toBeTruthy();
    expect(within(dialog).getByText('₫30,000')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when nothing was sent yet, in Vietnamese by default', async () => {
    mockApi({ 'GET /wps/agent/red-envelopes': { list: [], pageNo: 1, pageSize: 10, totalCount: 0, totalPages: 1 } });
    renderWithSite(<SentEnvelopes />);
    expect(await screen.findByText('Bạn chưa gửi lì xì nào.')).toBeTruthy();
  });
});
