import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { DepositForm } from './deposit-form.tsx';

const CHANNEL = {
  id: 3,
  type: 'bank_transfer',
  name: 'Vietcombank',
  currency: 'VND',
  minAmount: 50_000,
  maxAmount: 5_000_000,
  bank: null,
  tutorial: '',
};
const ORDER = {
  orderNo: 'D1',
  channelId: 3,
  type: 'bank_transfer',
  currency: 'VND',
  amount: 200_000,
  creditedAmount: null,
  status: 'pending',
  referenceCode: 'REF1',
  redirectUrl: null,
  bank: null,
  rejectReason: null,
};

async function typeAmount(user: ReturnType<typeof renderWithSite>['user'], text: string) {
  const input = await screen.findByLabelText('Số tiền (VND)');
  await user.clear(input);
  await user.type(input, text);
  await user.click(screen.getByRole('button', { name: 'Nạp tiền' }));
}

describe('DepositForm', () => {
  beforeAll(registerMemberCentreTranslations);

  it('holds the amount to the channel limits, in Vietnamese', async () => {
    const api = mockApi({ 'GET /wps/member/deposit/channels': { list: [CHANNEL] } });
    const { user } = renderWithSite(<DepositForm onBankOrder={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Nạp tiền' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vui lòng nhập số tiền.');
    await typeAmount(user, '12,5x');
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Số tiền không hợp lệ.'));
    await typeAmount(user, '1000');
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Số tiền tối thiểu là 50\.000/));
    await typeAmount(user, '6000000');
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Số tiền tối đa là 5\.000\.000/));
    await user.type(screen.getByLabelText('Số tiền (VND)'), '1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('POST /wps/member/deposit/orders')).toHaveLength(0);
  });

  it('asks for the order in minor units and hands back the bank order', async () => {
    const api = mockApi({ 'GET /wps/member/deposit/channels': { list: [CHANNEL] }, 'POST /wps/member/deposit/orders': ORDER });
    const onBankOrder = vi.fn();
    const { user } = renderWithSite(<DepositForm onBankOrder={onBankOrder} />);
    await typeAmount(user, '200.000');
    await vi.waitFor(() => expect(onBankOrder).toHaveBeenCalledWith(ORDER));
    expect(api.callsTo('POST /wps/member/deposit/orders')[0]?.body).toEqual({ channelId: 3, amount: 200_000 });
    expect((screen.getByLabelText('Số tiền (VND)') as HTMLInputElement).value).toBe('');
  });

  it('shows a refusal under the button', async () => {
    mockApi({
      'GET /wps/member/deposit/channels': { list: [CHANNEL] },
      'POST /wps/member/deposit/orders': new ApiRefusal('deposit_pending', 'Bạn đang có lệnh nạp chờ xử lý'),
    });
    const { user } = renderWithSite(<DepositForm onBankOrder={() => {}} />);
    await typeAmount(user, '200000');
    const form = screen.getByRole('button', { name: 'Nạp tiền' }).closest('form') as HTMLFormElement;
    expect((await within(form).findByRole('alert')).textContent).toBe('Bạn đang có lệnh nạp chờ xử lý');
  });
});
