import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';

const challenge = { challenge: 'ch-1', methods: ['sms' as const, 'authenticator' as const], expiredMinutes: 5 };

describe('SecondFactorStep', () => {
  it('asks for the code in Vietnamese when it is empty, and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderWithSite(<SecondFactorStep challenge={challenge} onCancel={() => {}} />);
    expect(screen.getByText(/5/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vui lòng nhập mã xác nhận');
    expect(api.calls).toHaveLength(0);
  });

  it('sends the trimmed code with the chosen method and signs in', async () => {
    const api = mockApi({ 'POST /wps/session/login/verify': LOGIN_VALUE });
    const { user } = renderWithSite(<SecondFactorStep challenge={challenge} onCancel={() => {}} />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Authenticator app' }));
    await user.type(screen.getByLabelText('SMS code'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(useSessionStore.getState().isLogin).toBe(true));
    expect(api.callsTo('POST /wps/session/login/verify')).toHaveLength(1);
    expect(api.callsTo('POST /wps/session/login/verify')[0]?.body).toEqual({ challenge: 'ch-1', method: 'authenticator', code: '123456' });
  });

  it('shows the server refusal under the field', async () => {
    mockApi({ 'POST /wps/session/login/verify': new ApiRefusal('code_invalid', 'Mã không đúng') });
    const { user } = renderWithSite(<SecondFactorStep challenge={challenge} onCancel={() => {}} />);
    await user.type(screen.getByLabelText('Mã SMS'), '000000');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Mã không đúng');
  });

  it('goes back on Back', async () => {
    mockApi({});
    const onCancel = vi.fn();
    const { user } = renderWithSite(<SecondFactorStep challenge={challenge} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Quay lại' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
