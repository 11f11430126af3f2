import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerRedEnvelopesTranslations } from '../i18n/register-translations.ts';
import { RedEnvelopeNotice } from './red-envelope-notice.tsx';

const NOTHING_RECEIVED = { list: [], pageNo: 1, pageSize: 10, totalCount: 0, totalPages: 1, totalAmount: 0 };
const WAITING = {
  list: [
    {
      id: 3,
      senderUsername: 'agent01',
      message: 'Lì xì',
      currency: 'VND',
      shareCount: 2,
      remainingCount: 2,
      expiresAt: '2026-11-27T07:00:00.000Z',
    },
  ],
};

describe('RedEnvelopeNotice', () => {
  beforeAll(registerRedEnvelopesTranslations);
  it('shows the number waiting and opens the claim dialog', async () => {
    useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 0 });
    mockApi({ 'GET /wps/member/red-envelopes/claimable': WAITING, 'GET /wps/member/red-envelopes/received': NOTHING_RECEIVED });
    const { user } = renderWithSite(<RedEnvelopeNotice />, { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'You have 1 red envelope' }));
    // The dialog is its own chunk, loaded on the first click.
    expect(await screen.findByRole('dialog', { name: 'Red envelopes' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('From agent01')).toBeTruthy();
  });

  it('stays away when nothing waits and nothing was received, and never asks for a trial account', async () => {
    useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 0 });
    const api = mockApi({
      'GET /wps/member/red-envelopes/claimable': { list: [] },
      'GET /wps/member/red-envelopes/received': NOTHING_RECEIVED,
    });
    const { unmount } = renderWithSite(<RedEnvelopeNotice />, { language: 'en' });
    await screen.findByText((_, el) => el === document.body);
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    expect(api.callsTo('GET /wps/member/red-envelopes/claimable').length).toBeGreaterThan(0);

    useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 4 });
    const trialApi = mockApi({});
    renderWithSite(<RedEnvelopeNotice />, { language: 'en' });
    expect(screen.queryByRole('button')).toBeNull();
    expect(trialApi.calls).toEqual([]);
  });
});
