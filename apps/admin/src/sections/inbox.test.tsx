import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { messageBody, newMessageForm, stateOf, usernamesOf } from './inbox.tsx';

const HOUR = 3_600_000;
const message = (id: number, extra: object = {}) => ({
  id,
  category: 'promotion',
  title: `Message ${id}`,
  bodyHtml: '<p>Hello <b>members</b></p>',
  audience: { type: 'all' },
  createdAt: new Date(Date.now() - HOUR).toISOString(),
  sendAt: null,
  createdBy: 5,
  withdrawnAt: null,
  readCount: 3,
  ...extra,
});
const audiences = {
  labels: [{ id: 4, code: 'gold', name: 'Gold', isEnabled: true, memberCount: 12 }],
  vipLevels: [0, 1, 2, 3].map((level) => ({ level, code: `VIP${level}`, names: { vi: `VIP ${level}`, en: `VIP ${level}` } })),
};

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 5, username: 'content01', role: 'content', permissions } as never,
  });
}

function server(
  list: object[],
  answer: (method: string, path: string, body: unknown) => ReturnType<typeof ok> | undefined = () => undefined,
) {
  return fakeServer([
    (call) => answer(call.method, call.path, call.body),
    (call) => (call.path === '/admin-api/inbox/audiences' ? ok(audiences) : undefined),
    (call) =>
      call.method === 'GET' && call.path.startsWith('/admin-api/inbox/messages?')
        ? ok({ ...emptyPage, list, totalCount: list.length })
        : undefined,
    (call) => (call.path.endsWith('/reach') ? ok({ id: 1, reach: 40, readCount: 10 }) : undefined),
  ]);
}

describe('a platform message typed in the console', () => {
  it('reads usernames one a line or separated by commas, each once', () => {
    expect(usernamesOf('ana\n ben, cam;ana\n\n')).toEqual(['ana', 'ben', 'cam']);
  });

  it('checks what the server checks and sends one request id per form', () => {
    const now = Date.parse('2026-11-27T03:00:00.000Z');
    const form = { ...newMessageForm(), title: ' Tuần lễ VIP ', body: '<p>Quà</p>', requestId: 'form-0001' };
    expect(messageBody(form, now)).toEqual({
      body: { category: 'system', title: 'Tuần lễ VIP', bodyHtml: '<p>Quà</p>', audience: { type: 'all' }, requestId: 'form-0001' },
    });
    expect(messageBody({ ...form, title: '' }, now)).toEqual({ problem: 'title' });
    expect(messageBody({ ...form, body: ' ' }, now)).toEqual({ problem: 'body' });
    expect(messageBody({ ...form, audience: 'usernames', usernames: ' ' }, now)).toEqual({ problem: 'usernames' });
    expect(messageBody({ ...form, audience: 'label' }, now)).toEqual({ problem: 'label' });
    expect(messageBody({ ...form, audience: 'vip', vipFrom: '3', vipTo: '1' }, now)).toEqual({ problem: 'vip' });
    expect(messageBody({ ...form, audience: 'vip', vipFrom: '2', vipTo: '3' }, now)).toMatchObject({
      body: { audience: { type: 'vip', minLevel: 2, maxLevel: 3 } },
    });
    expect(messageBody({ ...form, isScheduled: true, sendAt: '' }, now)).toEqual({ problem: 'sendAt' });
    const later = new Date(now + 2 * HOUR);
    const local = `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, '0')}-${String(later.getDate()).padStart(2, '0')}T${String(later.getHours()).padStart(2, '0')}:${String(later.getMinutes()).padStart(2, '0')}`;
    expect(messageBody({ ...form, isScheduled: true, sendAt: local }, now)).toMatchObject({ body: { sendAt: later.toISOString() } });
  });

  it('is scheduled until its sending time, and withdrawn once withdrawn', () => {
    const now = Date.now();
    expect(stateOf({ sendAt: null, withdrawnAt: null }, now)).toBe('sent');
    expect(stateOf({ sendAt: new Date(now + HOUR).toISOString(), withdrawnAt: null }, now)).toBe('scheduled');
    expect(stateOf({ sendAt: new Date(now - HOUR).toISOString(), withdrawnAt: null }, now)).toBe('sent');
    expect(stateOf({ sendAt: null, withdrawnAt: new Date(now).toISOString() }, now)).toBe('withdrawn');
  });
});

describe('the platform messages screen', () => {
  it('lists what was sent, to whom and how many read it, and counts the reach in the details', async () => {
    signIn(['inbox:read']);
    changeLanguage('en');
    server([
      message(1, { audience: { type: 'vip', minLevel: 2, maxLevel: 3 } }),
      message(2, { audience: { type: 'label', labelId: 4 }, sendAt: new Date(Date.now() + HOUR).toISOString(), readCount: 0 }),
      message(3, { audience: { type: 'members', memberIds: [7, 8] }, withdrawnAt: new Date().toISOString() }),
    ]);
    renderConsole('/messages');
    const vip = await screen.findByTestId('message-1');
    await waitFor(() => expect(vip.textContent).toContain('VIP levels VIP 2 to VIP 3'));
    expect(vip.textContent).toContain('Sent');
    expect(screen.getByTestId('message-2').textContent).toContain('Label Gold');
    expect(screen.getByTestId('message-2').textContent).toContain('Scheduled');
    expect(screen.getByTestId('message-3').textContent).toContain('2 named members');
    expect(screen.getByTestId('message-3').textContent).toContain('Withdrawn');
    expect(screen.queryByRole('button', { name: 'New message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    await userEvent.setup().click(within(vip).getByRole('button', { name: 'Details' }));
    expect((await screen.findByTestId('inbox-reach')).textContent).toMatch(/It reaches 40 members now; 10 have read it \(25\s?%\)\./);
  });

  it('sends to members by username, keeping one request id when the server refuses, and shows its sentence', async () => {
    signIn(['inbox:read', 'inbox:write']);
    changeLanguage('en');
    let sends = 0;
    const calls = server([], (method, path, body) => {
      if (method !== 'POST' || path !== '/admin-api/inbox/messages') return undefined;
      sends += 1;
      return sends === 1
        ? refused(400, 'inbox_username_unknown', 'No member is named bo. Check the names and send again.')
        : ok(message(9, { title: (body as { title: string }).title }));
    });
    renderConsole('/messages');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Write a title of at most 120 characters.');
    await user.type(within(dialog).getByLabelText('Title'), 'Your withdrawal');
    await user.type(within(dialog).getByLabelText('Text'), 'It is on its way.');
    await user.selectOptions(within(dialog).getByLabelText('To'), 'usernames');
    await user.type(within(dialog).getByLabelText(/^Usernames/), 'ana{enter}bo');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No member is named bo. Check the names and send again.');
    await user.clear(within(dialog).getByLabelText(/^Usernames/));
    await user.type(within(dialog).getByLabelText(/^Usernames/), 'ana');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('"Your withdrawal" sent.')).toBeTruthy();
    const posted = calls.filter((call) => call.method === 'POST').map((call) => call.body as { requestId: string; audience: object });
    expect(posted).toHaveLength(2);
    expect(posted[1]?.audience).toEqual({ type: 'usernames', usernames: ['ana'] });
    expect(posted[0]?.requestId).toBe(posted[1]?.requestId);
  });

  it('schedules a message to a VIP range and cancels a scheduled one', async () => {
    signIn(['inbox:read', 'inbox:write']);
    changeLanguage('en');
    const at = new Date(Date.now() + 26 * HOUR);
    const calls = server([message(2, { sendAt: at.toISOString(), readCount: 0 })], (method, path, body) =>
      method === 'POST' && path === '/admin-api/inbox/messages'
        ? ok(message(10, { title: (body as { title: string }).title, sendAt: (body as { sendAt: string }).sendAt }))
        : method === 'DELETE'
          ? ok({ id: 2, withdrawnAt: new Date().toISOString() })
          : undefined,
    );
    renderConsole('/messages');
    const user = userEvent.setup();
    const scheduled = await screen.findByTestId('message-2');
    await user.click(within(scheduled).getByRole('button', { name: 'Cancel sending' }));
    const cancel = await screen.findByRole('dialog');
    expect(cancel.textContent).toContain('It will not be sent.');
    await user.click(within(cancel).getByRole('button', { name: 'Cancel sending' }));
    expect(await screen.findByText('"Message 2" withdrawn.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'VIP weekend');
    await user.type(within(dialog).getByLabelText('Text'), 'Double points.');
    await user.selectOptions(within(dialog).getByLabelText('To'), 'vip');
    await user.selectOptions(within(dialog).getByLabelText('From level'), '2');
    await user.selectOptions(within(dialog).getByLabelText('To level'), '3');
    await user.click(within(dialog).getByLabelText('At a time'));
    const local = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}T${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
    fireEvent.change(within(dialog).getByLabelText('Sending time (your clock)'), { target: { value: local } });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(/^"VIP weekend" will be sent at /)).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/admin-api/inbox/messages/2');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      audience: { type: 'vip', minLevel: 2, maxLevel: 3 },
      sendAt: new Date(`${local}`).toISOString(),
    });
  });
});
