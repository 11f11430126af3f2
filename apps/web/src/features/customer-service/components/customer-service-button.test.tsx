import { screen, waitFor } from '@testing-library/react';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { type ApiCall, ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { CustomerServiceButton, isOpenableLink, StatusPageCustomerService } from './customer-service-button.tsx';

const LIVE_CHAT = { csPosition: 'RIGHTBAR', csType: 1, title: 'Chăm sóc khách hàng', path: '' };
const VIP_CHAT = { csPosition: 'VIP', csType: 1, title: 'VIP', path: '' };
const SEALED = { csPosition: 'RIGHTBAR', csType: 3, title: 'Telegram', path: '' };
const LINK = 'https://t.me/lotus_support';

/** The server's side of a type-3 entry: the link sealed to the key the page sent with this call. */
async function sealedList(call: ApiCall) {
  const clientKey = (call.body as { clientKey?: JWK }).clientKey;
  if (!clientKey) return { list: [SEALED], isVip: false };
  const key = await importJWK(clientKey, 'ECDH-ES+A256KW');
  const path = await new CompactEncrypt(new TextEncoder().encode(LINK))
    .setProtectedHeader({ alg: 'ECDH-ES+A256KW', enc: 'A256GCM' })
    .encrypt(key);
  return { list: [{ ...SEALED, path }], isVip: false };
}

function fakePopup() {
  return { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
}

const conversation = (list: { id: number; author: 'member' | 'operator'; text: string }[]) => ({
  conversation: list.length ? { id: 1, status: 'open', isVip: false, createdAt: '2026-11-26T03:00:00Z', closedAt: null } : null,
  list: list.map((m) => ({ ...m, createdAt: '2026-11-26T03:00:00Z' })),
  nextBefore: null,
});

describe('CustomerServiceButton', () => {
  beforeEach(() => useSessionStore.getState().signOut());
  afterEach(() => vi.restoreAllMocks());

  it('opens the house live chat for a member: writes, shows the answer and the unread badge', async () => {
    useSessionStore.getState().signIn(LOGIN_VALUE);
    let messages = conversation([{ id: 1, author: 'operator', text: 'Xin chào, chúng tôi có thể giúp gì?' }]);
    const api = mockApi({
      'POST /wps/system/customer-service': { list: [LIVE_CHAT], isVip: false },
      'GET /wps/support-chat/unread': { unReadCount: 2 },
      'GET /wps/support-chat/messages': () => messages,
      'POST /wps/support-chat/read': { unReadCount: 0 },
      'POST /wps/support-chat/messages': (call: ApiCall) => {
        messages = conversation([
          { id: 1, author: 'operator', text: 'Xin chào, chúng tôi có thể giúp gì?' },
          { id: 2, author: 'member', text: (call.body as { text: string }).text },
        ]);
        return { id: 2, author: 'member', text: (call.body as { text: string }).text, createdAt: '2026-11-26T03:01:00Z' };
      },
    });
    const { user } = renderWithSite(<CustomerServiceButton className="x">Chăm sóc khách hàng</CustomerServiceButton>);
    expect((await screen.findByTestId('support-chat-unread')).textContent).toBe('2');
    await user.click(screen.getByRole('button', { name: /Chăm sóc khách hàng/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Chăm sóc khách hàng' });
    expect(await screen.findByText('Xin chào, chúng tôi có thể giúp gì?')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST /wps/support-chat/read')).toHaveLength(1));
    await user.type(screen.getByLabelText('Tin nhắn'), '  Tôi cần hỗ trợ nạp tiền  {Enter}');
    await waitFor(() => expect(api.callsTo('POST /wps/support-chat/messages')[0]?.body).toEqual({ text: 'Tôi cần hỗ trợ nạp tiền' }));
    expect(await screen.findByText('Tôi cần hỗ trợ nạp tiền')).toBeTruthy();
    expect(dialog).toBeTruthy();
  });

  it('asks nothing of the chat for a session that must change its password first (the server would refuse it)', async () => {
    useSessionStore.getState().signIn({ ...LOGIN_VALUE, cpw: true });
    const api = mockApi({ 'POST /wps/system/customer-service': { list: [LIVE_CHAT], isVip: false } });
    renderWithSite(<CustomerServiceButton className="x">CSKH</CustomerServiceButton>);
    await screen.findByRole('button', { name: 'CSKH' });
    await waitFor(() => expect(api.callsTo('POST /wps/system/customer-service')).toHaveLength(1));
    expect(api.callsTo('GET /wps/support-chat/unread')).toHaveLength(0);
  });

  it('asks a visitor to log in before the live chat', async () => {
    mockApi({ 'POST /wps/system/customer-service': { list: [LIVE_CHAT], isVip: false } });
    const onLogin = vi.fn();
    const { user } = renderWithSite(
      <CustomerServiceButton className="x" onLogin={onLogin}>
        CSKH
      </CustomerServiceButton>,
    );
    await user.click(await screen.findByRole('button', { name: 'CSKH' }));
    expect(onLogin).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells a trial account it cannot chat (in_please_information), without calling the chat', async () => {
    useSessionStore.getState().signIn({ ...LOGIN_VALUE, isAgent: 4 });
    const api = mockApi({ 'POST /wps/system/customer-service': { list: [LIVE_CHAT], isVip: false } });
    const { user } = renderWithSite(<CustomerServiceButton className="x">CSKH</CustomerServiceButton>);
    await user.click(await screen.findByRole('button', { name: 'CSKH' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Tài khoản dùng thử không thể trò chuyện với chăm sóc khách hàng. Vui lòng đăng ký tài khoản chính thức.',
    );
    expect(api.callsTo('GET /wps/support-chat/messages')).toHaveLength(0);
  });

  it('gives a VIP member the VIP customer service', async () => {
    useSessionStore.getState().signIn(LOGIN_VALUE);
    mockApi({
      'POST /wps/system/customer-service': { list: [VIP_CHAT, LIVE_CHAT], isVip: true },
      'GET /wps/support-chat/unread': { unReadCount: 0 },
      'GET /wps/support-chat/messages': conversation([]),
    });
    const { user } = renderWithSite(<CustomerServiceButton className="x">CSKH</CustomerServiceButton>, { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'CSKH' }));
    expect(await screen.findByRole('dialog', { name: 'VIP customer service' })).toBeTruthy();
    expect(await screen.findByText('How can we help? Write to us and our staff will answer here.')).toBeTruthy();
  });

  it('opens a type-3 entry: a blank popup at once, then the link decrypted with this click’s key', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const api = mockApi({ 'POST /wps/system/customer-service': sealedList });
    const { user } = renderWithSite(<CustomerServiceButton className="x">CSKH</CustomerServiceButton>);
    await user.click(await screen.findByRole('button', { name: 'CSKH' }));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(popup.location.href).toBe(LINK));
    expect(popup.opener).toBeNull();
    // The click's call carried a public key only.
    const sent = api.callsTo('POST /wps/system/customer-service').at(-1)?.body as { clientKey: Record<string, string> };
    expect(Object.keys(sent.clientKey).sort()).toEqual(['crv', 'kty', 'x', 'y']);
  });

  it('closes the blank popup when the fetch fails, and says so', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    let calls = 0;
    mockApi({
      'POST /wps/system/customer-service': () =>
        ++calls === 1 ? { list: [SEALED], isVip: false } : new ApiRefusal('internal_error', 'Đã có lỗi hệ thống.', undefined, 500),
    });
    const { user } = renderWithSite(<CustomerServiceButton className="x">CSKH</CustomerServiceButton>);
    await user.click(await screen.findByRole('button', { name: 'CSKH' }));
    await waitFor(() => expect(popup.close).toHaveBeenCalledOnce());
    expect((await screen.findByRole('alert')).textContent).toBe('Không mở được kênh chăm sóc khách hàng. Vui lòng thử lại sau ít phút.');
  });

  it('says when the browser blocked the popup', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    mockApi({ 'POST /wps/system/customer-service': { list: [SEALED], isVip: false } });
    const { user } = renderWithSite(<CustomerServiceButton className="x">CSKH</CustomerServiceButton>, { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'CSKH' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The browser blocked the new window. Allow pop-ups for this site and try again.',
    );
  });

  it('on a status page prefers a link for a visitor, and falls back to the plain link without entries', async () => {
    mockApi({ 'POST /wps/system/customer-service': { list: [], isVip: false } });
    renderWithSite(<StatusPageCustomerService fallbackUrl="https://help.lotus.example/" />);
    const link = await screen.findByRole('link', { name: 'Chăm sóc khách hàng' });
    expect(link.getAttribute('href')).toBe('https://help.lotus.example/');
  });

  it('opens only web links and site paths', () => {
    expect(isOpenableLink('https://t.me/x')).toBe(true);
    expect(isOpenableLink('/help')).toBe(true);
    expect(isOpenableLink('//evil.example')).toBe(false);
    expect(isOpenableLink('javascript:alert(1)')).toBe(false);
  });
});
