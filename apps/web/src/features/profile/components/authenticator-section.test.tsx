import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { AuthenticatorSection } from './authenticator-section.tsx';

const SITE = {
  'GET /wps/member/authenticator': { enabled: false },
  'POST /wps/member/authenticator': { secret: 'ABCDEFGHIJKLMNOP', otpauthUrl: 'otpauth://totp/Lotus:player1?secret=ABCDEFGHIJKLMNOP' },
};

async function startEnrolment(user: ReturnType<typeof renderWithSite>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Cài đặt ứng dụng xác thực' }));
  return screen.findByLabelText('Mã từ ứng dụng');
}

describe('AuthenticatorSection', () => {
  beforeAll(registerMemberCentreTranslations);

  it('asks for six digits, in Vietnamese, and sends nothing else', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<AuthenticatorSection />);
    const input = await startEnrolment(user);
    await user.type(input, '12345');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nhập mã 6 chữ số từ ứng dụng.');
    expect(api.callsTo('POST /wps/member/authenticator/confirm')).toHaveLength(0);
  });

  it('sends the code without its spaces, and shows a refusal under the field', async () => {
    const api = mockApi({ ...SITE, 'POST /wps/member/authenticator/confirm': new ApiRefusal('code_invalid', 'Mã không đúng') });
    const { user } = renderWithSite(<AuthenticatorSection />);
    await user.type(await startEnrolment(user), '123 456');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Mã không đúng');
    await vi.waitFor(() => expect(api.callsTo('POST /wps/member/authenticator/confirm')[0]?.body).toEqual({ code: '123456' }));
  });
});
