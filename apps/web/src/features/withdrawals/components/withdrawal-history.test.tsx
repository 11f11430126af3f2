import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { WithdrawalHistory } from './withdrawal-history.tsx';

const PAID = {
  id: 9,
  status: 'paid',
  currency: 'VND',
  amount: 500_000,
  fee: 0,
  netAmount: 500_000,
  bankCard: { id: 1, bankCode: 'VCB', bankName: 'Vietcombank', maskedAccountNumber: '****1234' },
  rejectReason: null,
  confirmation: null,
  createdAt: '2026-01-01T00:00:00Z',
  paidAt: '2026-01-01T01:00:00Z',
  confirmedAt: null,
};
const HISTORY = { 'GET /wps/member/withdrawals': { list: [PAID], pageNo: 1, pageSize: 10, totalCount: 1, totalPages: 1 } };
const png = (name: string) => new File(['png'], name, { type: 'image/png' });

async function openDispute(user: ReturnType<typeof renderWithSite>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Chưa nhận được' }));
  return screen.getByRole('form', { name: 'Báo chưa nhận được tiền' });
}

describe('WithdrawalHistory dispute form', () => {
  beforeAll(registerMemberCentreTranslations);

  it('asks for at least one image and at most three', async () => {
    const api = mockApi(HISTORY);
    const { user } = renderWithSite(<WithdrawalHistory autoConfirmMinutes={60} />);
    await openDispute(user);
    await user.click(screen.getByRole('button', { name: 'Gửi' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vui lòng chọn ít nhất một ảnh.');
    await user.upload(screen.getByTestId('proof-input'), [png('1.png'), png('2.png'), png('3.png'), png('4.png')]);
    expect((await screen.findByRole('alert')).textContent).toBe('Chỉ được gửi tối đa 3 ảnh.');
    expect(api.callsTo('POST /wps/member/withdrawals/9/dispute')).toHaveLength(0);
  });

  it('sends the images and the trimmed note, then says it was sent', async () => {
    const api = mockApi({ ...HISTORY, 'POST /wps/member/withdrawals/9/dispute': { ...PAID, status: 'disputed' } });
    const { user } = renderWithSite(<WithdrawalHistory autoConfirmMinutes={60} />);
    await openDispute(user);
    await user.upload(screen.getByTestId('proof-input'), [png('a.png'), png('b.png')]);
    await user.type(screen.getByLabelText('Ghi chú (không bắt buộc)'), ' chưa thấy tiền ');
    await user.click(screen.getByRole('button', { name: 'Gửi' }));
    await screen.findByText('Đã gửi báo cáo, bộ phận tài chính sẽ kiểm tra.');
    const body = api.callsTo('POST /wps/member/withdrawals/9/dispute')[0]?.body as FormData;
    expect(body.getAll('images').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
    expect(body.get('note')).toBe('chưa thấy tiền');
    expect(screen.queryByRole('form', { name: 'Báo chưa nhận được tiền' })).toBeNull();
  });

  it('closes on Hủy', async () => {
    mockApi(HISTORY);
    const { user } = renderWithSite(<WithdrawalHistory autoConfirmMinutes={60} />);
    await openDispute(user);
    await user.click(screen.getByRole('button', { name: 'Hủy' }));
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'Báo chưa nhận được tiền' })).toBeNull());
  });
});
