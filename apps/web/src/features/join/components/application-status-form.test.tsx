import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerJoinTranslations } from '../i18n/register-translations.ts';
import { ApplicationStatusForm } from './application-status-form.tsx';

describe('ApplicationStatusForm', () => {
  beforeAll(registerJoinTranslations);

  it('checks the reference format before asking the server', async () => {
    const api = mockApi({});
    const { user } = renderWithSite(<ApplicationStatusForm />, { language: 'en' });
    await user.type(screen.getByLabelText('Reference'), 'AG-123');
    await user.type(screen.getByLabelText('Mobile number'), '0912345678');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A reference is AG- and 10 letters or digits, for example AG-7K3M9Q2XAB.');
    expect(api.calls).toHaveLength(0);
  });

  it("shows the operator's answer", async () => {
    const api = mockApi({
      'POST /wps/agent/applications/status': {
        reference: 'AG-7K3M9Q2XAB',
        status: 'approved',
        createdAt: '2026-11-26T03:00:00.000Z',
        answeredAt: '2026-11-26T05:00:00.000Z',
        answer: 'Chào anh An, chúng tôi sẽ gọi anh hôm nay.',
      },
    });
    const { user } = renderWithSite(<ApplicationStatusForm />);
    await user.type(screen.getByLabelText('Mã đơn'), 'ag-7k3m9q2xab');
    await user.type(screen.getByLabelText('Số điện thoại'), '0912 345 678');
    await user.click(screen.getByRole('button', { name: 'Tra cứu' }));
    const status = await screen.findByTestId('application-status');
    expect(status.textContent).toContain('Đã duyệt');
    expect(status.textContent).toContain('Chào anh An, chúng tôi sẽ gọi anh hôm nay.');
    expect(api.calls[0]?.body).toEqual({ reference: 'AG-7K3M9Q2XAB', mobileNum: '0912345678' });
  });

  it("shows the server's sentence when nothing matches", async () => {
    mockApi({
      'POST /wps/agent/applications/status': new ApiRefusal(
        'agent_application_not_found',
        'No application matches this reference and mobile number. Check both and try again.',
        undefined,
        404,
      ),
    });
    const { user } = renderWithSite(<ApplicationStatusForm defaults={{ reference: 'AG-7K3M9Q2XAB', mobileNum: '0912345678' }} />, {
      language: 'en',
    });
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No application matches this reference and mobile number. Check both and try again.',
    );
  });
});
