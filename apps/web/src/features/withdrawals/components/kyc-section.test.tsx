import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { KycSection } from './kyc-section.tsx';

const NONE = { status: 'none', latest: null, isRequiredForPayout: true };
const png = (name: string) => new File(['png'], name, { type: 'image/png' });

describe('KycSection', () => {
  beforeAll(registerMemberCentreTranslations);

  it('asks for both sides, and refuses a file that is not an image', async () => {
    const api = mockApi({ 'GET /wps/member/kyc': NONE });
    const { user } = renderWithSite(<KycSection />);
    await user.click(await screen.findByRole('button', { name: 'Gửi xác minh' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vui lòng chọn cả ảnh mặt trước và mặt sau.');
    // A browser lets a member pick any file despite `accept`.
    fireEvent.change(screen.getByLabelText('Chọn mặt trước'), {
      target: { files: [new File(['%PDF'], 'id.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('id.pdf: chỉ nhận ảnh PNG hoặc JPG.');
    expect(api.callsTo('POST /wps/member/kyc')).toHaveLength(0);
  });

  it('uploads the front and the back', async () => {
    const api = mockApi({ 'GET /wps/member/kyc': NONE, 'POST /wps/member/kyc': { id: 1 } });
    const { user } = renderWithSite(<KycSection />);
    await user.upload(await screen.findByLabelText('Chọn mặt trước'), png('front.png'));
    await user.upload(screen.getByLabelText('Chọn mặt sau'), png('back.png'));
    expect(screen.getByText('Mặt trước: front.png')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Gửi xác minh' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/member/kyc')).toHaveLength(1));
    const body = api.callsTo('POST /wps/member/kyc')[0]?.body as FormData;
    expect([(body.get('front') as File).name, (body.get('back') as File).name]).toEqual(['front.png', 'back.png']);
  });
});
