import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { BankCardsSection } from './bank-cards-section.tsx';

const CARD = {
  id: 4,
  bankCode: 'VCB',
  bankName: 'Vietcombank',
  accountName: 'NGUYEN VAN AN',
  maskedAccountNumber: '****9876',
  isVerified: false,
  createdAt: '2026-01-01T00:00:00Z',
};
const SITE = {
  'GET /wps/member/bank-cards': { list: [], cardsMax: 3, payeeName: null },
  'GET /wps/member/banks': [
    { code: 'VCB', name: 'Vietcombank' },
    { code: 'TCB', name: 'Techcombank' },
  ],
};

describe('BankCardsSection', () => {
  beforeAll(registerMemberCentreTranslations);

  it('needs a bank, a name and a number, in Vietnamese', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<BankCardsSection />);
    await user.click(await screen.findByRole('button', { name: 'Thêm thẻ ngân hàng' }));
    const form = screen.getByRole('form', { name: 'Thêm thẻ ngân hàng' });
    await user.type(within(form).getByLabelText('Số tài khoản'), '0123456789');
    await user.click(within(form).getByRole('button', { name: 'Liên kết thẻ' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Vui lòng chọn ngân hàng và điền đủ các ô.');
    expect(api.callsTo('POST /wps/member/bank-cards')).toHaveLength(0);
  });

  it('binds the card with the trimmed name and number', async () => {
    const api = mockApi({ ...SITE, 'POST /wps/member/bank-cards': CARD });
    const { user } = renderWithSite(<BankCardsSection />);
    await user.click(await screen.findByRole('button', { name: 'Thêm thẻ ngân hàng' }));
    await user.selectOptions(await screen.findByLabelText('Ngân hàng'), await screen.findByRole('option', { name: 'Vietcombank' }));
    await user.type(screen.getByLabelText('Tên chủ tài khoản'), ' NGUYEN VAN AN ');
    await user.type(screen.getByLabelText('Số tài khoản'), ' 0123456789 ');
    await user.click(screen.getByRole('button', { name: 'Liên kết thẻ' }));
    await screen.findByText('Đã liên kết thẻ Vietcombank ****9876.');
    expect(api.callsTo('POST /wps/member/bank-cards')[0]?.body).toEqual({
      bankCode: 'VCB',
      accountName: 'NGUYEN VAN AN',
      accountNumber: '0123456789',
    });
  });

  it('asks before removing a card: Hủy keeps it, the confirmation removes it', async () => {
    const api = mockApi({
      ...SITE,
      'GET /wps/member/bank-cards': { list: [CARD], cardsMax: 3, payeeName: 'NGUYEN VAN AN' },
      'DELETE /wps/member/bank-cards/4': { removed: true },
    });
    const { user } = renderWithSite(<BankCardsSection />);
    await user.click(await screen.findByRole('button', { name: 'Xóa' }));
    await user.click(screen.getByRole('button', { name: 'Hủy' }));
    expect(api.callsTo('DELETE /wps/member/bank-cards/4')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Xóa' }));
    await user.click(screen.getByRole('button', { name: 'Xóa thẻ này' }));
    await vi.waitFor(() => expect(api.callsTo('DELETE /wps/member/bank-cards/4')).toHaveLength(1));
  });
});
