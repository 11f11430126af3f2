import { FEEDBACK_MAX_CHARS } from '@platform/contracts/help';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerHelpTranslations } from '../i18n/register-translations.ts';
import { FeedbackForm } from './feedback-form.tsx';

describe('FeedbackForm', () => {
  beforeAll(registerHelpTranslations);
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('asks for a type and a text, in Vietnamese, and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderWithSite(<FeedbackForm isBare={false} />);
    await user.click(screen.getByRole('button', { name: 'Gửi phản hồi' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Vui lòng chọn loại câu hỏi',
      'Vui lòng nhập nội dung phản hồi',
    ]);
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a text over the limit', async () => {
    mockApi({});
    const { user } = renderWithSite(<FeedbackForm isBare={false} />, { language: 'en' });
    await user.selectOptions(screen.getByLabelText('Question type'), 'deposit');
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(FEEDBACK_MAX_CHARS + 1) } });
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`The feedback may be at most ${FEEDBACK_MAX_CHARS} characters`);
  });

  it('sends the type and the text, thanks the member and empties the form', async () => {
    const api = mockApi({ 'PUT /wps/feedback': { id: 1 } });
    const { user } = renderWithSite(<FeedbackForm isBare={false} />);
    await user.selectOptions(screen.getByLabelText('Loại câu hỏi'), 'withdraw');
    await user.type(screen.getByLabelText('Nội dung'), 'Chưa nhận được tiền');
    await user.click(screen.getByRole('button', { name: 'Gửi phản hồi' }));
    await screen.findByText('Cảm ơn bạn! Phản hồi đã được gửi, chúng tôi sẽ xem xét sớm.');
    expect(api.callsTo('PUT /wps/feedback')[0]?.body).toEqual({ questionType: 'withdraw', content: 'Chưa nhận được tiền' });
    expect((screen.getByLabelText('Nội dung') as HTMLTextAreaElement).value).toBe('');
  });

  it('asks a visitor to log in', async () => {
    useSessionStore.getState().signOut();
    mockApi({});
    const { user } = renderWithSite(<FeedbackForm isBare={false} />);
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await vi.waitFor(() => expect(usePopupStore.getState().popup).toBe('login'));
  });
});
