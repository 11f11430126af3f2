import {
  type AdminFeedback,
  type AdminHelpArticle,
  type AdminHelpCategory,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_PER_HOUR,
  type FeedbackQuestionType,
  type FeedbackStatus,
  feedbackLength,
  type HelpArticleInput,
  type HelpCategoryInput,
  type HelpCenter,
  type HelpOrderInput,
} from '@platform/contracts/help';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { lockMember } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { sanitizeAnnouncementHtml } from '../content/content.sanitize.ts';
import * as repo from './help.repository.ts';

type Operator = { adminId: number; merchantId: number; ip: string | null };

/** The merchant's default language (the site's), then English: where a missing translation falls back to. */
export const HELP_FALLBACK_LANGUAGES = ['vi', 'en'] as const;

const HOUR_MS = 3_600_000;

export type HelpService = ReturnType<typeof createHelpService>;

/** The languages to try, in order: the one asked for, its base (pt-br → pt), then the fallbacks. */
export function languageChain(language: string): string[] {
  const asked = language.toLowerCase();
  const base = asked.split('-')[0] ?? asked;
  return [...new Set([asked, base, ...HELP_FALLBACK_LANGUAGES])];
}

function pick<T>(byLanguage: Map<string, T> | undefined, chain: readonly string[]): { language: string; value: T } | null {
  if (!byLanguage) return null;
  for (const language of chain) {
    const value = byLanguage.get(language);
    if (value !== undefined) return { language, value };
  }
  return null;
}

/**
 * The help centre: categories and articles an operator writes per language (HTML cleaned with the
 * content module's allow-list), and the members' feedback form. Operator changes are audited.
 */
export function createHelpService(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  /** The visitor's tree: enabled categories with their enabled articles, each in the best language there is. */
  async function helpCenter(merchantId: number, language: string): Promise<HelpCenter> {
    const chain = languageChain(language);
    const categories = await repo.findCategories(db, merchantId, { isEnabledOnly: true });
    if (categories.length === 0) return { language: chain[0] ?? language, categories: [] };
    const categoryIds = categories.map((c) => c.id);
    const [titles, articles] = await Promise.all([
      repo.findCategoryTitles(db, categoryIds),
      repo.findArticles(db, categoryIds, { isEnabledOnly: true }),
    ]);
    const texts = await repo.findArticleTexts(
      db,
      articles.map((a) => a.id),
    );
    const titlesOf = groupBy(
      titles,
      (t) => Number(t.category_id),
      (t) => [t.language, t.title] as const,
    );
    const textsOf = groupBy(
      texts,
      (t) => Number(t.article_id),
      (t) => [t.language, { title: t.title, body: t.body_html }] as const,
    );

    const tree: HelpCenter['categories'] = [];
    for (const category of categories) {
      const id = Number(category.id);
      const title = pick(titlesOf.get(id), chain);
      if (!title) continue;
      const list = articles
        .filter((a) => Number(a.category_id) === id)
        .flatMap((article) => {
          const text = pick(textsOf.get(Number(article.id)), chain);
          return text
            ? [{ id: Number(article.id), key: article.key, title: text.value.title, body: text.value.body, language: text.language }]
            : [];
        });
      if (list.length > 0) tree.push({ id, key: category.key, title: title.value, articles: list });
    }
    return { language: chain[0] ?? language, categories: tree };
  }

  // Back office: categories and articles.

  async function adminTree(merchantId: number): Promise<AdminHelpCategory[]> {
    const categories = await repo.findCategories(db, merchantId, { isEnabledOnly: false });
    if (categories.length === 0) return [];
    const categoryIds = categories.map((c) => c.id);
    const [titles, articles] = await Promise.all([
      repo.findCategoryTitles(db, categoryIds),
      repo.findArticles(db, categoryIds, { isEnabledOnly: false }),
    ]);
    const texts = await repo.findArticleTexts(
      db,
      articles.map((a) => a.id),
    );
    return categories.map((category) => ({
      id: Number(category.id),
      key: category.key,
      sort: category.sort,
      isEnabled: category.is_enabled,
      titles: Object.fromEntries(titles.filter((t) => Number(t.category_id) === Number(category.id)).map((t) => [t.language, t.title])),
      updatedAt: new Date(category.updated_at).toISOString(),
      articles: articles
        .filter((a) => Number(a.category_id) === Number(category.id))
        .map(
          (article): AdminHelpArticle => ({
            id: Number(article.id),
            categoryId: Number(article.category_id),
            key: article.key,
            sort: article.sort,
            isEnabled: article.is_enabled,
            texts: Object.fromEntries(
              texts
                .filter((t) => Number(t.article_id) === Number(article.id))
                .map((t) => [t.language, { title: t.title, body: t.body_html }]),
            ),
            updatedAt: new Date(article.updated_at).toISOString(),
          }),
        ),
    }));
  }

  async function findCategory(merchantId: number, id: number): Promise<AdminHelpCategory> {
    const found = (await adminTree(merchantId)).find((c) => c.id === id);
    if (!found) throw new DomainError('help_category_not_found');
    return found;
  }

  async function findArticle(merchantId: number, id: number): Promise<AdminHelpArticle> {
    for (const category of await adminTree(merchantId)) {
      const found = category.articles.find((a) => a.id === id);
      if (found) return found;
    }
    throw new DomainError('help_article_not_found');
  }

  function cleanTexts(texts: HelpArticleInput['texts']) {
    const cleaned: Record<string, { title: string; body: string }> = {};
    for (const [language, text] of Object.entries(texts)) {
      const body = sanitizeAnnouncementHtml(text.body);
      // A body that was nothing but forbidden markup is refused rather than published empty.
      if (body === '') throw new DomainError('field_required', `texts.${language}.body`);
      cleaned[language] = { title: text.title, body };
    }
    return cleaned;
  }

  /** Runs an operator's write; a category or article key already taken answers `help_key_taken`. */
  async function inTransactionWithKey(work: (trx: Transaction<DB>) => Promise<void>): Promise<void> {
    try {
      await db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('help_key_taken', 'key');
      throw error;
    }
  }

  async function createCategory(op: Operator, input: HelpCategoryInput): Promise<AdminHelpCategory> {
    let id = 0;
    await inTransactionWithKey(async (trx) => {
      id = await repo.insertCategory(trx, op.merchantId, input);
      await repo.replaceCategoryTitles(trx, id, input.titles);
      await audit(trx, op, 'help_category.create', 'help_category', id, input);
    });
    return findCategory(op.merchantId, id);
  }

  async function updateCategory(op: Operator, id: number, input: HelpCategoryInput): Promise<AdminHelpCategory> {
    const before = await findCategory(op.merchantId, id);
    await inTransactionWithKey(async (trx) => {
      await repo.updateCategory(trx, op.merchantId, id, input, now());
      await repo.replaceCategoryTitles(trx, id, input.titles);
      const { articles: _articles, updatedAt: _updatedAt, ...was } = before;
      await audit(trx, op, 'help_category.update', 'help_category', id, { before: was, after: input });
    });
    return findCategory(op.merchantId, id);
  }

  async function setCategoryEnabled(op: Operator, id: number, isEnabled: boolean): Promise<AdminHelpCategory> {
    await db.transaction().execute(async (trx) => {
      if (!(await repo.setCategoryEnabled(trx, op.merchantId, id, isEnabled, now()))) throw new DomainError('help_category_not_found');
      await audit(trx, op, isEnabled ? 'help_category.enable' : 'help_category.disable', 'help_category', id, { isEnabled });
    });
    return findCategory(op.merchantId, id);
  }

  async function assertCategory(trx: Transaction<DB>, merchantId: number, categoryId: number) {
    if (!(await repo.isCategoryOfMerchant(trx, merchantId, categoryId))) throw new DomainError('help_category_not_found', 'categoryId');
  }

  async function createArticle(op: Operator, input: HelpArticleInput): Promise<AdminHelpArticle> {
    const texts = cleanTexts(input.texts);
    let id = 0;
    await inTransactionWithKey(async (trx) => {
      await assertCategory(trx, op.merchantId, input.categoryId);
      id = await repo.insertArticle(trx, op.merchantId, input);
      await repo.replaceArticleTexts(trx, id, texts);
      await audit(trx, op, 'help_article.create', 'help_article', id, { ...input, texts });
    });
    return findArticle(op.merchantId, id);
  }

  async function updateArticle(op: Operator, id: number, input: HelpArticleInput): Promise<AdminHelpArticle> {
    const before = await findArticle(op.merchantId, id);
    const texts = cleanTexts(input.texts);
    await inTransactionWithKey(async (trx) => {
      await assertCategory(trx, op.merchantId, input.categoryId);
      await repo.updateArticle(trx, op.merchantId, id, input, now());
      await repo.replaceArticleTexts(trx, id, texts);
      const { updatedAt: _updatedAt, ...was } = before;
      await audit(trx, op, 'help_article.update', 'help_article', id, { before: was, after: { ...input, texts } });
    });
    return findArticle(op.merchantId, id);
  }

  async function setArticleEnabled(op: Operator, id: number, isEnabled: boolean): Promise<AdminHelpArticle> {
    await db.transaction().execute(async (trx) => {
      if (!(await repo.setArticleEnabled(trx, op.merchantId, id, isEnabled, now()))) throw new DomainError('help_article_not_found');
      await audit(trx, op, isEnabled ? 'help_article.enable' : 'help_article.disable', 'help_article', id, { isEnabled });
    });
    return findArticle(op.merchantId, id);
  }

  /** Deletes an article for good (hiding it is `setArticleEnabled`). */
  async function deleteArticle(op: Operator, id: number): Promise<{ id: number }> {
    const before = await findArticle(op.merchantId, id);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.deleteArticle(trx, op.merchantId, id))) throw new DomainError('help_article_not_found');
      const { updatedAt: _updatedAt, ...was } = before;
      await audit(trx, op, 'help_article.delete', 'help_article', id, { before: was });
    });
    return { id };
  }

  /** Deletes an empty category; one that still has articles is refused (`help_category_not_empty`). */
  async function deleteCategory(op: Operator, id: number): Promise<{ id: number }> {
    await db.transaction().execute(async (trx) => {
      const found = await repo.lockCategoryWithCount(trx, op.merchantId, id);
      if (!found) throw new DomainError('help_category_not_found');
      if (found.articles > 0) throw new DomainError('help_category_not_empty');
      await repo.deleteCategory(trx, id);
      await audit(trx, op, 'help_category.delete', 'help_category', id, {});
    });
    return { id };
  }

  /**
   * Puts the merchant's categories, or one category's articles, in the order given: `ids` must name
   * each of them exactly once (else `help_order_mismatch`: the list changed meanwhile).
   */
  async function order(op: Operator, input: HelpOrderInput): Promise<AdminHelpCategory[]> {
    await db.transaction().execute(async (trx) => {
      const scope = { categoryId: input.kind === 'article' ? input.categoryId : null };
      if (scope.categoryId !== null) await assertCategory(trx, op.merchantId, scope.categoryId);
      const current = await repo.lockSiblings(trx, op.merchantId, scope);
      const wanted = [...new Set(input.ids)];
      if (wanted.length !== input.ids.length || wanted.length !== current.length || wanted.some((id) => !current.includes(id)))
        throw new DomainError('help_order_mismatch');
      await repo.writeOrder(trx, input.kind, wanted, now());
      await audit(trx, op, `help_${input.kind}.order`, input.kind === 'article' ? 'help_category' : 'help_centre', scope.categoryId, {
        before: current,
        after: wanted,
      });
    });
    return adminTree(op.merchantId);
  }

  /** The article's texts as the site will show them: each body cleaned with the same allow-list, nothing stored. */
  function preview(texts: HelpArticleInput['texts']): Record<string, { title: string; body: string }> {
    return cleanTexts(texts);
  }

  // Feedback.

  /**
   * Stores a member's feedback. The text is trimmed and counted in characters (1 to 140); a member
   * may send FEEDBACK_PER_HOUR per rolling hour, counted under a lock on the member so two at once
   * cannot both slip under the limit.
   */
  async function sendFeedback(
    member: { memberId: number; merchantId: number },
    input: { questionType: FeedbackQuestionType; content: string },
    ip: string | null,
  ) {
    const content = input.content.normalize('NFC').trim();
    const length = feedbackLength(content);
    if (length === 0) throw new DomainError('feedback_text_required');
    if (length > FEEDBACK_MAX_CHARS) throw new DomainError('feedback_text_too_long', undefined, { max: String(FEEDBACK_MAX_CHARS) });
    return db.transaction().execute(async (trx) => {
      if (!(await lockMember(trx, member.memberId))) throw new Error(`member ${member.memberId} not found`);
      const at = now();
      const recent = await repo.countFeedbackSince(trx, member.memberId, new Date(at.getTime() - HOUR_MS));
      if (recent >= FEEDBACK_PER_HOUR) throw new DomainError('feedback_too_many', undefined, { count: String(FEEDBACK_PER_HOUR) });
      const row = await repo.insertFeedback(trx, {
        merchantId: member.merchantId,
        memberId: member.memberId,
        questionType: input.questionType,
        content,
        ip,
        at,
      });
      return { id: row.id, questionType: input.questionType, content, createdAt: row.createdAt.toISOString() };
    });
  }

  async function listFeedback(
    merchantId: number,
    query: { status?: FeedbackStatus | undefined; page: number; pageSize: number },
  ): Promise<{ list: AdminFeedback[]; total: number; page: number; pageSize: number }> {
    const { rows, total } = await repo.findFeedbackPage(
      db,
      { merchantId, status: query.status },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        memberId: Number(r.member_id),
        username: r.username,
        questionType: r.question_type as FeedbackQuestionType,
        content: r.content,
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
        handledAt: r.handled_at ? new Date(r.handled_at).toISOString() : null,
        handledBy: r.handled_by === null ? null : Number(r.handled_by),
        note: r.note,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** Marks feedback handled (again: the note and time are updated). */
  async function handleFeedback(op: Operator, id: number, note: string | undefined): Promise<AdminFeedback> {
    await db.transaction().execute(async (trx) => {
      const isFound = await repo.markFeedbackHandled(trx, op.merchantId, id, { adminId: op.adminId, at: now(), note: note ?? null });
      if (!isFound) throw new DomainError('feedback_not_found');
      await audit(trx, op, 'feedback.handle', 'feedback', id, { note: note ?? null });
    });
    const row = await repo.findFeedbackById(db, id);
    return {
      id: Number(row.id),
      memberId: Number(row.member_id),
      username: row.username,
      questionType: row.question_type as FeedbackQuestionType,
      content: row.content,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      handledAt: row.handled_at ? new Date(row.handled_at).toISOString() : null,
      handledBy: row.handled_by === null ? null : Number(row.handled_by),
      note: row.note,
    };
  }

  async function audit(
    trx: Transaction<DB>,
    op: Operator,
    action: string,
    subjectType: string,
    subjectId: number | null,
    data: Record<string, unknown>,
  ) {
    await recordAudit(trx, { actorType: 'admin', actorId: op.adminId, action, subjectType, subjectId, data, ip: op.ip });
  }

  return {
    helpCenter,
    feedback: { send: sendFeedback, list: listFeedback, handle: handleFeedback },
    admin: {
      tree: adminTree,
      createCategory,
      updateCategory,
      setCategoryEnabled,
      deleteCategory,
      createArticle,
      updateArticle,
      setArticleEnabled,
      deleteArticle,
      order,
      preview,
    },
  };
}

function groupBy<R, V>(
  rows: readonly R[],
  keyOf: (row: R) => number,
  entryOf: (row: R) => readonly [string, V],
): Map<number, Map<string, V>> {
  const map = new Map<number, Map<string, V>>();
  for (const row of rows) {
    const key = keyOf(row);
    let inner = map.get(key);
    if (!inner) {
      inner = new Map();
      map.set(key, inner);
    }
    const [language, value] = entryOf(row);
    inner.set(language, value);
  }
  return map;
}
