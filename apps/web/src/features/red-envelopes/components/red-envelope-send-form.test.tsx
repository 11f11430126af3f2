import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerRedEnvelopesTranslations } from '../i18n/register-translations.ts';
import { RedEnvelopeSendForm } from './red-envelope-send-form.tsx';

/** GET /wps/member/info of the logged-in agent. */
const MEMBER_INFO = {
  customerId: LOGIN_VALUE.customerId,
  account: 'agent01',
  username: 'agent01',
  nickname: '',
  payeeName: '',
  mobileNum: '',
  email: '',
  currency: 'VND',
  isAgent: 1,
  hasPaymentPassword: false,
  registerTime: '2026-01-01 00:00:00',
  lastLoginTime: null,
};

const SENT = {
  id: 7,
  totalAmount: 100_000,
  currency: 'VND',
  shareCount: 5,
  split: 'random',
  audience: 'direct',
  message: 'Happy new year',
  status: 'active',
  claimedCount: 0,
  claimedAmount: 0,
  returnedAmount: null,
  createdAt: '2026-11-26T07:00:00.000Z',
  expiresAt: '2026-11-27T07:00:00.000Z',
  balanceAfter: 900_000,
  isReplay: false,
};

describe('RedEnvelopeSendForm', () => {
  beforeAll(registerRedEnvelopesTranslations);
  beforeEach(() => useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 1 }));

  it('checks the total and the shares before any call', async () => {
    const api = mockApi({});
    const { user } = renderWithSite(<RedEnvelopeSendForm currency="VND" />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Please enter a valid total',
      'Please enter a number of shares from 1 to 500',
    ]);
    await user.type(screen.getByLabelText('Total (VND)'), '3');
    await user.type(screen.getByLabelText('Number of shares'), '5');
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The total must give each share at least ₫1'));
    expect(api.callsTo('POST /wps/agent/red-envelopes')).toHaveLength(0);
  });

  it('asks for chosen members, and no more shares than members, before any call', async () => {
    const api = mockApi({});
    const { user } = renderWithSite(<RedEnvelopeSendForm currency="VND" />, { language: 'en' });
    await user.selectOptions(screen.getByLabelText('Who may claim'), 'members');
    await user.type(screen.getByLabelText('Total (VND)'), '50000');
    await user.type(screen.getByLabelText('Number of shares'), '5');
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter at least one username'));
    await user.type(screen.getByLabelText('Chosen usernames'), 'anna, binh');
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('There cannot be more shares than chosen members'));
    expect(api.callsTo('POST /wps/agent/red-envelopes')).toHaveLength(0);
  });

  it('sends the envelope with a request id and says what was sent and what is left in the agent wallet', async () => {
    const api = mockApi({ 'POST /wps/agent/red-envelopes': SENT });
    const { user } = renderWithSite(<RedEnvelopeSendForm currency="VND" />, { language: 'en' });
    await user.type(screen.getByLabelText('Total (VND)'), '100000');
    await user.type(screen.getByLabelText('Number of shares'), '5');
    await user.selectOptions(screen.getByLabelText('Expires after'), String(3 * 24 * 60));
    await user.selectOptions(screen.getByLabelText('Who may claim'), 'team');
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Red envelope of ₫100,000 in 5 shares sent. Agent wallet balance: ₫900,000',
    );
    expect(api.callsTo('POST /wps/agent/red-envelopes')[0]?.body).toEqual({
      totalAmount: 100_000,
      shareCount: 5,
      split: 'random',
      audience: 'team',
      expiresInMinutes: 3 * 24 * 60,
      message: 'Happy new year',
      requestId: expect.any(String),
    });
    // The form is empty again, for a new envelope with a new request id.
    expect(screen.getByLabelText('Total (VND)')).toHaveProperty('value', '');
  });

  it('sends chosen members as a list of usernames', async () => {
    const api = mockApi({ 'POST /wps/agent/red-envelopes': { ...SENT, audience: 'members', shareCount: 2 } });
    const { user } = renderWithSite(<RedEnvelopeSendForm currency="VND" />, { language: 'en' });
    await user.type(screen.getByLabelText('Total (VND)'), '2000');
    await user.type(screen.getByLabelText('Number of shares'), '2');
    await user.selectOptions(screen.getByLabelText('Split'), 'equal');
    await user.selectOptions(screen.getByLabelText('Who may claim'), 'members');
    await user.type(screen.getByLabelText('Chosen usernames'), 'anna,  binh anna');
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/agent/red-envelopes')).toHaveLength(1));
    expect(api.callsTo('POST /wps/agent/red-envelopes')[0]?.body).toMatchObject({
      split: 'equal',
      audience: 'members',
      memberUsernames: ['anna', 'binh'],
    });
  });

  it('shows a refusal in the server words, in Vietnamese by default', async () => {
    mockApi({
      'POST /wps/agent/red-envelopes': new ApiRefusal(
        'not_in_team',
        'Thành viên này không thuộc đội của bạn; vui lòng kiểm tra lại tên tài khoản',
        undefined,
        404,
      ),
    });
    const { user } = renderWithSite(<RedEnvelopeSendForm currency="VND" />);
    await user.type(screen.getByLabelText('Tổng tiền (VND)'), '1000');
    await user.type(screen.getByLabelText('Số phần'), '1');
    await user.click(screen.getByRole('button', { name: 'Gửi lì xì' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Thành viên này không thuộc đội của bạn; vui lòng kiểm tra lại tên tài khoản',
    );
  });

  it('names the expiry choices with the right plural in English and in Vietnamese', async () => {
    mockApi({});
    const { unmount } = renderWithSite(<RedEnvelopeSendForm currency="VND" />, { language: 'en' });
    const options = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options('Expires after')).toEqual(['1 hour', '6 hours', '1 day', '3 days', '7 days']);
    unmount();
    renderWithSite(<RedEnvelopeSendForm currency="VND" />);
    expect(options('Hết hạn sau')).toEqual(['1 giờ', '6 giờ', '1 ngày', '3 ngày', '7 ngày']);
  });

  it('says one share in the singular', async () => {
    mockApi({ 'POST /wps/agent/red-envelopes': { ...SENT, totalAmount: 5_000, shareCount: 1, balanceAfter: 995_000 } });
    const { user } = renderWithSite(<RedEnvelopeSendForm currency="VND" />, { language: 'en' });
    await user.type(screen.getByLabelText('Total (VND)'), '5000');
    await user.type(screen.getByLabelText('Number of shares'), '1');
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }));
    expect((await screen.findByRole('status')).textContent).toBe('Red envelope of ₫5,000 in 1 share sent. Agent wallet balance: ₫995,000');
  });

  it('shows no payment password field for an agent without one', async () => {
    const api = mockApi({ 'GET /wps/member/info': MEMBER_INFO, 'POST /wps/agent/red-envelopes': SENT });
    const { user } = renderWithSite(<RedEnvelopeSendForm currency="VND" />, { language: 'en' });
    await vi.waitFor(() => expect(api.callsTo('GET /wps/member/info')).toHaveLength(1));
    expect(screen.queryByLabelText('Payment password')).toBeNull();
    await user.type(screen.getByLabelText('Total (VND)'), '100000');
    await user.type(screen.getByLabelText('Number of shares'), '5');
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/agent/red-envelopes')).toHaveLength(1));
    expect(api.callsTo('POST /wps/agent/red-envelopes')[0]?.body).not.toHaveProperty('paymentPassword');
  });

  it('asks an agent with a payment password for it before any call, and sends it', async () => {
    const api = mockApi({ 'GET /wps/member/info': { ...MEMBER_INFO, hasPaymentPassword: true }, 'POST /wps/agent/red-envelopes': SENT });
    const { user } = renderWithSite(<RedEnvelopeSendForm currency="VND" />, { language: 'en' });
    const field = await screen.findByLabelText('Payment password');
    expect(field.getAttribute('type')).toBe('password');
    await user.type(screen.getByLabelText('Total (VND)'), '100000');
    await user.type(screen.getByLabelText('Number of shares'), '5');
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter your payment password'));
    expect(api.callsTo('POST /wps/agent/red-envelopes')).toHaveLength(0);
    await user.type(field, '246810');
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/agent/red-envelopes')).toHaveLength(1));
    expect(api.callsTo('POST /wps/agent/red-envelopes')[0]?.body).toMatchObject({ paymentPassword: '246810' });
  });

  it('shows the field when the server asks for the payment password', async () => {
    mockApi({
      'GET /wps/member/info': MEMBER_INFO,
      'POST /wps/agent/red-envelopes': new ApiRefusal('payment_password_required', 'Please enter your payment password.', undefined, 400),
    });
    const { user } = renderWithSite(<RedEnvelopeSendForm currency="VND" />, { language: 'en' });
    await user.type(screen.getByLabelText('Total (VND)'), '100000');
    await user.type(screen.getByLabelText('Number of shares'), '5');
    await user.click(screen.getByRole('button', { name: 'Send red envelope' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your payment password.');
    expect(await screen.findByLabelText('Payment password')).toBeTruthy();
  });
});
