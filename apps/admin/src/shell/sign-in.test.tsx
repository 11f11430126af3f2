import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentSession, setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';

const finance = { id: 2, username: 'finance01', role: 'finance', merchantCode: 'LOTUS' };
const session = { token: 'token-1', expiresAt: '2026-11-27T06:00:00.000Z', lastLoginAt: null, admin: finance };
const queues = (call: { method: string; path: string }) =>
  call.method === 'GET' && !call.path.startsWith('/admin-api/session') ? ok(emptyPage) : undefined;

async function typePassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Tên nhân viên'), 'finance01');
  await user.type(screen.getByLabelText('Mật khẩu'), 'Admin2026');
  await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
  return user;
}

describe('signing in', () => {
  it('signs in at once when the server answers a session to the password (today)', async () => {
    const calls = fakeServer([(call) => (call.path === '/admin-api/session/login' ? ok(session) : undefined), queues]);
    renderConsole();
    await typePassword();

    expect((await screen.findByTestId('operator')).textContent).toContain('finance01 · Tài chính');
    expect(calls[0]).toMatchObject({ method: 'POST', body: { username: 'finance01', password: 'Admin2026' } });
    expect(currentSession()?.token).toBe('token-1');
    expect(JSON.parse(window.sessionStorage.getItem('lotus.admin.session') ?? '{}').token).toBe('token-1');
    // Finance sees the money queues only.
    const nav = within(screen.getByRole('navigation', { name: 'Danh mục' }));
    expect(nav.getByRole('link', { name: /Nạp tiền chờ xác nhận/ })).toBeTruthy();
    expect(nav.queryByRole('link', { name: /Góp ý/ })).toBeNull();
  });

  it('asks for the authenticator code when the server answers stage totp, then keeps the session and its permissions', async () => {
    const calls = fakeServer([
      (call) => (call.path === '/admin-api/session/login' ? ok({ stage: 'totp', challenge: 'ch-1' }) : undefined),
      (call) =>
        call.path === '/admin-api/session/totp'
          ? (call.body as { code: string }).code === '123456'
            ? ok({ ...session, admin: { ...finance, permissions: ['feedback:handle'] } })
            : refused(401, 'admin_login_failed', 'Tên quản trị hoặc mật khẩu không chính xác.')
          : undefined,
      queues,
    ]);
    renderConsole();
    const user = await typePassword();

    const code = await screen.findByLabelText('Mã 6 chữ số');
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Vui lòng nhập đủ 6 chữ số của mã.')).toBeTruthy();

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Tên quản trị hoặc mật khẩu không chính xác.');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect((await screen.findByTestId('operator')).textContent).toContain('finance01');
    expect(calls.filter((call) => call.path === '/admin-api/session/totp').at(-1)?.body).toEqual({ challenge: 'ch-1', code: '123456' });
    // The permission list decides over the role: feedback only.
    const nav = within(screen.getByRole('navigation', { name: 'Danh mục' }));
    expect(nav.getByRole('link', { name: /Góp ý/ })).toBeTruthy();
    expect(nav.queryByRole('link', { name: /Nạp tiền/ })).toBeNull();
  });

  it('shows the QR code and the key when the server answers stage enrol, then takes the code', async () => {
    const calls = fakeServer([
      (call) =>
        call.path === '/admin-api/session/login'
          ? ok({
              stage: 'enrol',
              challenge: 'ch-2',
              secret: 'JBSWY3DPEHPK3PXP',
              otpauthUri: 'otpauth://totp/Lotus:finance01?secret=JBSWY3DPEHPK3PXP&issuer=Lotus',
            })
          : undefined,
      (call) => (call.path === '/admin-api/session/totp' ? ok({ ...session, admin: { ...finance, permissions: [] } }) : undefined),
      queues,
    ]);
    renderConsole();
    const user = await typePassword();

    expect(await screen.findByRole('heading', { name: 'Cài đặt ứng dụng xác thực' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toContain('JBSWY3DPEHPK3PXP');
    expect(await screen.findByRole('img', { name: 'Mã QR cho ứng dụng xác thực' })).toBeTruthy();
    await user.type(screen.getByLabelText('Mã 6 chữ số'), '000111');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Vai trò của bạn chưa có mục nào trong bảng điều hành này.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ path: '/admin-api/session/totp', body: { challenge: 'ch-2', code: '000111' } });
  });

  it('shows a refused login in the operator language, Chinese from the code', async () => {
    fakeServer([
      (call) =>
        call.path === '/admin-api/session/login'
          ? refused(401, 'admin_login_failed', 'Administrator name or password incorrect.')
          : undefined,
    ]);
    changeLanguage('zh');
    renderConsole();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('运营账号'), 'finance01');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toContain('运营账号或密码不正确。');
  });

  it('goes back to sign-in when a call answers admin_unauthorized, and signs out through the server', async () => {
    setSession({ token: 'old', expiresAt: session.expiresAt, admin: { id: 1, username: 'admin', role: 'administrator' } });
    fakeServer([
      (call) =>
        call.headers.authorization === 'Bearer old' ? refused(401, 'admin_unauthorized', 'Vui lòng đăng nhập quản trị.') : undefined,
    ]);
    renderConsole('/deposits');
    expect(await screen.findByText('Phiên làm việc đã hết. Vui lòng đăng nhập lại.')).toBeTruthy();
    expect(currentSession()).toBeNull();

    setSession({ token: 'live', expiresAt: session.expiresAt, admin: { id: 1, username: 'admin', role: 'administrator' } });
    const calls = fakeServer([(call) => (call.path === '/admin-api/session/logout' ? ok(null) : undefined), queues]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Đăng xuất' }));
    await waitFor(() => expect(currentSession()).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/admin-api/session/logout')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Đăng nhập' })).toBeTruthy();
  });
});
