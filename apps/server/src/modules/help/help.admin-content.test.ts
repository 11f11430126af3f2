import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';

/** The console's help centre calls beyond create and edit: delete, order and preview (docs/help-centre.md). */

let t: TestApp;
let content: Record<string, string>;
let finance: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date('2026-11-25T03:00:00.000Z') });
  await createMerchant(t.database.db);
  content = (await loginAdmin(t.app, 'content')).headers;
  finance = (await loginAdmin(t.app, 'finance')).headers;
});

afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

type Tree = { id: number; key: string; sort: number; articles: { id: number; key: string; sort: number }[] }[];
const tree = async () => (await call('GET', '/admin-api/help/categories', content)).json().value as Tree;
const auditActions = async () =>
  (await t.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'help_%').orderBy('id').execute()).map(
    (a) => a.action,
  );

async function category(key: string) {
  const res = await call('POST', '/admin-api/help/categories', content, { key, titles: { vi: `Mục ${key}`, en: `Topic ${key}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as number;
}
async function article(categoryId: number, key: string) {
  const res = await call('POST', '/admin-api/help/articles', content, {
    categoryId,
    key,
    texts: { vi: { title: `Bài ${key}`, body: '<p>Nội dung</p>' }, zh: { title: `文章 ${key}`, body: '<p>内容</p>' } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as number;
}

describe('help centre: delete, order, preview', () => {
  it('refuses operators without help:write and changes nothing', async () => {
    const id = await category('refused');
    expect((await call('DELETE', `/admin-api/help/categories/${id}`, finance)).statusCode).toBe(403);
    expect((await call('PUT', '/admin-api/help/order', finance, { kind: 'category', ids: [id] })).statusCode).toBe(403);
    expect((await tree()).map((c) => c.id)).toContain(id);
    expect((await call('DELETE', `/admin-api/help/categories/${id}`, content)).statusCode).toBe(200);
  });

  it('deletes an article with its texts, and a category only once it is empty, each audited', async () => {
    const categoryId = await category('payments');
    const articleId = await article(categoryId, 'bank-transfer');
    const refused = await call('DELETE', `/admin-api/help/categories/${categoryId}`, { ...content, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'help_category_not_empty',
      message: 'This category still has articles. Move or delete them first, or hide the category instead.',
    });
    expect((await call('DELETE', `/admin-api/help/articles/${articleId}`, content)).json().value).toEqual({ id: articleId });
    const texts = await t.database.db.selectFrom('help_article_texts').select('article_id').where('article_id', '=', articleId).execute();
    expect(texts).toEqual([]);
    expect((await call('DELETE', `/admin-api/help/articles/${articleId}`, content)).json().code).toBe('help_article_not_found');
    expect((await call('DELETE', `/admin-api/help/categories/${categoryId}`, content)).statusCode).toBe(200);
    expect((await tree()).some((c) => c.id === categoryId)).toBe(false);
    expect((await call('DELETE', `/admin-api/help/categories/${categoryId}`, content)).json().code).toBe('help_category_not_found');
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['help_article.delete', 'help_category.delete', 'help_category.create', 'help_article.create']),
    );
  });

  it('orders categories and the articles of one, refusing a list that does not name each exactly once', async () => {
    const first = await category('first');
    const second = await category('second');
    const a = await article(first, 'a');
    const b = await article(first, 'b');
    const c = await article(first, 'c');
    const ids = (await tree()).map((each) => each.id);
    const reversed = [...ids].reverse();
    const ordered = await call('PUT', '/admin-api/help/order', content, { kind: 'category', ids: reversed });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect((ordered.json().value as Tree).map((each) => each.id)).toEqual(reversed);
    expect((await tree()).map((each) => each.sort)).toEqual(reversed.map((_, index) => (index + 1) * 10));

    const articles = await call('PUT', '/admin-api/help/order', content, { kind: 'article', categoryId: first, ids: [c, a, b] });
    expect((articles.json().value as Tree).find((each) => each.id === first)?.articles.map((x) => x.id)).toEqual([c, a, b]);

    // A list missing one, naming one twice, or naming another category's article changes nothing.
    for (const bad of [
      { kind: 'article', categoryId: first, ids: [a, b] },
      { kind: 'article', categoryId: first, ids: [a, a, b] },
      { kind: 'article', categoryId: second, ids: [a] },
      { kind: 'category', ids: ids.slice(1) },
    ]) {
      const res = await call('PUT', '/admin-api/help/order', content, bad);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('help_order_mismatch');
    }
    expect((await tree()).find((each) => each.id === first)?.articles.map((x) => x.id)).toEqual([c, a, b]);
    expect(await auditActions()).toEqual(expect.arrayContaining(['help_category.order', 'help_article.order']));
  });

  it('previews an article cleaned as the site shows it, storing nothing', async () => {
    const before = await tree();
    const res = await call('POST', '/admin-api/help/articles/preview', content, {
      texts: {
        vi: { title: 'Nạp tiền', body: '<p onclick="steal()">Chuyển khoản <script>alert(1)</script><b>ngay</b></p>' },
        zh: { title: '存款', body: '<p>银行转账</p>' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const texts = res.json().value.texts as Record<string, { title: string; body: string }>;
    expect(texts.vi?.body).toContain('<b>ngay</b>');
    expect(texts.vi?.body).not.toContain('script');
    expect(texts.vi?.body).not.toContain('onclick');
    expect(texts.zh).toEqual({ title: '存款', body: '<p>银行转账</p>' });
    expect(await tree()).toEqual(before);
    // A body that is nothing but forbidden markup is refused, as a save would be.
    const empty = await call('POST', '/admin-api/help/articles/preview', content, {
      texts: { vi: { title: 'x', body: '<script>x</script>' } },
    });
    expect(empty.statusCode).toBe(400);
  });
});
