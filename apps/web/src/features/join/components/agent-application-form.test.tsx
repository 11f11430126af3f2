import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerJoinTranslations } from '../i18n/register-translations.ts';
import { AgentApplicationForm } from './agent-application-form.tsx';

const PENDING = { reference: 'AG-7K3M9Q2XAB', status: 'pending', createdAt: '2026-11-26T03:00:00.000Z', answeredAt: null, answer: null };

describe('AgentApplicationForm', () => {
  beforeAll(registerJoinTranslations);
  beforeEach(() => useSessionStore.getState().signOut());

  it('says what is missing in whole Vietnamese sentences and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderWithSite(<AgentApplicationForm onSent={vi.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'an@');
    await user.click(screen.getByRole('button', { name: 'Gửi đơn đăng ký' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Vui lòng nhập họ tên của bạn.',
      'Vui lòng nhập số điện thoại để chúng tôi liên hệ.',
      'Email chưa đúng định dạng, ví dụ: ten@vidu.com. Bạn cũng có thể để trống.',
      'Vui lòng chọn kinh nghiệm của bạn.',
    ]);
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a malformed mobile number in English', async () => {
    mockApi({});
    const { user } = renderWithSite(<AgentApplicationForm onSent={vi.fn()} />, { language: 'en' });
    await user.type(screen.getByLabelText('Full name'), 'An Nguyen');
    await user.type(screen.getByLabelText('Mobile number'), '12ab');
    await user.click(screen.getByLabelText('I am just starting'));
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A mobile number has 8 to 15 digits, with an optional + at the start.');
  });

  it('sends the application with one request id, kept for a retry and renewed after it is sent', async () => {
    let isFailing = true;
    const api = mockApi({
      'POST /wps/agent/applications': () =>
        isFailing ? new ApiRefusal('service_unavailable', 'Hệ thống đang bận. Vui lòng thử lại sau.', undefined, 503) : PENDING,
    });
    const onSent = vi.fn();
    useSessionStore.getState().signIn(LOGIN_VALUE);
    const { user } = renderWithSite(<AgentApplicationForm onSent={onSent} />);
    expect(screen.getByText('Bạn đang đăng nhập: câu trả lời cũng sẽ được gửi vào hộp thư của bạn.')).toBeTruthy();
    await user.type(screen.getByLabelText('Họ tên'), '  Nguyễn Văn An ');
    await user.type(screen.getByLabelText('Số điện thoại'), '0912 345 678');
    await user.click(screen.getByLabelText('Tôi đã có một nhóm người chơi'));
    await user.type(screen.getByLabelText('Lời nhắn'), 'Nhóm Zalo 200 người');
    await user.click(screen.getByRole('button', { name: 'Gửi đơn đăng ký' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hệ thống đang bận. Vui lòng thử lại sau.');

    isFailing = false;
    await user.click(screen.getByRole('button', { name: 'Gửi đơn đăng ký' }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const [first, second] = api.callsTo('POST /wps/agent/applications').map((c) => c.body as Record<string, unknown>);
    expect(second).toEqual({
      requestId: first?.requestId,
      realName: 'Nguyễn Văn An',
      mobileNum: '0912345678',
      experience: 'some',
      message: 'Nhóm Zalo 200 người',
    });
    expect(onSent).toHaveBeenCalledWith({ application: PENDING, mobileNum: '0912345678' });

    // The next application is a new intent: a new request id.
    await user.type(screen.getByLabelText('Họ tên'), 'Trần Bình');
    await user.type(screen.getByLabelText('Số điện thoại'), '0987654321');
    await user.click(screen.getByLabelText('Tôi mới bắt đầu'));
    await user.click(screen.getByRole('button', { name: 'Gửi đơn đăng ký' }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(2));
    const third = api.callsTo('POST /wps/agent/applications')[2]?.body as Record<string, unknown>;
    expect(third.requestId).not.toBe(first?.requestId);
  });
});
