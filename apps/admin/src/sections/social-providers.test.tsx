import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';

const MASK = '********';
const stored = {
  key: 'google',
  name: { vi: 'Google', en: 'Google' },
  issuer: 'https://accounts.google.com',
  clientId: 'client-1',
  clientSecret: MASK,
  scopes: ['email', 'profile'],
  isEnabled: true,
};

function serve(providers: unknown[]) {
  let current = providers;
  const calls = fakeServer([
    (call) =>
      call.method === 'GET' && call.path === '/admin-api/settings'
        ? ok([{ key: 'socialSignIn.providers', value: { providers: current } }])
        : undefined,
    (call) => {
      if (call.method !== 'PUT' || call.path !== '/admin-api/settings/socialSignIn.providers') return undefined;
      current = (call.body as { value: { providers: unknown[] } }).value.providers;
      return ok({ key: 'socialSignIn.providers', value: { providers: current } });
    },
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
  return calls;
}
const puts = (calls: ReturnType<typeof serve>) =>
  calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { value: { providers: Record<string, unknown>[] } }).value.providers);

describe('the social sign-in providers screen', () => {
  it('lists providers with the secret masked, disables one, and edits one keeping the stored secret', async () => {
    setSession({ token: 't', expiresAt: '2026-11-27T06:00:00.000Z', admin: { id: 1, username: 'admin', role: 'administrator' } });
    changeLanguage('en');
    const calls = serve([stored]);
    renderConsole('/social-providers');
    const user = userEvent.setup();

    const row = await screen.findByTestId('provider-google');
    expect(row.textContent).toContain('https://accounts.google.com');
    expect(row.textContent).not.toContain(MASK);
    expect(row.textContent).toContain('Enabled');

    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Provider google is now Disabled.')).toBeTruthy();
    expect(puts(calls)[0]?.[0]).toMatchObject({ key: 'google', isEnabled: false, clientSecret: MASK });

    await user.click(within(await screen.findByTestId('provider-google')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Client secret') as HTMLInputElement).value).toBe('');
    const name = within(dialog).getByLabelText('Name in English');
    await user.clear(name);
    await user.type(name, 'Google account');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Provider google saved.')).toBeTruthy();
    // The mask goes back untouched, which the server reads as "keep the stored secret".
    expect(puts(calls)[1]?.[0]).toMatchObject({ name: { vi: 'Google', en: 'Google account' }, clientSecret: MASK });
  });

  it('adds a provider only once its fields are right, saying what is wrong in a sentence', async () => {
    setSession({ token: 't', expiresAt: '2026-11-27T06:00:00.000Z', admin: { id: 1, username: 'admin', role: 'administrator' } });
    changeLanguage('en');
    const calls = serve([stored]);
    renderConsole('/social-providers');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add a provider' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Key'), 'google');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Another provider already has this key.');

    await user.clear(within(dialog).getByLabelText('Key'));
    await user.type(within(dialog).getByLabelText('Key'), 'zalo');
    await user.type(within(dialog).getByLabelText('Name in Vietnamese'), 'Zalo');
    await user.type(within(dialog).getByLabelText('Issuer (https address)'), 'http://id.zalo.example');
    await user.type(within(dialog).getByLabelText('Client ID'), 'z-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The issuer must be an https address (http only on this machine).');

    await user.clear(within(dialog).getByLabelText('Issuer (https address)'));
    await user.type(within(dialog).getByLabelText('Issuer (https address)'), 'https://id.zalo.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the client secret the provider gave you.');
    expect(puts(calls)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Client secret'), 's3cret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Provider zalo saved.')).toBeTruthy();
    expect(puts(calls)[0]).toEqual([
      stored,
      {
        key: 'zalo',
        name: { vi: 'Zalo' },
        issuer: 'https://id.zalo.example',
        clientId: 'z-1',
        clientSecret: 's3cret',
        scopes: ['email', 'profile'],
        isEnabled: true,
      },
    ]);
    expect(await screen.findByTestId('provider-zalo')).toBeTruthy();
  });

  it('shows a risk operator the list without the change buttons', async () => {
    setSession({
      token: 't',
      expiresAt: '2026-11-27T06:00:00.000Z',
      admin: { id: 3, username: 'risk01', role: 'risk', permissions: ['settings:read'] },
    });
    changeLanguage('en');
    serve([stored]);
    renderConsole('/social-providers');
    const row = await screen.findByTestId('provider-google');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a provider' })).toBeNull();
  });
});
