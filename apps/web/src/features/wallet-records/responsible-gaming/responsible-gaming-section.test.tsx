import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { type ApiCall, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerWalletRecordsTranslations } from '../i18n/register-translations.ts';
import { ResponsibleGamingSection } from './responsible-gaming-section.tsx';

const limit = (kind: string, period: string) => ({
  kind,
  period,
  amount: null,
  pending: null,
  used: 0,
  periodStartedAt: '2026-01-01T00:00:00Z',
});
const STATE = {
  timeZone: 'Asia/Ho_Chi_Minh',
  limits: [limit('deposit', 'daily')],
  breakUntil: null,
  selfExcludedUntil: null,
  isPermanentlyExcluded: false,
  realityCheckMinutes: null,
};
const SITE = {
  'GET /wps/member/responsible-gaming': STATE,
  'GET /wps/member/info/funds/consolidated': {
    currency: 'VND',
    sumBalance: 0,
    mainBalance: 0,
    bonusBalance: 0,
    agentBalance: 0,
    lockedBalance: 0,
  },
};
const INVALID = 'Nhập số tiền lớn hơn 0, không quá số chữ số thập phân của loại tiền.';

const depositDaily = async () => (await screen.findByLabelText('Hằng ngày')).closest('form') as HTMLFormElement;

describe('ResponsibleGamingSection', () => {
  beforeAll(registerWalletRecordsTranslations);
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('refuses a limit that is not a positive amount, in Vietnamese', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<ResponsibleGamingSection />);
    const row = await depositDaily();
    await user.type(within(row).getByLabelText('Hằng ngày'), '-5');
    await user.click(within(row).getByRole('button', { name: 'Đặt' }));
    expect((await within(row).findByRole('alert')).textContent).toBe(INVALID);
    expect(api.callsTo('PUT /wps/member/responsible-gaming/limits')).toHaveLength(0);
  });

  it('sets a limit in minor units and shows it as saved', async () => {
    const api = mockApi({
      ...SITE,
      'PUT /wps/member/responsible-gaming/limits': ({ body }: ApiCall) => ({
        ...STATE,
        limits: [{ ...limit('deposit', 'daily'), amount: (body as { limits: { amount: number }[] }).limits[0]?.amount ?? null }],
      }),
    });
    const { user } = renderWithSite(<ResponsibleGamingSection />);
    const row = await depositDaily();
    await user.type(within(row).getByLabelText('Hằng ngày'), '500000');
    await user.click(within(row).getByRole('button', { name: 'Đặt' }));
    await within(row).findByText('Đã lưu.');
    expect(api.callsTo('PUT /wps/member/responsible-gaming/limits')[0]?.body).toEqual({
      limits: [{ kind: 'deposit', period: 'daily', amount: 500_000 }],
    });
  });

  it('saves the reality-check reminder', async () => {
    const api = mockApi({ ...SITE, 'PUT /wps/member/responsible-gaming/reality-check': STATE });
    const { user } = renderWithSite(<ResponsibleGamingSection />);
    const select = await screen.findByRole('combobox', { name: 'Nhắc thời gian chơi' });
    await user.selectOptions(select, '30');
    await user.click(within(select.closest('form') as HTMLElement).getByRole('button', { name: 'Lưu' }));
    await vi.waitFor(() => expect(api.callsTo('PUT /wps/member/responsible-gaming/reality-check')[0]?.body).toEqual({ minutes: 30 }));
    await user.selectOptions(select, '');
    await user.click(within(select.closest('form') as HTMLElement).getByRole('button', { name: 'Lưu' }));
    await vi.waitFor(() => expect(api.callsTo('PUT /wps/member/responsible-gaming/reality-check')[1]?.body).toEqual({ minutes: null }));
  });

  it('asks before a break: Hủy closes the question, the confirmation takes the break and signs out', async () => {
    const api = mockApi({ ...SITE, 'POST /wps/member/responsible-gaming/break': STATE });
    const { user } = renderWithSite(<ResponsibleGamingSection />);
    await user.click(await screen.findByRole('button', { name: 'Tạm nghỉ' }));
    const question = screen.getByRole('alertdialog', { name: 'Xác nhận' });
    expect(question.textContent).toContain('Tạm nghỉ 1 ngày?');
    await user.click(within(question).getByRole('button', { name: 'Hủy' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Tạm nghỉ' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Có, tôi chắc chắn' }));
    await vi.waitFor(() => expect(useSessionStore.getState().isLogin).toBe(false));
    expect(api.callsTo('POST /wps/member/responsible-gaming/break')[0]?.body).toEqual({ days: 1 });
  });

  it('asks before a permanent self-exclusion', async () => {
    const api = mockApi({ ...SITE, 'POST /wps/member/responsible-gaming/self-exclusion': STATE });
    const { user } = renderWithSite(<ResponsibleGamingSection />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Tự loại trừ' }), 'permanent');
    await user.click(screen.getByRole('button', { name: 'Tự loại trừ' }));
    const question = screen.getByRole('alertdialog');
    expect(question.textContent).toContain('Tự loại trừ vĩnh viễn?');
    await user.click(within(question).getByRole('button', { name: 'Có, tôi chắc chắn' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/member/responsible-gaming/self-exclusion')[0]?.body).toEqual({ permanent: true }));
  });
});
