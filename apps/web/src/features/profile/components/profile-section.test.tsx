import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { ProfileSection } from './profile-section.tsx';

const PROFILE = {
  permanentAddress: '',
  currentAddress: '',
  placeOfBirth: '',
  nationality: 'Việt Nam',
  occupation: '',
  incomeSource: '',
  line: '',
  birthday: '',
  updatedAt: null,
};

describe('ProfileSection', () => {
  beforeAll(registerMemberCentreTranslations);

  it('marks the required fields and a too-young birthday, and focuses the first', async () => {
    const api = mockApi({ 'GET /wps/member/profile': PROFILE });
    const { user } = renderWithSite(<ProfileSection />);
    fireEvent.change(await screen.findByLabelText('Ngày sinh'), { target: { value: '2020-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Lưu thông tin' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Không được để trống',
      'Không được để trống',
      'Không được để trống',
      'Nhập một ngày hợp lệ; bạn phải từ 18 tuổi trở lên.',
    ]);
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Địa chỉ thường trú')));
    expect(api.callsTo('PUT /wps/member/profile')).toHaveLength(0);
  });

  it('saves the whole profile and shows what the server kept', async () => {
    const api = mockApi({
      'GET /wps/member/profile': PROFILE,
      'PUT /wps/member/profile': { ...PROFILE, permanentAddress: '1 Lê Lợi', currentAddress: '2 Lê Lợi', line: 'an.line' },
    });
    const { user } = renderWithSite(<ProfileSection />, { language: 'en' });
    await user.type(await screen.findByLabelText('Permanent address'), '1 Lê Lợi ');
    await user.type(screen.getByLabelText('Current address'), '2 Lê Lợi');
    await user.type(screen.getByLabelText('LINE'), 'an.line');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await screen.findByRole('status');
    expect(api.callsTo('PUT /wps/member/profile')[0]?.body).toEqual({
      permanentAddress: '1 Lê Lợi ',
      currentAddress: '2 Lê Lợi',
      placeOfBirth: '',
      nationality: 'Việt Nam',
      occupation: '',
      incomeSource: '',
      line: 'an.line',
      birthday: '',
    });
    expect((screen.getByLabelText('Permanent address') as HTMLInputElement).value).toBe('1 Lê Lợi');
  });
});
