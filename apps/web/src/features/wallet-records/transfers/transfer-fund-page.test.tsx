import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerWalletRecordsTranslations } from '../i18n/register-translations.ts';
import { TransferFundPage } from './transfer-fund-page.tsx';

const FUNDS = {
  currency: 'VND',
  sumBalance: 1_000_000,
  mainBalance: 1_000_000,
  vendorBalance: 0,
  isVendorBalanceComplete: true,
  withdrawableBalance: 1_000_000,
  bonusBalance: 0,
  agentBalance: 0,
  lockedBalance: 0,
  dailysalreqtype: null,
  divtypereq: null,
};
const SITE = {
  'GET /wps/member/info/funds/consolidated': FUNDS,
  'GET /wps/relay/GCS_merchantWallet': { isSingle: false },
  'GET /wps/relay/GCS_walletBalances': { currency: 'VND', mainBalance: 1_000_000, list: [{ vendorCode: 'V1', balance: 2000 }] },
  'GET /wps/relay/GCSGAME_newGameVendor': [],
};
const INVALID = 'Nhập số tiền lớn hơn 0, không quá số chữ số thập phân của loại tiền.';

describe('TransferFundPage vendor transfer form', () => {
  beforeAll(registerWalletRecordsTranslations);

  it('refuses an amount that is not positive, both ways, in Vietnamese', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<TransferFundPage />);
    const row = (await screen.findByLabelText('Số tiền cho V1')).closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Chuyển vào' }));
    expect((await within(row).findByRole('alert')).textContent).toBe(INVALID);
    await user.type(within(row).getByLabelText('Số tiền cho V1'), '0');
    await user.click(within(row).getByRole('button', { name: 'Chuyển ra' }));
    await vi.waitFor(() => expect(within(row).getByRole('alert').textContent).toBe(INVALID));
    expect(api.callsTo('POST /wps/relay/GCS_walletTransfer')).toHaveLength(0);
  });

  it('moves the amount in and out with a fresh request id each time', async () => {
    const api = mockApi({
      ...SITE,
      'POST /wps/relay/GCS_walletTransfer': ({ body }: ApiCall) => ({
        status: 'SUCCEEDED',
        amount: (body as { amount: number }).amount,
        currency: 'VND',
      }),
    });
    const { user } = renderWithSite(<TransferFundPage />);
    const input = await screen.findByLabelText('Số tiền cho V1');
    await user.type(input, '5000{Enter}');
    await screen.findByText(/^Chuyển tiền với V1 thành công: 5\.000/);
    expect(input).toHaveProperty('value', '');
    await user.type(input, '300');
    await user.click(screen.getByRole('button', { name: 'Chuyển ra' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/relay/GCS_walletTransfer')).toHaveLength(2));
    const [into, out] = api.callsTo('POST /wps/relay/GCS_walletTransfer').map((c) => c.body as Record<string, unknown>);
    expect(into).toEqual({ fromWallet: 'MAIN', toWallet: 'V1', amount: 5000, requestId: expect.any(String) });
    expect(out).toEqual({ fromWallet: 'V1', toWallet: 'MAIN', amount: 300, requestId: expect.any(String) });
    expect(out?.requestId).not.toBe(into?.requestId);
  });

  it('counts the money in game wallets in the total but not in what may be withdrawn, and names each provider', async () => {
    const card = {
      vassalage: 'DEMOTX',
      displayName: 'Lotus Transfer Studio',
      accountTypeId: 2,
      isHot: 0,
      gameType: 'RNG',
      logoUrl: '',
      walletStyle: 'transfer',
      isMaintenance: false,
      maintenanceMessage: '',
    };
    const api = mockApi({
      'GET /wps/member/info/funds/consolidated': {
        ...FUNDS,
        sumBalance: 1_000_000,
        mainBalance: 900_000,
        vendorBalance: 100_000,
        withdrawableBalance: 900_000,
      },
      'GET /wps/relay/GCS_merchantWallet': { isSingle: false },
      'GET /wps/relay/GCS_walletBalances': { currency: 'VND', mainBalance: 900_000, list: [{ vendorCode: 'DEMOTX', balance: 100_000 }] },
      'GET /wps/relay/GCSGAME_newGameVendor': [{ title: 'Nổ hũ', gameType: 'RNG', cards: [card] }],
      'POST /wps/relay/GCS_walletRecallAll': {
        mainBalance: 1_000_000,
        list: [
          {
            transferId: 't',
            vendorCode: 'DEMOTX',
            direction: 'IN',
            amount: 100_000,
            currency: 'VND',
            status: 'SUCCEEDED',
            mainBalance: 1_000_000,
          },
        ],
      },
    });
    const { user } = renderWithSite(<TransferFundPage />);
    expect((await screen.findByTestId('wallet-total')).textContent).toMatch(/^1\.000\.000/);
    expect(screen.getByTestId('wallet-withdrawable').textContent).toMatch(/^900\.000/);
    const inGames = screen.getByText('Trong ví trò chơi').closest('[data-wallet]') as HTMLElement;
    expect(inGames.textContent).toMatch(/100\.000/);
    const row = (await screen.findByLabelText('Số tiền cho Lotus Transfer Studio')).closest('li') as HTMLElement;
    expect(within(row).getByText('Lotus Transfer Studio')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Chuyển ra' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Thu hồi tất cả về ví chính' }));
    expect((await screen.findByRole('status', { name: '' })).textContent).toMatch(/^Đã thu hồi 100\.000/);
    expect(api.callsTo('POST /wps/relay/GCS_walletRecallAll')).toHaveLength(1);
  });
});
