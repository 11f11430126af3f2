import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { fieldKind, groupOf, valueOfText } from './settings.tsx';

const settings = [
  {
    key: 'system.maintenance',
    value: { enabled: false, startsAt: null, title: { vi: 'Bảo trì', en: 'Maintenance' } },
    schema: {
      type: 'object',
      properties: {
        enabled: { type: 'boolean' },
        startsAt: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        title: { type: 'object', properties: { vi: { type: 'string' }, en: { type: 'string' } } },
      },
    },
  },
  {
    key: 'system.regionRestriction',
    value: { enabled: true, blockedCountries: ['US'] },
    schema: {
      type: 'object',
      properties: { enabled: { type: 'boolean' }, blockedCountries: { type: 'array', items: { type: 'string' } } },
    },
  },
  {
    key: 'socialSignIn.providers',
    value: { providers: [{ key: 'google', clientSecret: '••••' }] },
    schema: { type: 'object', properties: { providers: { type: 'array', items: { type: 'object' } } } },
  },
];

function signIn(role: 'administrator' | 'risk', permissions?: ['settings:read']) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 1, username: role, role, ...(permissions ? { permissions } : {}) },
  });
}

describe('drawing a setting from its shape', () => {
  it('chooses the field by the schema, and by the value without one', () => {
    expect(fieldKind({ type: 'boolean' }, true)).toEqual({ kind: 'boolean' });
    expect(fieldKind({ anyOf: [{ type: 'integer' }, { type: 'null' }] }, null)).toEqual({ kind: 'number', nullable: true });
    expect(fieldKind({ anyOf: [{ const: '' }, { type: 'string', format: 'uri' }] }, '')).toEqual({ kind: 'text', nullable: false });
    expect(fieldKind({ type: 'string', enum: ['single', 'transfer'] }, 'single')).toEqual({
      kind: 'choice',
      options: ['single', 'transfer'],
    });
    expect(fieldKind({ type: 'array', items: { type: 'string' } }, [])).toEqual({ kind: 'lines' });
    expect(fieldKind({ type: 'array', items: { type: 'object' } }, [])).toEqual({ kind: 'json' });
    expect(fieldKind(undefined, 3)).toEqual({ kind: 'number', nullable: false });
    expect(valueOfText('', { kind: 'number', nullable: true })).toBeNull();
    expect(valueOfText('12', { kind: 'number', nullable: false })).toBe(12);
    expect(valueOfText('1x', { kind: 'number', nullable: false })).toBe('1x');
    expect(groupOf('withdrawals.rules')).toBe('money');
    expect(groupOf('accounts.login')).toBe('accounts');
  });
});

describe('the settings screen', () => {
  it('saves one setting whole with what the operator changed; a refusal stays on its card', async () => {
    signIn('administrator');
    changeLanguage('en');
    let puts = 0;
    const calls = fakeServer([
      (call) => (call.method === 'GET' && call.path === '/admin-api/settings' ? ok(settings) : undefined),
      (call) => {
        if (call.method !== 'PUT') return undefined;
        puts += 1;
        return puts === 1 ? refused(400, 'bad_request', 'The value is not valid: value.blockedCountries.1.') : ok({});
      },
      (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
    ]);
    renderConsole('/settings');
    const user = userEvent.setup();
    const region = await screen.findByTestId('setting-system.regionRestriction');
    expect(within(region).getByRole('heading', { name: 'Region blocking' })).toBeTruthy();
    // Fields carry human labels, never the property names.
    expect(within(region).getByLabelText('Block by region')).toBeTruthy();
    expect(within(region).queryByText(/blockedCountries/)).toBeNull();
    const countries = within(region).getByRole('textbox', { name: /^Blocked countries/ });
    await user.type(countries, '\nCN');
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    expect((await within(region).findByRole('alert')).textContent).toContain('value.blockedCountries.1');
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“Region blocking” saved.')).toBeTruthy();
    const put = calls.filter((call) => call.method === 'PUT');
    expect(put[1]?.path).toBe('/admin-api/settings/system.regionRestriction');
    expect(put[1]?.body).toEqual({ value: { enabled: true, blockedCountries: ['US', 'CN'] } });

    const maintenance = screen.getByTestId('setting-system.maintenance');
    expect(within(maintenance).getByRole('group', { name: 'Title' })).toBeTruthy();
    expect(within(maintenance).getByLabelText('Vietnamese')).toBeTruthy();
    await user.click(within(maintenance).getByLabelText('The site is under maintenance'));
    await user.click(within(maintenance).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(3));
    expect(calls.filter((call) => call.method === 'PUT')[2]?.body).toEqual({
      value: { enabled: true, startsAt: null, title: { vi: 'Bảo trì', en: 'Maintenance' } },
    });

    // A secret comes masked and goes back masked (the server keeps the stored one).
    await user.click(screen.getByRole('tab', { name: 'Registration and login' }));
    const providers = await screen.findByTestId('setting-socialSignIn.providers');
    expect((within(providers).getByRole('textbox') as HTMLTextAreaElement).value).toContain('••••');
  });

  it('shows a risk operator the values without a save button, labelled in Vietnamese', async () => {
    signIn('risk', ['settings:read']);
    changeLanguage('vi');
    fakeServer([
      (call) => (call.method === 'GET' && call.path === '/admin-api/settings' ? ok(settings) : undefined),
      (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
    ]);
    renderConsole('/settings');
    const card = await screen.findByTestId('setting-system.maintenance');
    expect(within(card).queryByRole('button', { name: 'Lưu' })).toBeNull();
    expect((within(card).getByLabelText('Trang web đang bảo trì') as HTMLInputElement).disabled).toBe(true);
    expect(within(card).getByLabelText('Tiếng Anh')).toBeTruthy();
  });
});
