import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { WithdrawForm } from './withdraw-form.tsx';

const RULES = {
  currency: 'VND',
  minAmount: 100_000,
  maxAmount: 10_000_000,
  dailyCountMax: 5,
  usedToday: 0,
  feeFixed: 0,
  feePercentBasisPoints: 0,
  freePerDay: 3,
  availableBalance: 1_000_000,
  wageringRemaining: 0,
  hasPaymentPassword: true,
  kycStatus: 'none',
  autoConfirmMinutes: 60,
};
const CARD = {
  id: 11,
  bankCode: 'VCB',
  bankName: 'Vietcombank',
  accountName: 'NGUYEN VAN AN',
  maskedAccountNumber: '****1234',
  isVerified: true,
  createdAt: '2026-01-01T00:00:00Z',
};
const SITE = {
  'GET /wps/member/withdrawals/rules': RULES,
  'GET /wps/member/bank-cards': { list: [CARD], cardsMax: 3, payeeName: 'NGUYEN VAN AN' },
};
const WITHDRAWAL = { id: 5, amount: 200_000, currency: 'VND' };

async function fillRequest(user: ReturnType<typeof renderWithSite>['user'], amount: string, password: string) {
  await user.type(await screen.findByLabelText('Số tiền (VND)'), amount);
  if (password) await user.type(screen.getByLabelText('Mật khẩu rút tiền'), password);
  await user.click(screen.getByRole('button', { name: 'Rút tiền' }));
}

describe('WithdrawForm', () => {
  beforeAll(registerMemberCentreTranslations);

  it('says how much is still in game wallets, and brings it all back to the main wallet in one tap', async () => {
    let inGame = 150_000;
    const api = mockApi({
      ...SITE,
      'GET /wps/relay/GCS_merchantWallet': { isSingle: false },
      'GET /wps/relay/GCS_walletBalances': () => ({
        currency: 'VND',
        mainBalance: 1_000_000,
        list: [{ vendorCode: 'DEMO_TRANSFER', balance: inGame }],
      }),
      'POST /wps/relay/GCS_walletRecallAll': () => {
        inGame = 0;
        return { mainBalance: 1_150_000, list: [] };
      },
    });
    const { user } = renderWithSite(<WithdrawForm />);
    const notice = await screen.findByTestId('withdraw-game-wallets');
    expect(notice.querySelector('p')?.textContent).toMatch(
      /^Còn 150\.000\s₫ trong ví trò chơi\. Chỉ rút được tiền trong ví chính: hãy thu hồi về trước\.$/,
    );
    await user.click(within(notice).getByRole('button', { name: 'Thu hồi tất cả về ví chính' }));
    await screen.findByText('Đã thu hồi tiền trong các ví trò chơi về ví chính.');
    expect(screen.queryByTestId('withdraw-game-wallets')).toBeNull();
    expect(api.callsTo('POST /wps/relay/GCS_walletRecallAll')).toHaveLength(1);
    // The rules (the amount available to withdraw) are read again after the money came back.
    expect(api.callsTo('GET /wps/member/withdrawals/rules').length).toBeGreaterThanOrEqual(2);
  });

  it('says nothing of game wallets on a site with one wallet', async () => {
    const api = mockApi({ ...SITE, 'GET /wps/relay/GCS_merchantWallet': { isSingle: true } });
    renderWithSite(<WithdrawForm />);
    await screen.findByLabelText('Số tiền (VND)');
    expect(screen.queryByTestId('withdraw-game-wallets')).toBeNull();
    expect(api.callsTo('GET /wps/relay/GCS_walletBalances')).toHaveLength(0);
  });

  it('asks for the amount and the payment password, and holds the amount to the balance', async () => {
    mockApi(SITE);
    const { user } = renderWithSite(<WithdrawForm />);
    await user.click(await screen.findByRole('button', { name: 'Rút tiền' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Vui lòng nhập số tiền.',
      'Vui lòng nhập mật khẩu rút tiền.',
    ]);
    await fillRequest(user, '2000000', '123456');
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Số tiền vượt quá số dư có thể rút \(1\.000\.000/));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirms in a dialog and sends the card, the amount and the payment password', async () => {
    const api = mockApi({ ...SITE, 'POST /wps/member/withdrawals': WITHDRAWAL });
    const { user } = renderWithSite(<WithdrawForm />);
    await fillRequest(user, '200000', '123456');
    const dialog = await screen.findByRole('dialog', { name: 'Xác nhận rút tiền' });
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await screen.findByText(/^Đã gửi yêu cầu rút 200\.000/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /wps/member/withdrawals')[0]?.body).toEqual({
      bankCardId: 11,
      amount: 200_000,
      paymentPassword: '123456',
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    expect((screen.getByLabelText('Số tiền (VND)') as HTMLInputElement).value).toBe('');
  });

  it('sends one request id per confirmation, the same on a retry, a new one for the next withdrawal', async () => {
    const api = mockApi({ ...SITE, 'POST /wps/member/withdrawals': new ApiRefusal('reauth_required', 'Vui lòng xác minh lại') });
    const { user } = renderWithSite(<WithdrawForm />);
    await fillRequest(user, '200000', '123456');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await within(dialog).findByRole('alert');
    await user.type(within(dialog).getByLabelText('Mật khẩu đăng nhập'), 'login123');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/member/withdrawals')).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await user.click(screen.getByRole('button', { name: 'Rút tiền' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Xác nhận' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/member/withdrawals')).toHaveLength(3));
    const ids = api.callsTo('POST /wps/member/withdrawals').map((call) => (call.body as { requestId: string }).requestId);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('asks a new card for the login password or an SMS code before sending', async () => {
    const api = mockApi({
      ...SITE,
      'GET /wps/member/bank-cards': { list: [{ ...CARD, isVerified: false }], cardsMax: 3, payeeName: null },
      'POST /wps/member/withdrawals': WITHDRAWAL,
    });
    const { user } = renderWithSite(<WithdrawForm />);
    await fillRequest(user, '200000', '123456');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Vui lòng nhập mật khẩu đăng nhập.');
    await user.click(within(dialog).getByRole('radio', { name: 'Dùng mã SMS' }));
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Vui lòng nhập mã xác minh.'));
    await user.type(within(dialog).getByLabelText('Mã xác minh'), ' 654321 ');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/member/withdrawals')).toHaveLength(1));
    expect(api.callsTo('POST /wps/member/withdrawals')[0]?.body).toEqual({
      bankCardId: 11,
      amount: 200_000,
      paymentPassword: '123456',
      verificationCode: '654321',
      requestId: expect.any(String),
    });
  });

  it('turns on the re-authentication when the server asks for it', async () => {
    mockApi({ ...SITE, 'POST /wps/member/withdrawals': new ApiRefusal('reauth_required', 'Vui lòng xác minh lại') });
    const { user } = renderWithSite(<WithdrawForm />);
    await fillRequest(user, '200000', '123456');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Vui lòng xác minh lại');
    expect(within(dialog).getByLabelText('Mật khẩu đăng nhập')).toBeTruthy();
  });

  it('closes the confirmation on Escape and on Hủy, sending nothing', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<WithdrawForm />);
    await fillRequest(user, '200000', '123456');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rút tiền' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hủy' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /wps/member/withdrawals')).toHaveLength(0);
  });
});
