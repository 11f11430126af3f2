import type { Grant, MemberPromotion } from '@platform/contracts/promotions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { type ApiCall, ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerPromotionsTranslations } from '../i18n/register-translations.ts';
import { ApplyForm } from './apply-form.tsx';
import { timeLeft } from './countdown.tsx';
import { wageringPercent } from './grant-progress.tsx';
import { PromotionAction } from './promotion-action.tsx';
import { PromotionDetail } from './promotion-detail.tsx';
import { PromotionList } from './promotion-list.tsx';
import { WageringPanel } from './wagering-panel.tsx';

const BASE = '/wps/member/promotions';
const HOUR = 3_600_000;

const GRANT: Grant = {
  id: 9,
  promotionId: 1,
  memberId: 1,
  status: 'active',
  amount: 20_000,
  bonusBalance: 20_000,
  requiredTurnover: 100_000,
  progress: 40_000,
  maxStake: 50_000,
  converted: 0,
  removed: 0,
  issuedAt: new Date(Date.now() - HOUR).toISOString(),
  expiresAt: new Date(Date.now() + 30 * HOUR).toISOString(),
  closedAt: null,
};

function promotion(over: Partial<MemberPromotion>): MemberPromotion {
  return {
    id: 1,
    code: 'WELCOME',
    category: 'NEW',
    title: 'Welcome bonus',
    body: 'Deposit and get a bonus.',
    image: null,
    startsAt: new Date(Date.now() - 24 * HOUR).toISOString(),
    endsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
    trigger: 'first_deposit',
    status: 'JOIN',
    minDeposit: 100_000,
    wageringMultiple: 5,
    weights: { RNG: 100, LIVE: 20 },
    maxStake: 50_000,
    maxConversion: null,
    expiryHours: 72,
    contactIdRequired: false,
    applicationProof: false,
    vipRequirement: null,
    loss: null,
    claimable: 0,
    raffle: null,
    grant: null,
    ...over,
  };
}

const LIST = [
  promotion({}),
  promotion({ id: 2, code: 'DAILY', category: 'DAILY', title: 'Daily gift', trigger: 'claim', status: 'CLAIM' }),
  promotion({
    id: 3,
    code: 'SOON',
    category: 'DAILY',
    title: 'Later',
    trigger: 'claim',
    status: 'COMING_SOON',
    startsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
  }),
];

describe('the promotions pages', { timeout: 20_000 }, () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerPromotionsTranslations();
  });
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('counts down and measures progress in whole units', () => {
    expect(timeLeft(1_000 + 90_061_000, 1_000)).toEqual({ d: 1, h: '01', m: '01', s: '01' });
    expect(timeLeft(1_000, 1_000)).toBeNull();
    expect(wageringPercent({ progress: 40_000, requiredTurnover: 100_000 })).toBe(40);
    expect(wageringPercent({ progress: 1, requiredTurnover: 0 })).toBe(100);
    expect(wageringPercent({ progress: 200, requiredTurnover: 100 })).toBe(100);
  });

  it('lists the promotions under category tabs with status and countdown, and claims one', async () => {
    let claimed = false;
    const api = mockApi({
      [`GET ${BASE}/MCSFE_getPromotions`]: () => ({
        list: LIST.map((p) => (p.id === 2 && claimed ? { ...p, status: 'PROCESSING', grant: { ...GRANT, promotionId: 2 } } : p)),
        availableCount: claimed ? 1 : 2,
      }),
      [`POST ${BASE}/MCS2_claimPromotion/2`]: () => {
        claimed = true;
        return { status: 'PROCESSING' };
      },
      'GET /wps/v2/wallets/balance': { currency: 'VND', sumBalance: 0, mainBalance: 0, bonusBalance: 0, lockedBalance: 0 },
      'GET /wps/member/withdrawals/rules': {},
    });
    const { user } = renderWithSite(<PromotionList currency="VND" />, { language: 'en' });
    const cards = await screen.findByTestId('promotion-cards');
    expect(
      within(cards)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Welcome bonus', 'Daily gift', 'Later']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'New members', 'Daily']);
    expect(screen.getAllByTestId('promotion-countdown')[2]?.textContent).toMatch(/^Starts in 0d 0[12]:\d\d:\d\d$/);
    await user.click(screen.getByRole('tab', { name: 'Daily' }));
    expect(
      within(cards)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Daily gift', 'Later']);
    await user.click(screen.getByRole('button', { name: 'Claim now' }));
    await screen.findByText('Bonus received. Complete the wagering to withdraw it.');
    expect(api.callsTo(`POST ${BASE}/MCS2_claimPromotion/2`)[0]?.body).toEqual({});
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
  });

  it('shows the rules, the progress, and the Zalo/WhatsApp hint in Vietnamese', async () => {
    mockApi({
      [`GET ${BASE}/MCSFE_getPromotion/1`]: promotion({
        status: 'PROCESSING',
        grant: GRANT,
        contactIdRequired: true,
        title: 'Thưởng nạp đầu',
      }),
    });
    renderWithSite(<PromotionDetail id={1} currency="VND" />);
    const detail = await screen.findByTestId('promotion-detail');
    expect(within(detail).getByRole('heading', { level: 2 }).textContent).toBe('Thưởng nạp đầu');
    expect(screen.getByTestId('promotion-contact-hint').textContent).toContain('Zalo hoặc WhatsApp');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByTestId('grant-progress').querySelector('[data-field="left"]')?.textContent?.replace(/\s/g, ' ')).toBe(
      'Còn thiếu 60.000 ₫',
    );
    expect(detail.querySelector('[data-fact="maxStake"]')?.textContent?.replace(/\s/g, ' ')).toBe('50.000 ₫');
  });

  it('shows a visitor the public list with "log in to join" and "register", and no member call', async () => {
    useSessionStore.getState().signOut();
    const api = mockApi({
      'GET /wps/relay/MCSFE_getPublicPromotions': {
        list: [
          ...LIST,
          promotion({
            id: 5,
            code: 'VIP',
            title: 'VIP reload',
            status: 'NOT_FOR_LEVEL',
            vipRequirement: { codes: ['VIP3', 'VIP4'], from: 'VIP3' },
          }),
        ],
      },
    });
    const { user } = renderWithSite(<PromotionList currency={null} />, { language: 'en' });
    const cards = await screen.findByTestId('promotion-cards');
    expect(screen.getByTestId('promotions-visitor').textContent).toBe('See what is on offer. Register or log in to take part.');
    expect(
      within(cards)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Welcome bonus', 'Daily gift', 'Later', 'VIP reload']);
    // A visitor's buttons on the two open promotions; none on the coming one or the VIP one.
    expect(within(cards).getAllByRole('button', { name: 'Log in to join' })).toHaveLength(2);
    expect(within(cards).getAllByRole('button', { name: 'Register' })).toHaveLength(2);
    expect(within(cards).queryByRole('button', { name: 'Claim now' })).toBeNull();
    expect(within(cards).getAllByTestId('promotion-status')[3]?.textContent).toBe('For VIP3 and above');
    await user.click(within(cards).getAllByRole('button', { name: 'Register' })[0]!);
    expect(usePopupStore.getState().popup).toBe('register');
    await user.click(within(cards).getAllByRole('button', { name: 'Log in to join' })[1]!);
    expect(usePopupStore.getState().popup).toBe('login');
    expect(api.callsTo(`GET ${BASE}/MCSFE_getPromotions`)).toHaveLength(0);
  });

  it('shows a visitor one public promotion in the site currency, in Vietnamese', async () => {
    useSessionStore.getState().signOut();
    mockApi({ 'GET /wps/relay/MCSFE_getPublicPromotion/2': LIST[1]! });
    renderWithSite(<PromotionDetail id={2} currency={null} />);
    const detail = await screen.findByTestId('promotion-detail');
    expect(within(detail).getByTestId('promotion-status-hint').textContent).toBe(
      'Đăng nhập hoặc đăng ký tài khoản để tham gia khuyến mãi này.',
    );
    expect(within(detail).getByRole('button', { name: 'Đăng nhập để tham gia' })).toBeTruthy();
    expect(detail.querySelector('[data-fact="maxStake"]')?.textContent?.replace(/\s/g, ' ')).toBe('50.000 ₫');
  });

  it('shows a loss promotion’s rule and what is claimable, and claims it', async () => {
    let claimed = false;
    const cashback = promotion({
      id: 6,
      trigger: 'loss_period',
      status: 'CLAIM',
      loss: { period: 'W', minLoss: 200_000, mode: 'claim' },
      claimable: 35_000,
    });
    const api = mockApi({
      [`GET ${BASE}/MCSFE_getPromotion/6`]: () => (claimed ? { ...cashback, status: 'PROCESSING', claimable: 0, grant: GRANT } : cashback),
      [`POST ${BASE}/MCS2_claimPromotion/6`]: () => {
        claimed = true;
        return { status: 'PROCESSING' };
      },
      'GET /wps/v2/wallets/balance': { currency: 'VND', sumBalance: 0, mainBalance: 0, bonusBalance: 0, lockedBalance: 0 },
      'GET /wps/member/withdrawals/rules': {},
    });
    const { user } = renderWithSite(<PromotionDetail id={6} currency="VND" />, { language: 'en' });
    const detail = await screen.findByTestId('promotion-detail');
    expect(within(detail).getByTestId('promotion-status-hint').textContent?.replace(/\s/g, ' ')).toBe(
      'You have ₫35,000 of cashback from settled periods. Claim it to use it.',
    );
    expect(detail.querySelector('[data-fact="loss"]')?.textContent?.replace(/\s/g, ' ')).toBe('Net loss each week, from ₫200,000');
    expect(detail.querySelector('[data-fact="minDeposit"]')).toBeNull();
    await user.click(within(detail).getByRole('button', { name: 'Claim now' }));
    await screen.findByText('Bonus received. Complete the wagering to withdraw it.');
    expect(api.callsTo(`POST ${BASE}/MCS2_claimPromotion/6`)).toHaveLength(1);
  });

  it('a raffle: takes the tickets, shows the commitment, and after the draw the seed and the winners', async () => {
    const raffle = {
      drawAt: new Date(Date.now() + HOUR).toISOString(),
      ticketTurnover: 100_000,
      ticketsMax: 5,
      prizes: [300_000, 100_000],
      commitment: 'c'.repeat(64),
      myTickets: 0,
      earnedTickets: 2,
      drawn: null,
    };
    const open = promotion({ id: 8, trigger: 'raffle', status: 'CLAIM', raffle });
    const api = mockApi({ [`POST ${BASE}/MCS2_claimRafflePromotion/8`]: { status: 'JOINED', tickets: 2 } });
    const { user, unmount } = renderWithSite(<PromotionAction promotion={open} />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Take my tickets' }));
    await screen.findByText('Your tickets are in the draw.');
    expect(api.callsTo(`POST ${BASE}/MCS2_claimRafflePromotion/8`)).toHaveLength(1);
    unmount();
    const drawn = {
      ...raffle,
      myTickets: 2,
      drawn: {
        seed: 'd'.repeat(64),
        totalTickets: 9,
        winners: [
          { rank: 1, amount: 300_000, winner: 'pl***01', mine: false },
          { rank: 2, amount: 100_000, winner: 'me***02', mine: true },
        ],
      },
    };
    mockApi({ [`GET ${BASE}/MCSFE_getPromotion/8`]: promotion({ id: 8, trigger: 'raffle', status: 'CLOSED', raffle: drawn }) });
    renderWithSite(<PromotionDetail id={8} currency="VND" />, { language: 'en' });
    const section = await screen.findByTestId('promotion-raffle');
    expect(section.querySelector('[data-field="commitment"]')?.textContent).toBe('c'.repeat(64));
    expect(section.querySelector('[data-field="seed"]')?.textContent).toBe('d'.repeat(64));
    expect(
      within(screen.getByTestId('raffle-winners'))
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['Prize 1 (₫300,000): pl***01', 'Prize 2 (₫100,000): you']);
  });

  it('a raffle’s public list is read when opened: every entry in the draw’s order, the winners marked', async () => {
    const raffle = {
      drawAt: new Date(Date.now() - HOUR).toISOString(),
      ticketTurnover: 100_000,
      ticketsMax: 5,
      prizes: [300_000],
      commitment: 'c'.repeat(64),
      myTickets: 2,
      earnedTickets: 0,
      drawn: { seed: 'd'.repeat(64), totalTickets: 5, winners: [{ rank: 1, amount: 300_000, winner: 'me***02', mine: true }] },
    };
    const api = mockApi({
      [`GET ${BASE}/MCSFE_getPromotion/11`]: promotion({ id: 11, trigger: 'raffle', status: 'CLOSED', raffle }),
      'GET /wps/relay/MCSFE_getRaffleEntries/11': {
        promotionId: 11,
        drawAt: raffle.drawAt,
        prizes: [300_000],
        commitment: raffle.commitment,
        seed: raffle.drawn.seed,
        totalTickets: 5,
        entries: [
          { entry: 1, username: 'pl***01', tickets: 3 },
          { entry: 2, username: 'me***02', tickets: 2 },
        ],
        winners: [{ rank: 1, entry: 2, username: 'me***02', amount: 300_000 }],
      },
    });
    renderWithSite(<PromotionDetail id={11} currency="VND" />, { language: 'vi' });
    const list = await screen.findByTestId('raffle-entries');
    expect(api.callsTo('GET /wps/relay/MCSFE_getRaffleEntries/11')).toHaveLength(0);
    fireEvent.click(within(list).getByRole('button', { name: 'Danh sách người tham gia' }));
    await within(list).findByRole('table');
    expect(
      within(list)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['STTThành viênSố vé', '1pl***013', '2me***02 · giải 12']);
    expect(api.callsTo('GET /wps/relay/MCSFE_getRaffleEntries/11')).toHaveLength(1);
  });

  it('shows the image the server chose for the language on the card and the detail', async () => {
    const pictured = promotion({ id: 9, image: '/promotions/welcome-en.png' });
    mockApi({
      [`GET ${BASE}/MCSFE_getPromotions`]: { list: [pictured, promotion({ id: 10, code: 'PLAIN' })], availableCount: 2 },
      [`GET ${BASE}/MCSFE_getPromotion/9`]: pictured,
    });
    const { unmount } = renderWithSite(<PromotionList currency="VND" />, { language: 'en' });
    await screen.findByTestId('promotion-cards');
    expect(screen.getAllByTestId('promotion-image').map((img) => img.getAttribute('src'))).toEqual(['/promotions/welcome-en.png']);
    unmount();
    renderWithSite(<PromotionDetail id={9} currency="VND" />, { language: 'en' });
    await screen.findByTestId('promotion-detail');
    expect(screen.getByTestId('promotion-image').getAttribute('src')).toBe('/promotions/welcome-en.png');
  });

  it('a loss promotion counted by itself offers no deposit button', async () => {
    mockApi({});
    const counted = promotion({ trigger: 'loss_period', status: 'JOINED', loss: { period: 'D', minLoss: 100_000, mode: 'auto' } });
    renderWithSite(<PromotionAction promotion={counted} />, { language: 'en' });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('names the levels of a promotion that is not for the member’s level, in both languages', async () => {
    const only = promotion({ status: 'NOT_FOR_LEVEL', vipRequirement: { codes: ['VIP2', 'VIP4'], from: null } });
    mockApi({ [`GET ${BASE}/MCSFE_getPromotions`]: { list: [only], availableCount: 0 } });
    renderWithSite(<PromotionList currency="VND" />, { language: 'vi' });
    expect((await screen.findByTestId('promotion-status')).textContent).toBe('Chỉ dành cho VIP2, VIP4');
    expect(screen.queryByRole('button', { name: 'Tham gia' })).toBeNull();
  });

  it('applies with a comment and a PNG proof; refuses a wrong file and shows a refusal', async () => {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], 'ticket.png', { type: 'image/png' });
    const text = new File(['x'], 'note.txt', { type: 'text/plain' });
    let refuse = true;
    let done = '';
    const api = mockApi({
      [`POST ${BASE}/MCS2_applyPromotion/4`]: (_call: ApiCall) => {
        if (refuse) {
          refuse = false;
          return new ApiRefusal('promotion_already_taken', 'You have already taken part in this promotion.', undefined, 409);
        }
        return { status: 'APPLYING' };
      },
    });
    const target = promotion({ id: 4, trigger: 'application', status: 'APPLY', applicationProof: true });
    const { user } = renderWithSite(<ApplyForm promotion={target} needsProof onDone={(s) => (done = s)} onCancel={() => {}} />, {
      language: 'en',
    });
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await screen.findByText('Choose at least one image.');
    fireEvent.change(screen.getByTestId('promotion-proof-input'), { target: { files: [text] } });
    await screen.findByText('note.txt: only PNG or JPG images.');
    fireEvent.change(screen.getByTestId('promotion-proof-input'), { target: { files: [png] } });
    await screen.findByTestId('promotion-proof-names');
    await user.type(screen.getByRole('textbox'), 'Lost on the lottery');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await screen.findByText('You have already taken part in this promotion.');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(done).toBe('APPLYING'));
    const body = api.callsTo(`POST ${BASE}/MCS2_applyPromotion/4`)[1]?.body as {
      comment: string;
      images: { contentType: string; data: string }[];
    };
    expect(body.comment).toBe('Lost on the lottery');
    expect(body.images).toEqual([{ contentType: 'image/png', data: 'iVBORw0KGgoB' }]);
  });

  it('opens the application form from the Apply button', async () => {
    mockApi({});
    const target = promotion({ id: 4, trigger: 'application', status: 'APPLY' });
    const { user } = renderWithSite(<PromotionAction promotion={target} />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply for the promotion' });
    await within(dialog).findByRole('button', { name: 'Send application' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says on the withdraw page what wagering is still owed', async () => {
    mockApi({ [`GET ${BASE}/MCSFE_getWageringProgress`]: { grants: [GRANT], remainingTurnover: 60_000, bonusBalance: 20_000 } });
    renderWithSite(<WageringPanel currency="VND" />, { language: 'en' });
    const panel = await screen.findByTestId('withdraw-wagering');
    expect(panel.querySelector('[data-field="wagering-state"]')?.textContent).toBe(
      'Withdrawals are blocked: ₫60,000 of wagering is still owed on your bonus.',
    );
    expect(within(panel).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
  });
});
