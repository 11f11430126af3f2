import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { ContactSection } from './contact-section.tsx';

const SITE = {
  'GET /wps/member/verification': {
    mobile: { value: '', isSet: false, verified: false, verifiedAt: null },
    email: { value: 'a***@example.com', isSet: true, verified: true, verifiedAt: '2026-01-01T00:00:00Z' },
  },
};

describe('ContactSection', () => {
  beforeAll(registerMemberCentreTranslations);

  it('asks for the number before sending a code, in Vietnamese', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<ContactSection />);
    const mobile = await screen.findByRole('group', { name: 'Số điện thoại' });
    await user.click(within(mobile).getByRole('button', { name: 'Gửi mã' }));
    expect((await within(mobile).findByRole('alert')).textContent).toBe('Hãy nhập địa chỉ cần xác minh trước.');
    expect(api.callsTo('POST /wps/member/verification/code')).toHaveLength(0);
  });

  it('sends a code to the trimmed number, asks for the code, then confirms it', async () => {
    const api = mockApi({
      ...SITE,
      'POST /wps/member/verification/code': { expiredMinutes: 5 },
      'POST /wps/member/verification/confirm': { verified: true },
    });
    const { user } = renderWithSite(<ContactSection />);
    const mobile = await screen.findByRole('group', { name: 'Số điện thoại' });
    await user.type(within(mobile).getByLabelText('Số điện thoại của bạn'), ' 0912345678 ');
    await user.click(within(mobile).getByRole('button', { name: 'Gửi mã' }));
    await within(mobile).findByText('Mã đã được gửi qua SMS.');
    expect(api.callsTo('POST /wps/member/verification/code')[0]?.body).toEqual({ channel: 'mobile', address: '0912345678' });
    const confirm = within(mobile).getByRole('button', { name: 'Xác minh Số điện thoại' });
    await user.click(confirm);
    expect((await within(mobile).findByRole('alert')).textContent).toBe('Hãy nhập mã bạn nhận được.');
    await user.type(within(mobile).getByLabelText('Mã xác minh'), ' 4321 ');
    await user.click(confirm);
    await vi.waitFor(() => expect(api.callsTo('POST /wps/member/verification/confirm')).toHaveLength(1));
    expect(api.callsTo('POST /wps/member/verification/confirm')[0]?.body).toEqual({ channel: 'mobile', code: '4321' });
  });
});
