import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerAgentTeamTranslations } from '../i18n/register-translations.ts';
import { OpenAccountForm } from './open-account-form.tsx';
import { RegisterCenterPage } from './register-center-page.tsx';

const CENTER = {
  accountTypes: [41, 42, 0],
  usernameRule: {
    field: 'username',
    enabled: true,
    required: true,
    minLength: 6,
    maxLength: 16,
    patternId: 2,
    acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
  },
  passwordRule: {
    field: 'password',
    enabled: true,
    required: true,
    minLength: 6,
    maxLength: 20,
    patternId: 6,
    acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
  },
  invitationCode: 'ABCD2345',
  invitationPath: '/register?affiliateCode=ABCD2345',
};
const INVITEES = {
  list: [{ memberId: 9, username: 'friend01', accountType: 0, status: 'active', joinedAt: '2026-11-20T03:00:00.000Z' }],
  pageNo: 1,
  pageSize: 10,
  totalCount: 1,
  totalPages: 1,
};
const SITE = { 'GET /wps/agent/team/register-center': CENTER, 'GET /wps/agent/team/invitees': INVITEES };

describe('RegisterCenterPage and its open-account form', () => {
  beforeAll(registerAgentTeamTranslations);

  it('shows the invitation code, the link with its QR code and who joined', async () => {
    mockApi(SITE);
    renderWithSite(<RegisterCenterPage />);
    expect((await screen.findByTestId('invitation-code')).textContent).toBe('ABCD2345');
    expect(screen.getByText('http://localhost:3000/register?affiliateCode=ABCD2345')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Mã QR của đường dẫn mời' })).toBeTruthy();
    expect(await screen.findByText('friend01')).toBeTruthy();
  });

  it('checks the username and password against the site rules, in the member language, before calling', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<RegisterCenterPage />, { language: 'en' });
    await user.type(await screen.findByLabelText('Username'), '1abc');
    await user.type(screen.getByLabelText('First password'), 'letters');
    await user.type(screen.getByLabelText('E-mail'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Open account' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'The username is not valid; enter it as: Starts with a letter, then letters and digits, 6-16 characters.',
      'The password is not valid; enter it as: Both letters and digits, 6-20 characters.',
      'Enter a valid e-mail address, or leave it empty.',
    ]);
    expect(api.callsTo('POST /wps/agent/team/accounts')).toHaveLength(0);
  });

  it('offers only the types the agent may open and sends the account, then says the member must change the password', async () => {
    const api = mockApi({
      ...SITE,
      'POST /wps/agent/team/accounts': {
        memberId: 77,
        username: 'newbie01',
        accountType: 42,
        createdAt: '2026-11-26T06:00:00.000Z',
        mustChangePassword: true,
      },
    });
    const { user } = renderWithSite(<RegisterCenterPage />);
    const type = (await screen.findByLabelText('Loại tài khoản')) as HTMLSelectElement;
    expect([...type.options].map((o) => o.textContent)).toEqual(['Đại lý cấp 3 (loại 41)', 'Đại lý cấp 4 (loại 42)', 'Người chơi']);
    expect(type.value).toBe('0');
    await user.type(screen.getByLabelText('Tên tài khoản'), 'newbie01');
    await user.type(screen.getByLabelText('Mật khẩu ban đầu'), 'first123');
    await user.selectOptions(type, '42');
    await user.type(screen.getByLabelText('Zalo'), '0901234567');
    await user.click(screen.getByRole('button', { name: 'Mở tài khoản' }));
    expect(
      await screen.findByText(
        'Đã mở tài khoản newbie01 (Đại lý cấp 4 (loại 42)). Hãy gửi mật khẩu ban đầu cho thành viên; họ phải đổi mật khẩu khi đăng nhập.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST /wps/agent/team/accounts')[0]?.body).toEqual({
      username: 'newbie01',
      password: 'first123',
      accountType: 42,
      zalo: '0901234567',
    });
    await vi.waitFor(() => expect((screen.getByLabelText('Tên tài khoản') as HTMLInputElement).value).toBe(''));
  });

  it('shows the server’s refusal', async () => {
    mockApi({ 'POST /wps/agent/team/accounts': new ApiRefusal('username_taken', 'Tên tài khoản đã tồn tại', undefined, 409) });
    const { user } = renderWithSite(<OpenAccountForm center={CENTER as unknown as Parameters<typeof OpenAccountForm>[0]['center']} />);
    await user.type(await screen.findByLabelText('Tên tài khoản'), 'taken001');
    await user.type(screen.getByLabelText('Mật khẩu ban đầu'), 'first123');
    await user.click(screen.getByRole('button', { name: 'Mở tài khoản' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tên tài khoản đã tồn tại');
  });
});
