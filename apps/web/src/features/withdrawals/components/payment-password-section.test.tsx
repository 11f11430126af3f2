import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { PaymentPasswordSection } from './payment-password-section.tsx';

const rules = (hasPaymentPassword: boolean) => ({
  'GET /wps/member/withdrawals/rules': {
    currency: 'VND',
    minAmount: 1,
    maxAmount: 10,
    dailyCountMax: 1,
    usedToday: 0,
    feeFixed: 0,
    feePercentBasisPoints: 0,
    freePerDay: 1,
    availableBalance: 0,
    wageringRemaining: 0,
    hasPaymentPassword,
    kycStatus: 'none',
    autoConfirmMinutes: 60,
  },
});

describe('PaymentPasswordSection', () => {
  beforeAll(registerMemberCentreTranslations);

  it('needs every field and two equal passwords, in Vietnamese', async () => {
    const api = mockApi(rules(false));
    const { user } = renderWithSite(<PaymentPasswordSection />);
    await user.click(await screen.findByRole('button', { name: 'Đặt mật khẩu' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vui lòng điền đủ các ô.');
    await user.type(screen.getByLabelText('Mật khẩu đăng nhập'), 'login1');
    await user.type(screen.getByLabelText('Mật khẩu rút tiền', { selector: 'input' }), '123456');
    await user.type(screen.getByLabelText('Nhập lại mật khẩu rút tiền'), '123457');
    await user.click(screen.getByRole('button', { name: 'Đặt mật khẩu' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Hai mật khẩu không khớp.'));
    expect(api.callsTo('POST /wps/member/payment-password')).toHaveLength(0);
  });

  it('sets the first password with the login password', async () => {
    const api = mockApi({ ...rules(false), 'POST /wps/member/payment-password': { hasPaymentPassword: true } });
    const { user } = renderWithSite(<PaymentPasswordSection />);
    await user.type(await screen.findByLabelText('Mật khẩu đăng nhập'), 'login1');
    await user.type(screen.getByLabelText('Mật khẩu rút tiền', { selector: 'input' }), '123456');
    await user.type(screen.getByLabelText('Nhập lại mật khẩu rút tiền'), '123456');
    await user.click(screen.getByRole('button', { name: 'Đặt mật khẩu' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/member/payment-password')).toHaveLength(1));
    expect(api.callsTo('POST /wps/member/payment-password')[0]?.body).toEqual({
      loginPassword: 'login1',
      paymentPassword: '123456',
      confirmPaymentPassword: '123456',
    });
  });

  it('changes it with the current one, and shows a refusal', async () => {
    const api = mockApi({ ...rules(true), 'PUT /wps/member/payment-password': new ApiRefusal('payment_password_wrong', 'Sai mật khẩu') });
    const { user } = renderWithSite(<PaymentPasswordSection />);
    await user.type(await screen.findByLabelText('Mật khẩu rút tiền hiện tại'), '111111');
    await user.type(screen.getByLabelText('Mật khẩu rút tiền mới'), '222222');
    await user.type(screen.getByLabelText('Nhập lại mật khẩu rút tiền'), '222222');
    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sai mật khẩu');
    expect(api.callsTo('PUT /wps/member/payment-password')[0]?.body).toEqual({
      oldPaymentPassword: '111111',
      newPaymentPassword: '222222',
      confirmNewPaymentPassword: '222222',
    });
  });
});
