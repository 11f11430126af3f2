import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerWalletRecordsTranslations } from '../i18n/register-translations.ts';
import { TransferUplinePage } from './transfer-upline-page.tsx';

const SITE = {
  'GET /wps/member/transfer/permissions': {
    toUpline: true,
    canTransferToDownline: false,
    canReceiveFromDownline: false,
    hasPaymentPassword: true,
    uplineUsername: 'agent1',
    wallet: 'main',
    walletBalance: 100_000,
    currency: 'VND',
  },
};

describe('TransferUplinePage', () => {
  beforeAll(registerWalletRecordsTranslations);

  it('checks the amount and the payment password, in Vietnamese', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<TransferUplinePage />);
    await screen.findByText(/^Số dư ví chính: 100\.000/);
    await user.click(screen.getByRole('button', { name: 'Chuyển tiền' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Nhập số tiền lớn hơn 0, không quá số chữ số thập phân của loại tiền.',
      'Nhập mật khẩu thanh toán.',
    ]);
    await user.type(screen.getByLabelText('Số tiền (VND)'), '200000');
    await user.type(screen.getByLabelText('Mật khẩu thanh toán'), '123456');
    await user.click(screen.getByRole('button', { name: 'Chuyển tiền' }));
    await vi.waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Số tiền lớn hơn số dư ví chính.']));
    expect(api.callsTo('POST /wps/member/transfer/upline')).toHaveLength(0);
  });

  it('sends the amount, the trimmed note and the password, then says so', async () => {
    const api = mockApi({ ...SITE, 'POST /wps/member/transfer/upline': { message: 'Đã chuyển 50.000 cho agent1' } });
    const { user } = renderWithSite(<TransferUplinePage />);
    await user.type(await screen.findByLabelText('Số tiền (VND)'), '50000');
    await user.type(screen.getByLabelText('Ghi chú (không bắt buộc)'), ' tiền nhà ');
    await user.type(screen.getByLabelText('Mật khẩu thanh toán'), '123456');
    await user.click(screen.getByRole('button', { name: 'Chuyển tiền' }));
    await screen.findByText('Đã chuyển 50.000 cho agent1');
    expect(api.callsTo('POST /wps/member/transfer/upline')[0]?.body).toEqual({
      amount: 50_000,
      note: 'tiền nhà',
      paymentPassword: '123456',
      requestId: expect.any(String),
    });
    expect((screen.getByLabelText('Số tiền (VND)') as HTMLInputElement).value).toBe('');
  });

  it("shows and checks an agent's agent wallet, the wallet the server debits, not its main wallet", async () => {
    const api = mockApi({
      'GET /wps/member/transfer/permissions': {
        ...SITE['GET /wps/member/transfer/permissions'],
        hasPaymentPassword: false,
        wallet: 'agent',
        walletBalance: 20_000,
      },
    });
    const { user } = renderWithSite(<TransferUplinePage />, { language: 'en' });
    await screen.findByText(/^Available in the agent wallet: /);
    expect(screen.getByText(/^The money goes from your agent wallet to your upline agent agent1/)).toBeTruthy();
    await user.type(screen.getByLabelText('Amount (VND)'), '50000');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The amount is more than your agent wallet holds.');
    expect(api.callsTo('POST /wps/member/transfer/upline')).toHaveLength(0);
  });

  it('shows the refusal', async () => {
    mockApi({ ...SITE, 'POST /wps/member/transfer/upline': new ApiRefusal('payment_password_wrong', 'Sai mật khẩu thanh toán') });
    const { user } = renderWithSite(<TransferUplinePage />);
    await user.type(await screen.findByLabelText('Số tiền (VND)'), '50000');
    await user.type(screen.getByLabelText('Mật khẩu thanh toán'), '000000');
    await user.click(screen.getByRole('button', { name: 'Chuyển tiền' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sai mật khẩu thanh toán');
  });
});
