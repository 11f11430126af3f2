import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { articleBody, categoryBody, formLanguages, languageLabel, moved } from './help-centre.tsx';

const article = (id: number, key: string, extra: object = {}) => ({
  id,
  categoryId: 1,
  key,
  sort: id * 10,
  isEnabled: true,
  texts: { vi: { title: `Bài ${key}`, body: '<p>Nội dung</p>' }, en: { title: `Article ${key}`, body: '<p>Text</p>' } },
  updatedAt: '2026-11-26T03:00:00.000Z',
  ...extra,
});
const tree = [
  {
    id: 1,
    key: 'deposits',
    sort: 10,
    isEnabled: true,
    titles: { vi: 'Nạp tiền', en: 'Deposits' },
    articles: [article(11, 'bank-transfer'), article(12, 'e-wallet', { isEnabled: false })],
    updatedAt: '2026-11-26T03:00:00.000Z',
  },
  {
    id: 2,
    key: 'account',
    sort: 20,
    isEnabled: true,
    titles: { vi: 'Tài khoản', en: 'Account', zh: '账户' },
    articles: [],
    updatedAt: '2026-11-26T03:00:00.000Z',
  },
];

function signIn(permissions: string[]) {
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 5, username: 'content01', role: 'content', permissions } as never,
  });
}

function server(answer: (method: string, path: string, body: unknown) => ReturnType<typeof ok> | undefined = () => undefined) {
  return fakeServer([
    (call) => answer(call.method, call.path, call.body),
    (call) => (call.method === 'GET' && call.path === '/admin-api/help/categories' ? ok(tree) : undefined),
    (call) => (call.method !== 'GET' ? ok({}) : undefined),
  ]);
}

describe('help forms', () => {
  it('offers Vietnamese, English and Chinese, then the languages an item already has', () => {
    expect(formLanguages([])).toEqual(['vi', 'en', 'zh']);
    expect(formLanguages(['th', 'en', 'id'])).toEqual(['vi', 'en', 'zh', 'id', 'th']);
  });

  it('sends only the languages written, refuses half a language and a bad key', () => {
    expect(categoryBody({ key: 'payments', isEnabled: true, titles: { vi: ' Thanh toán ', en: '', zh: '付款' } }, 30)).toEqual({
      body: { key: 'payments', sort: 30, isEnabled: true, titles: { vi: 'Thanh toán', zh: '付款' } },
    });
    expect(categoryBody({ key: 'Payments', isEnabled: true, titles: { vi: 'x' } }, 0)).toEqual({ problem: 'key' });
    expect(categoryBody({ key: 'payments', isEnabled: true, titles: { vi: ' ' } }, 0)).toEqual({ problem: 'noLanguage' });
    const form = {
      categoryId: 1,
      key: 'fees',
      isEnabled: false,
      texts: { vi: { title: 'Phí', body: '<p>Không</p>' }, en: { title: '', body: '' } },
    };
    expect(articleBody(form, 40)).toEqual({
      body: { categoryId: 1, key: 'fees', sort: 40, isEnabled: false, texts: { vi: { title: 'Phí', body: '<p>Không</p>' } } },
    });
    expect(articleBody({ ...form, texts: { ...form.texts, zh: { title: '费用', body: '' } } }, 0)).toEqual({
      problem: 'half',
      params: { language: 'zh' },
    });
  });

  it('moves one item a place up or down, never past the ends', () => {
    expect(moved([1, 2, 3], 3, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
  });
});

describe('the help centre screen', () => {
  it('lists categories and articles with their languages and state, and only reads without help:write', async () => {
    signIn(['help:read']);
    changeLanguage('en');
    server();
    renderConsole('/help');
    const deposits = await screen.findByTestId('help-category-deposits');
    expect(deposits.textContent).toContain('Deposits');
    const hidden = within(deposits).getByTestId('help-article-e-wallet');
    expect(hidden.textContent).toContain('Hidden');
    expect(hidden.textContent).toContain('en, vi');
    expect(within(screen.getByTestId('help-category-account')).getByText('No article in this category yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add category' })).toBeNull();
    expect(within(hidden).queryByRole('button', { name: 'Delete' })).toBeNull();
    // Preview needs no write permission: the stored (cleaned) texts.
    await userEvent.setup().click(within(hidden).getByRole('button', { name: 'Preview' }));
    expect((await screen.findByTestId('help-preview')).textContent).toContain('Article e-wallet');
  });

  it('writes an article in Vietnamese and Chinese, previews it as the server cleans it, and saves it last in its category', async () => {
    signIn(['help:read', 'help:write']);
    changeLanguage('en');
    const calls = server((method, path) =>
      method === 'POST' && path === '/admin-api/help/articles/preview'
        ? ok({ texts: { vi: { title: 'Rút tiền', body: '<p>Rút về <b>thẻ</b></p>' }, zh: { title: '提款', body: '<p>提到银行卡</p>' } } })
        : undefined,
    );
    renderConsole('/help');
    const user = userEvent.setup();
    const deposits = await screen.findByTestId('help-category-deposits');
    await user.click(within(deposits).getByRole('button', { name: 'Add article' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Key'), 'withdrawals');
    await user.type(within(dialog).getByLabelText('Title (Vietnamese)'), 'Rút tiền');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Write both the title and the text in Vietnamese, or leave both empty.');
    await user.type(within(dialog).getByLabelText(/^Text \(Vietnamese/), '<p onclick="x()">Rút về <b>thẻ</b></p>');
    await user.click(within(dialog).getByRole('tab', { name: 'Chinese' }));
    await user.type(within(dialog).getByLabelText('Title (Chinese)'), '提款');
    await user.type(within(dialog).getByLabelText(/^Text \(Chinese/), '<p>提到银行卡</p>');
    await user.click(within(dialog).getByRole('button', { name: 'Preview these texts' }));
    const preview = await within(dialog).findByTestId('help-preview');
    expect(preview.innerHTML).toContain('<b>thẻ</b>');
    expect(preview.innerHTML).not.toContain('onclick');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('"Rút tiền" saved.')).toBeTruthy();
    const saved = calls.find((call) => call.method === 'POST' && call.path === '/admin-api/help/articles');
    expect(saved?.body).toEqual({
      categoryId: 1,
      key: 'withdrawals',
      sort: 130,
      isEnabled: true,
      texts: {
        vi: { title: 'Rút tiền', body: '<p onclick="x()">Rút về <b>thẻ</b></p>' },
        zh: { title: '提款', body: '<p>提到银行卡</p>' },
      },
    });
  });

  it('names the site’s languages for the operator, with their own names beside', () => {
    const own = { vi: 'Vietnamese', en: 'English', zh: 'Chinese' };
    expect(languageLabel('zh', 'en', own)).toBe('Chinese');
    expect(languageLabel('th', 'en', own)).toBe('Thai · ไทย');
    expect(languageLabel('th', 'vi', {})).toBe('Tiếng Thái · ไทย');
    expect(languageLabel('pt-br', 'en', own)).toBe('Brazilian Portuguese (pt-br)');
  });

  it('adds another language of the site from a list of names, not codes, and saves its texts under its code', async () => {
    signIn(['help:read', 'help:write']);
    changeLanguage('en');
    const calls = server(() => undefined);
    renderConsole('/help');
    const user = userEvent.setup();
    const deposits = await screen.findByTestId('help-category-deposits');
    await user.click(within(deposits).getByRole('button', { name: 'Add article' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByLabelText('Another language of the site') as HTMLSelectElement;
    const offered = [...picker.options].map((o) => o.textContent);
    // The site's 24 languages but the three already in the form, by name.
    expect(offered).toHaveLength(1 + 21);
    expect(offered).toContain('Thai · ไทย');
    expect(offered).toContain('Arabic · العربية');
    expect(offered).not.toContain('Chinese');
    await user.click(within(dialog).getByRole('button', { name: 'Add a language' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a language of the site in the list.');
    await user.selectOptions(picker, 'th');
    await user.click(within(dialog).getByRole('button', { name: 'Add a language' }));
    expect(within(dialog).getByRole('tab', { name: 'Thai · ไทย' })).toBeTruthy();
    expect([...picker.options].map((o) => o.value)).not.toContain('th');
    await user.type(within(dialog).getByLabelText('Key'), 'thai-help');
    await user.type(within(dialog).getByLabelText('Title (Thai · ไทย)'), 'ฝากเงิน');
    await user.type(within(dialog).getByLabelText(/^Text \(Thai/), '<p>วิธีฝากเงิน</p>');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST' && call.path === '/admin-api/help/articles')).toBeTruthy());
    const saved = calls.find((call) => call.method === 'POST' && call.path === '/admin-api/help/articles');
    expect((saved?.body as { texts: object } | undefined)?.texts).toEqual({ th: { title: 'ฝากเงิน', body: '<p>วิธีฝากเงิน</p>' } });
  });

  it('publishes, hides, orders and deletes, showing a refusal as its sentence', async () => {
    signIn(['help:read', 'help:write']);
    changeLanguage('en');
    const calls = server((method, path) =>
      method === 'DELETE' && path === '/admin-api/help/categories/1'
        ? refused(
            409,
            'help_category_not_empty',
            'This category still has articles. Move or delete them first, or hide the category instead.',
          )
        : undefined,
    );
    renderConsole('/help');
    const user = userEvent.setup();
    const wallet = await screen.findByTestId('help-article-e-wallet');
    await user.click(within(wallet).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('"Article e-wallet" is published.')).toBeTruthy();
    await user.click(within(wallet).getByRole('button', { name: 'Move Article e-wallet up' }));
    expect(await screen.findByText('The new order is saved.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Move Account up' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/admin-api/help/order').map((call) => call.body)).toEqual([
        { kind: 'article', categoryId: 1, ids: [12, 11] },
        { kind: 'category', ids: [2, 1] },
      ]),
    );
    expect(calls.find((call) => call.path === '/admin-api/help/articles/12/enable')?.method).toBe('POST');
    const deposits = screen.getByTestId('help-category-deposits');
    await user.click(within(deposits).getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This category still has articles. Move or delete them first, or hide the category instead.',
    );
  });
});
