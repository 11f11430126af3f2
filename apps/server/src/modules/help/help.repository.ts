import type { FeedbackQuestionType, FeedbackStatus } from '@platform/contracts/help';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';

type Executor = Kysely<DB> | Transaction<DB>;

// Categories and articles.

/** The merchant's categories in display order; with `isEnabledOnly`, only those visitors see. */
export async function findCategories(db: Executor, merchantId: number, options: { isEnabledOnly: boolean }) {
  let query = db.selectFrom('help_categories').selectAll().where('merchant_id', '=', merchantId);
  if (options.isEnabledOnly) query = query.where('is_enabled', '=', true);
  return query.orderBy('sort').orderBy('id').execute();
}

export async function findCategoryTitles(db: Executor, categoryIds: readonly number[]) {
  if (categoryIds.length === 0) return [];
  return db
    .selectFrom('help_category_titles')
    .selectAll()
    .where('category_id', 'in', [...categoryIds])
    .execute();
}

/** The categories' articles in display order; with `isEnabledOnly`, only those visitors see. */
export async function findArticles(db: Executor, categoryIds: readonly number[], options: { isEnabledOnly: boolean }) {
  if (categoryIds.length === 0) return [];
  let query = db
    .selectFrom('help_articles')
    .selectAll()
    .where('category_id', 'in', [...categoryIds]);
  if (options.isEnabledOnly) query = query.where('is_enabled', '=', true);
  return query.orderBy('sort').orderBy('id').execute();
}

export async function findArticleTexts(db: Executor, articleIds: readonly number[]) {
  if (articleIds.length === 0) return [];
  return db
    .selectFrom('help_article_texts')
    .selectAll()
    .where('article_id', 'in', [...articleIds])
    .execute();
}

/** Replaces a category's titles with `titles` (language → title). */
export async function replaceCategoryTitles(db: Executor, categoryId: number, titles: Record<string, string>): Promise<void> {
  await db.deleteFrom('help_category_titles').where('category_id', '=', categoryId).execute();
  await db
    .insertInto('help_category_titles')
    .values(Object.entries(titles).map(([language, title]) => ({ category_id: categoryId, language, title })))
    .execute();
}

/** Replaces an article's texts with `texts` (language → title and cleaned body). */
export async function replaceArticleTexts(db: Executor, articleId: number, texts: Record<string, { title: string; body: string }>) {
  await db.deleteFrom('help_article_texts').where('article_id', '=', articleId).execute();
  await db
    .insertInto('help_article_texts')
    .values(Object.entries(texts).map(([language, t]) => ({ article_id: articleId, language, title: t.title, body_html: t.body })))
    .execute();
}

type Placement = { key: string; sort: number; isEnabled: boolean };

export async function insertCategory(db: Executor, merchantId: number, category: Placement): Promise<number> {
  const row = await db
    .insertInto('help_categories')
    .values({ merchant_id: merchantId, key: category.key, sort: category.sort, is_enabled: category.isEnabled })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateCategory(db: Executor, merchantId: number, id: number, category: Placement, at: Date): Promise<void> {
  await db
    .updateTable('help_categories')
    .set({ key: category.key, sort: category.sort, is_enabled: category.isEnabled, updated_at: at })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .execute();
}

/** Answers whether the category (of the merchant) was found. */
export async function setCategoryEnabled(db: Executor, merchantId: number, id: number, isEnabled: boolean, at: Date): Promise<boolean> {
  const changed = await db
    .updateTable('help_categories')
    .set({ is_enabled: isEnabled, updated_at: at })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

export async function isCategoryOfMerchant(db: Executor, merchantId: number, categoryId: number): Promise<boolean> {
  const row = await db
    .selectFrom('help_categories')
    .select('id')
    .where('id', '=', categoryId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertArticle(db: Executor, merchantId: number, article: Placement & { categoryId: number }): Promise<number> {
  const row = await db
    .insertInto('help_articles')
    .values({
      merchant_id: merchantId,
      category_id: article.categoryId,
      key: article.key,
      sort: article.sort,
      is_enabled: article.isEnabled,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateArticle(
  db: Executor,
  merchantId: number,
  id: number,
  article: Placement & { categoryId: number },
  at: Date,
): Promise<void> {
  await db
    .updateTable('help_articles')
    .set({ category_id: article.categoryId, key: article.key, sort: article.sort, is_enabled: article.isEnabled, updated_at: at })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .execute();
}

/** Answers whether the article (of the merchant) was found. */
export async function setArticleEnabled(db: Executor, merchantId: number, id: number, isEnabled: boolean, at: Date): Promise<boolean> {
  const changed = await db
    .updateTable('help_articles')
    .set({ is_enabled: isEnabled, updated_at: at })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

// Feedback.

/** Deletes an article and its texts; false when it is not one of the merchant's. */
export async function deleteArticle(db: Executor, merchantId: number, id: number): Promise<boolean> {
  const found = await db
    .selectFrom('help_articles')
    .select('id')
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
  if (!found) return false;
  await db.deleteFrom('help_article_texts').where('article_id', '=', id).execute();
  await db.deleteFrom('help_articles').where('id', '=', id).execute();
  return true;
}

/** The category locked, with how many articles it holds; undefined when it is not one of the merchant's. */
export async function lockCategoryWithCount(db: Executor, merchantId: number, id: number): Promise<{ articles: number } | undefined> {
  const found = await db
    .selectFrom('help_categories')
    .select('id')
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
  if (!found) return undefined;
  const row = await db
    .selectFrom('help_articles')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('category_id', '=', id)
    .executeTakeFirst();
  return { articles: Number(row?.n ?? 0) };
}

export async function deleteCategory(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('help_category_titles').where('category_id', '=', id).execute();
  await db.deleteFrom('help_categories').where('id', '=', id).execute();
}

/** The ids of the merchant's categories, or of one category's articles, locked in their current order. */
export async function lockSiblings(db: Executor, merchantId: number, scope: { categoryId: number | null }): Promise<number[]> {
  const rows =
    scope.categoryId === null
      ? await db
          .selectFrom('help_categories')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .orderBy('sort')
          .orderBy('id')
          .forUpdate()
          .execute()
      : await db
          .selectFrom('help_articles')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .where('category_id', '=', scope.categoryId)
          .orderBy('sort')
          .orderBy('id')
          .forUpdate()
          .execute();
  return rows.map((r) => Number(r.id));
}

/** Writes each id's place in `ids` as its sort (10, 20, …), leaving room to insert by hand. */
export async function writeOrder(db: Executor, kind: 'category' | 'article', ids: readonly number[], at: Date): Promise<void> {
  for (const [index, id] of ids.entries()) {
    if (kind === 'category')
      await db
        .updateTable('help_categories')
        .set({ sort: (index + 1) * 10, updated_at: at })
        .where('id', '=', id)
        .execute();
    else
      await db
        .updateTable('help_articles')
        .set({ sort: (index + 1) * 10, updated_at: at })
        .where('id', '=', id)
        .execute();
  }
}

export async function countFeedbackSince(db: Executor, memberId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('member_feedback')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertFeedback(
  db: Executor,
  row: { merchantId: number; memberId: number; questionType: FeedbackQuestionType; content: string; ip: string | null; at: Date },
): Promise<{ id: number; createdAt: Date }> {
  const inserted = await db
    .insertInto('member_feedback')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      question_type: row.questionType,
      content: row.content,
      ip: row.ip,
      created_at: row.at,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: Number(inserted.id), createdAt: new Date(inserted.created_at) };
}

function feedbackWithUsername(db: Executor) {
  return db
    .selectFrom('member_feedback as f')
    .innerJoin(publicMembers(db).as('m'), 'm.id', 'f.member_id')
    .select([
      'f.id',
      'f.member_id',
      'm.username',
      'f.question_type',
      'f.content',
      'f.status',
      'f.created_at',
      'f.handled_at',
      'f.handled_by',
      'f.note',
    ]);
}

export async function findFeedbackPage(
  db: Executor,
  filter: { merchantId: number; status?: FeedbackStatus | undefined },
  page: { limit: number; offset: number },
) {
  let count = db.selectFrom('member_feedback as f').where('f.merchant_id', '=', filter.merchantId);
  let rows = feedbackWithUsername(db).where('f.merchant_id', '=', filter.merchantId);
  if (filter.status) {
    count = count.where('f.status', '=', filter.status);
    rows = rows.where('f.status', '=', filter.status);
  }
  const [list, total] = await Promise.all([
    rows.orderBy('f.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    count.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(total.n) };
}

export async function findFeedbackById(db: Executor, id: number) {
  return feedbackWithUsername(db).where('f.id', '=', id).executeTakeFirstOrThrow();
}

/** Answers whether the feedback (of the merchant) was found. */
export async function markFeedbackHandled(
  db: Executor,
  merchantId: number,
  id: number,
  handled: { adminId: number; at: Date; note: string | null },
): Promise<boolean> {
  const changed = await db
    .updateTable('member_feedback')
    .set({ status: 'handled', handled_by: handled.adminId, handled_at: handled.at, note: handled.note })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}
