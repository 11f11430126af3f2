import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { SocialLinkScreen } from './social-link-screen.tsx';
import { SocialLogin } from './social-login.tsx';

const TICKET = 'ticket-0123456789abcdef';
const INFO = { provider: { key: 'local', name: 'Local ID' }, suggestedUsername: 'alice1234', agreementRequired: true };

describe('social sign-in', () => {
  beforeEach(() => {
    useSessionStore.getState().signOut();
  });

  it('asks for the confirmation before linking a new account, then sends the suggested username', async () => {
    const api = mockApi({ 'POST /wps/session/social/link': { login: LOGIN_VALUE, returnTo: '/' } });
    const onSignedIn = vi.fn();
    const { user } = renderWithSite(<SocialLinkScreen ticket={TICKET} info={INFO} onSignedIn={onSignedIn} />);
    expect((screen.getByLabelText('Tên đăng nhập') as HTMLInputElement).value).toBe('alice1234');
    await user.click(screen.getByRole('button', { name: 'Tạo tài khoản và liên kết' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Vui lòng xác nhận rằng bạn hiểu liên kết không thể thay đổi hoặc gỡ bỏ.',
    ]);
    expect(api.callsTo('POST /wps/session/social/link')).toHaveLength(0);
    await user.click(screen.getByLabelText(/không thể thay đổi hoặc gỡ bỏ/));
    await user.click(screen.getByRole('button', { name: 'Tạo tài khoản và liên kết' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(api.callsTo('POST /wps/session/social/link')[0]?.body).toEqual({
      ticket: TICKET,
      mode: 'new',
      username: 'alice1234',
      agreement: true,
      confirmed: true,
    });
  });

  it('links an existing account with its password and shows the refusal of a wrong one', async () => {
    mockApi({ 'POST /wps/session/social/link': new ApiRefusal('login_failed', 'Tài khoản hoặc mật khẩu không chính xác.') });
    const { user } = renderWithSite(<SocialLinkScreen ticket={TICKET} info={INFO} onSignedIn={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Tôi đã có tài khoản' }));
    await user.type(screen.getByLabelText('Tên đăng nhập'), 'bob12345');
    await user.type(screen.getByLabelText('Mật khẩu'), 'wrongpass');
    await user.click(screen.getByLabelText(/không thể thay đổi hoặc gỡ bỏ/));
    await user.click(screen.getByRole('button', { name: 'Liên kết tài khoản này' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tài khoản hoặc mật khẩu không chính xác.');
  });

  it('exchanges the one-time code once and keeps the session', async () => {
    const api = mockApi({ 'POST /wps/session/social/exchange': { login: LOGIN_VALUE, returnTo: '/' } });
    renderWithSite(<SocialLogin code="code-0123456789abcdef" ticket={null} error={null} />);
    await vi.waitFor(() => expect(useSessionStore.getState().isLogin).toBe(true));
    expect(api.callsTo('POST /wps/session/social/exchange')).toHaveLength(1);
  });

  it('says in a sentence why a sign-in came back refused', async () => {
    mockApi({});
    renderWithSite(<SocialLogin code={null} ticket={null} error="social_sign_in_expired" />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Phiên đăng nhập này đã hết hạn hoặc đã được dùng. Vui lòng đăng nhập lại từ đầu.',
    );
  });
});
