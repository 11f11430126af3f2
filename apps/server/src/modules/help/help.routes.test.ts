import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { seedDemoHelp } from './help.demo.ts';
import { languageChain } from './help.service.ts';

let t: TestApp;
const clock = new Date('2026-11-25T03:00:00.000Z');
let support: Record<string, string>;
let finance: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  await createMerchant(t.database.db);
  support = (await loginAdmin(t.app, 'support')).headers;
  finance = (await loginAdmin(t.app, 'finance')).headers;
});

afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const helpCenter = async (query = '', headers: Record<string, string> = {}) => {
  const res = await send('GET', `/wps/system/helpCenter${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    language: string;
    categories: {
      id: number;
      key: string;
      title: string;
      articles: { id: number; key: string; title: string; body: string; language: string }[];
    }[];
  };
};

describe('help centre', () => {
  it('tries the asked language, its base, Vietnamese, then English', () => {
    expect(languageChain('pt-BR')).toEqual(['pt-br', 'pt', 'vi', 'en']);
    expect(languageChain('en')).toEqual(['en', 'vi']);
    expect(languageChain('vi')).toEqual(['vi', 'en']);
  });

  it('lets only support operators write, validates, sanitises and audits', async () => {
    expect((await send('GET', '/admin-api/help/categories', {})).statusCode).toBe(401);
    const byFinance = await send('POST', '/admin-api/help/categories', finance, { key: 'x', titles: { vi: 'X' } });
    expect(byFinance.statusCode).toBe(403);

    for (const body of [
      { key: 'Has Space', titles: { vi: 'A' } },
      { key: 'ok', titles: {} },
      { key: 'ok', titles: { VI: 'A' } },
      { key: 'ok', titles: { vi: '' } },
      { key: 'ok' },
    ]) {
      const res = await send('POST', '/admin-api/help/categories', support, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.database.db.selectFrom('help_categories').select('id').execute()).toEqual([]);

    const created = await send('POST', '/admin-api/help/categories', support, {
      key: 'deposit',
      sort: 2,
      titles: { vi: 'Nạp tiền', en: 'Deposit' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const category = created.json().value as { id: number };
    expect(created.json().value).toMatchObject({
      key: 'deposit',
      sort: 2,
      isEnabled: true,
      titles: { vi: 'Nạp tiền', en: 'Deposit' },
      articles: [],
    });
    const taken = await send('POST', '/admin-api/help/categories', support, { key: 'deposit', titles: { en: 'Again' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('help_key_taken');

    const article = await send('POST', '/admin-api/help/articles', support, {
      categoryId: category.id,
      key: 'bank-transfer',
      texts: {
        vi: { title: 'Chuyển khoản', body: '<p onclick="x()">Ghi <strong>mã tham chiếu</strong></p><script>alert(1)</script>' },
        en: { title: 'Bank transfer', body: '<p>Write the <a href="javascript:alert(1)">reference</a> code</p>' },
      },
    });
    expect(article.statusCode, article.body).toBe(200);
    const texts = article.json().value.texts as Record<string, { body: string }>;
    expect(texts.vi?.body).toBe('<p>Ghi <strong>mã tham chiếu</strong></p>');
    expect(texts.en?.body).not.toContain('javascript');
    const onlyScript = await send('POST', '/admin-api/help/articles', support, {
      categoryId: category.id,
      key: 'empty',
      texts: { en: { title: 'Empty', body: '<script>alert(1)</script>' } },
    });
    expect(onlyScript.statusCode).toBe(400);
    const noCategory = await send('POST', '/admin-api/help/articles', support, {
      categoryId: 987654,
      key: 'lost',
      texts: { en: { title: 'Lost', body: '<p>x</p>' } },
    });
    expect(noCategory.json().code).toBe('help_category_not_found');
    expect(
      (
        await send('PUT', '/admin-api/help/articles/987654', support, {
          categoryId: category.id,
          key: 'z',
          texts: { en: { title: 'Z', body: 'z' } },
        })
      ).json().code,
    ).toBe('help_article_not_found');

    const actions = (
      await t.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'help_%').orderBy('id').execute()
    ).map((r) => r.action);
    expect(actions).toEqual(['help_category.create', 'help_article.create']);
  });

  it('answers visitors in their language, with fallbacks, and hides what is disabled or empty', async () => {
    const tree = (await send('GET', '/admin-api/help/categories', support)).json().value as {
      id: number;
      key: string;
      articles: { id: number }[];
    }[];
    const deposit = tree.find((c) => c.key === 'deposit');
    if (!deposit) throw new Error('no category');
    const article = deposit.articles[0];
    if (!article) throw new Error('no article');
    // An article only in Vietnamese, and a category with no article (not shown).
    const viOnly = await send('POST', '/admin-api/help/articles', support, {
      categoryId: deposit.id,
      key: 'vi-only',
      sort: 5,
      texts: { vi: { title: 'Chỉ tiếng Việt', body: '<p>Nội dung</p>' } },
    });
    expect(viOnly.statusCode).toBe(200);
    await send('POST', '/admin-api/help/categories', support, { key: 'empty', titles: { vi: 'Trống' } });

    const english = await helpCenter('?language=en');
    expect(english.language).toBe('en');
    expect(english.categories.map((c) => c.key)).toEqual(['deposit']);
    expect(english.categories[0]?.title).toBe('Deposit');
    expect(english.categories[0]?.articles.map((a) => [a.key, a.title, a.language])).toEqual([
      ['bank-transfer', 'Bank transfer', 'en'],
      ['vi-only', 'Chỉ tiếng Việt', 'vi'],
    ]);
    // Thai has nothing: Vietnamese, the default; the lang header is used when the query is absent.
    const thai = await helpCenter('', { lang: 'th' });
    expect(thai.language).toBe('th');
    expect(thai.categories[0]?.title).toBe('Nạp tiền');
    expect(thai.categories[0]?.articles[0]?.title).toBe('Chuyển khoản');
    expect((await helpCenter()).categories[0]?.articles[0]?.language).toBe('vi');
    expect((await send('GET', '/wps/system/helpCenter?language=%3Cscript%3E', {})).statusCode).toBe(400);

    // Disabling an article, then the category, hides them; enabling brings them back. Each is audited.
    expect((await send('POST', `/admin-api/help/articles/${article.id}/disable`, support)).json().value.isEnabled).toBe(false);
    expect((await helpCenter('?language=en')).categories[0]?.articles.map((a) => a.key)).toEqual(['vi-only']);
    await send('POST', `/admin-api/help/categories/${deposit.id}/disable`, support);
    expect((await helpCenter('?language=en')).categories).toEqual([]);
    await send('POST', `/admin-api/help/categories/${deposit.id}/enable`, support);
    await send('POST', `/admin-api/help/articles/${article.id}/enable`, support);
    expect((await helpCenter('?language=en')).categories[0]?.articles).toHaveLength(2);

    // Editing replaces the texts as a whole.
    const edited = await send('PUT', `/admin-api/help/articles/${article.id}`, support, {
      categoryId: deposit.id,
      key: 'bank-transfer',
      sort: 9,
      texts: { en: { title: 'Bank transfer (edited)', body: '<p>New</p>' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(Object.keys(edited.json().value.texts)).toEqual(['en']);
    const vi = await helpCenter('?language=vi');
    expect(vi.categories[0]?.articles.map((a) => [a.key, a.language])).toEqual([
      ['vi-only', 'vi'],
      ['bank-transfer', 'en'],
    ]);
    const audits = await t.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'help_%').execute();
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'help_article.disable',
        'help_category.disable',
        'help_category.enable',
        'help_article.enable',
        'help_article.update',
      ]),
    );
  });

  it('seeds demo help in Vietnamese and English, with the same articles in both', async () => {
    const merchant = await createMerchant(t.database.db);
    await seedDemoHelp(t.database.db, merchant.id);
    const service = t.app.services.help;
    const vi = await service.helpCenter(merchant.id, 'vi');
    const en = await service.helpCenter(merchant.id, 'en');
    expect(vi.categories.length).toBeGreaterThanOrEqual(8);
    // The footer links to these topics.
    const articleKeys = vi.categories.flatMap((c) => c.articles.map((a) => a.key));
    expect(articleKeys).toEqual(expect.arrayContaining(['about', 'contact', 'terms', 'responsible', 'privacy', 'refund']));
    const keys = (tree: typeof vi) => tree.categories.flatMap((c) => c.articles.map((a) => `${c.key}/${a.key}`));
    expect(keys(en)).toEqual(keys(vi));
    expect(en.categories.flatMap((c) => c.articles).every((a) => a.language === 'en')).toBe(true);
    expect(vi.categories.flatMap((c) => c.articles).every((a) => a.language === 'vi')).toBe(true);
    for (const key of ['account', 'deposit', 'withdraw', 'security', 'responsible-gaming', 'lottery', 'agent', 'site']) {
      expect(vi.categories.map((c) => c.key)).toContain(key);
    }
  });
});

describe('feedback', () => {
  const feedbackOf = async () => {
    const merchant = await t.app.services.merchants.current();
    const member = await createMember(t.database.db, merchant);
    const { token } = await t.app.services.sessions.create(member.id);
    return { member, headers: { authorization: `Bearer ${token}` } };
  };

  it('needs a session and refuses bad input with a clear code, storing nothing', async () => {
    const none = await send('PUT', '/wps/feedback', {}, { questionType: 'deposit', content: 'Hello' });
    expect(none.statusCode).toBe(401);
    const { member, headers } = await feedbackOf();
    const cases: [object, string][] = [
      [{ questionType: 'deposit', content: '   ' }, 'feedback_text_required'],
      [{ questionType: 'deposit', content: 'x'.repeat(141) }, 'feedback_text_too_long'],
      [{ questionType: 'weather', content: 'Hi' }, 'bad_request'],
      [{ content: 'Hi' }, 'bad_request'],
    ];
    for (const [body, code] of cases) {
      const res = await send('PUT', '/wps/feedback', { ...headers, lang: 'en' }, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const tooLong = await send('PUT', '/wps/feedback', { ...headers, lang: 'en' }, { questionType: 'game', content: 'y'.repeat(141) });
    expect(tooLong.json().message).toBe('The feedback may be at most 140 characters.');
    const count = await t.database.db.selectFrom('member_feedback').select('id').where('member_id', '=', member.id).execute();
    expect(count).toEqual([]);
  });

  it('counts characters, not bytes: 140 Vietnamese letters fit', async () => {
    const { headers } = await feedbackOf();
    const text = 'ệ'.repeat(140);
    const res = await send('PUT', '/wps/feedback', headers, { questionType: 'application', content: ` ${text} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ questionType: 'application', content: text });
  });

  it('takes 5 an hour per member, then refuses with feedback_too_many until the hour has passed', async () => {
    const { member, headers } = await feedbackOf();
    const other = await feedbackOf();
    for (let i = 1; i <= 5; i += 1) {
      const res = await send('PUT', '/wps/feedback', headers, { questionType: 'other', content: `Question ${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await send('PUT', '/wps/feedback', { ...headers, lang: 'vi' }, { questionType: 'other', content: 'Question 6' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      success: false,
      code: 'feedback_too_many',
      message: 'Bạn chỉ có thể gửi 5 phản hồi mỗi giờ. Vui lòng thử lại sau.',
    });
    // Another member is not affected.
    expect((await send('PUT', '/wps/feedback', other.headers, { questionType: 'game', content: 'Mine' })).statusCode).toBe(200);
    // An hour after the first five (their times moved back), the member may write again.
    await t.database.db
      .updateTable('member_feedback')
      .set({ created_at: new Date(clock.getTime() - 3_600_000 - 1000) })
      .where('member_id', '=', member.id)
      .execute();
    expect((await send('PUT', '/wps/feedback', headers, { questionType: 'other', content: 'Next hour' })).statusCode).toBe(200);
  });

  it('lists feedback for support operators and marks it handled, audited', async () => {
    const { member, headers } = await feedbackOf();
    const sent = await send('PUT', '/wps/feedback', headers, { questionType: 'withdraw', content: 'My withdrawal is slow' });
    const id = sent.json().value.id as number;
    expect((await send('GET', '/admin-api/feedback', finance)).statusCode).toBe(403);
    const open = await send('GET', '/admin-api/feedback?status=open&pageSize=100', support);
    expect(open.statusCode, open.body).toBe(200);
    const mine = (open.json().value.list as { id: number }[]).find((f) => f.id === id);
    expect(mine).toMatchObject({
      memberId: member.id,
      username: member.username,
      questionType: 'withdraw',
      status: 'open',
      handledAt: null,
    });
    expect(open.json().value.total).toBeGreaterThanOrEqual(1);

    const handled = await send('POST', `/admin-api/feedback/${id}/handle`, support, { note: 'Paid out after review' });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().value).toMatchObject({ id, status: 'handled', note: 'Paid out after review' });
    const stillOpen = (await send('GET', '/admin-api/feedback?status=open&pageSize=100', support)).json().value.list as { id: number }[];
    expect(stillOpen.some((f) => f.id === id)).toBe(false);
    expect((await send('POST', '/admin-api/feedback/987654/handle', support, {})).json().code).toBe('feedback_not_found');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'feedback.handle')
      .where('subject_id', '=', String(id))
      .execute();
    expect(audit).toHaveLength(1);
  });
});
