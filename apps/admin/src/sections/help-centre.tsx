import type { AdminHelpArticle, AdminHelpCategory } from '@platform/contracts/help';
import { SITE_LANGUAGE_CODES, SITE_LANGUAGE_NAMES, type SiteLanguageCode } from '@platform/contracts/site-languages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, Tabs } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { useDecision } from '../components/use-queue.ts';
import { helpCentreEn, helpCentreVi, helpCentreZh } from '../i18n/help-centre.ts';
import { addSectionTexts, errorText } from '../i18n/i18n.ts';
import { dateTime } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('helpCentre', { vi: helpCentreVi, en: helpCentreEn, zh: helpCentreZh });

/** The languages every form offers; any other language of the site is picked from the site's list. */
const FORM_LANGUAGES = ['vi', 'en', 'zh'] as const;
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * A language's name for the operator: the console's own name for vi, en and zh, else the name in the
 * operator's language (Intl) with the language's own name beside it (Thai · ไทย); a code the site
 * does not list (kept from older data) shows as the code.
 */
export function languageLabel(code: string, operatorLanguage: string, ownNames: Record<string, string>): string {
  if (ownNames[code]) return ownNames[code];
  const endonym = (SITE_LANGUAGE_NAMES as Record<string, string>)[code];
  let shown: string | undefined;
  try {
    shown = new Intl.DisplayNames([operatorLanguage], { type: 'language' }).of(code);
  } catch {
    shown = undefined;
  }
  if (!endonym) return shown && shown !== code ? `${shown} (${code})` : code;
  return shown && shown !== code && shown !== endonym ? `${shown} · ${endonym}` : endonym;
}
const TITLE_MAX = 120;

type Texts = Record<string, { title: string; body: string }>;
type CategoryForm = { key: string; isEnabled: boolean; titles: Record<string, string> };
type ArticleForm = { categoryId: number; key: string; isEnabled: boolean; texts: Texts };
type Checked<T> = { problem: string; params?: Record<string, string> } | { body: T };

/** The languages a form shows: the three offered, then the item's own others in code order. */
export function formLanguages(own: readonly string[]): string[] {
  return [...FORM_LANGUAGES, ...[...own].filter((l) => !(FORM_LANGUAGES as readonly string[]).includes(l)).sort()];
}

/** A category form's body for the server, or its first problem (a key of `helpCentre.problems`). */
export function categoryBody(form: CategoryForm, sort: number): Checked<object> {
  if (!KEY_PATTERN.test(form.key.trim())) return { problem: 'key' };
  const titles = Object.fromEntries(
    Object.entries(form.titles)
      .map(([language, title]) => [language, title.trim()] as const)
      .filter(([, title]) => title !== ''),
  );
  if (Object.keys(titles).length === 0) return { problem: 'noLanguage' };
  if (Object.values(titles).some((title) => title.length > TITLE_MAX)) return { problem: 'titleLength' };
  return { body: { key: form.key.trim(), sort, isEnabled: form.isEnabled, titles } };
}

/**
 * An article form's body: each language with both a title and a text is sent, one with only one of
 * them is refused (naming the language), all empty ones are left out; at least one must remain.
 */
export function articleBody(form: ArticleForm, sort: number): Checked<{ texts: Texts } & Record<string, unknown>> {
  if (!KEY_PATTERN.test(form.key.trim())) return { problem: 'key' };
  const texts: Texts = {};
  for (const [language, text] of Object.entries(form.texts)) {
    const title = text.title.trim();
    const body = text.body.trim();
    if (title === '' && body === '') continue;
    if (title === '' || body === '') return { problem: 'half', params: { language } };
    if (title.length > TITLE_MAX) return { problem: 'titleLength' };
    texts[language] = { title, body };
  }
  if (Object.keys(texts).length === 0) return { problem: 'noLanguage' };
  return { body: { categoryId: form.categoryId, key: form.key.trim(), sort, isEnabled: form.isEnabled, texts } };
}

/** The ids in their new order after moving `id` one place up (-1) or down (+1). */
export function moved(ids: readonly number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to] as number, next[from] as number];
  return next;
}

type Editing =
  | { kind: 'category'; before: AdminHelpCategory | undefined; form: CategoryForm; languages: string[] }
  | { kind: 'article'; before: AdminHelpArticle | undefined; form: ArticleForm; languages: string[] };
type Removing = { kind: 'category' | 'article'; id: number; title: string };

/**
 * The help centre (`help:read`; changes `help:write`): categories and their articles per language,
 * published or hidden, in the order the site shows them; an article is previewed as the server
 * cleans it before it is saved or published.
 */
export default function HelpCentreSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'help:write') : false;
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [language, setLanguage] = useState<string>('vi');
  const [newLanguage, setNewLanguage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Removing | null>(null);
  const [previewing, setPreviewing] = useState<{ title: string; texts: Texts } | null>(null);
  const [previewLanguage, setPreviewLanguage] = useState('vi');
  const [previewError, setPreviewError] = useState<string | null>(null);

  const tree = useQuery({
    queryKey: ['queue', 'help-tree'],
    queryFn: () => adminGet<AdminHelpCategory[]>('/help/categories'),
  });
  const categories = tree.data ?? [];

  const nameOf = (byLanguage: Record<string, string>, fallback: string) =>
    byLanguage[i18n.language] || byLanguage.vi || byLanguage.en || Object.values(byLanguage)[0] || fallback;
  const categoryName = (c: AdminHelpCategory) => nameOf(c.titles, c.key);
  const articleName = (a: AdminHelpArticle) =>
    nameOf(Object.fromEntries(Object.entries(a.texts).map(([code, text]) => [code, text.title])), a.key);
  const ownNames = t('helpCentre.languageNames', { returnObjects: true }) as Record<string, string>;
  const languageName = (code: string) => languageLabel(code, i18n.language, ownNames);

  const save = useDecision(
    (value: { kind: 'category' | 'article'; id: number | undefined; body: object; title: string }) => {
      const base = value.kind === 'category' ? '/help/categories' : '/help/articles';
      return value.id === undefined ? adminCall('POST', base, value.body) : adminCall('PUT', `${base}/${value.id}`, value.body);
    },
    (value) => {
      setNotice(t('helpCentre.saved', { title: value.title }));
      setEditing(null);
      setPreviewing(null);
    },
  );
  const toggle = useDecision(
    (value: { kind: 'category' | 'article'; id: number; enable: boolean; title: string }) =>
      adminCall(
        'POST',
        `/help/${value.kind === 'category' ? 'categories' : 'articles'}/${value.id}/${value.enable ? 'enable' : 'disable'}`,
      ),
    (value) => setNotice(t(value.enable ? 'helpCentre.publishedDone' : 'helpCentre.hiddenDone', { title: value.title })),
  );
  const remove = useDecision(
    (value: Removing) => adminCall('DELETE', `/help/${value.kind === 'category' ? 'categories' : 'articles'}/${value.id}`),
    (value) => {
      setNotice(t('helpCentre.deleted', { title: value.title }));
      setRemoving(null);
    },
  );
  const order = useDecision(
    (value: { kind: 'category'; ids: number[] } | { kind: 'article'; categoryId: number; ids: number[] }) =>
      adminCall('PUT', '/help/order', value),
    () => setNotice(t('helpCentre.ordered')),
  );

  const openCategory = (before?: AdminHelpCategory) => {
    save.clearError();
    setProblem(null);
    setLanguage('vi');
    setEditing({
      kind: 'category',
      before,
      form: { key: before?.key ?? '', isEnabled: before?.isEnabled ?? true, titles: { ...(before?.titles ?? {}) } },
      languages: formLanguages(Object.keys(before?.titles ?? {})),
    });
  };
  const openArticle = (categoryId: number, before?: AdminHelpArticle) => {
    save.clearError();
    setProblem(null);
    setPreviewing(null);
    setLanguage('vi');
    setEditing({
      kind: 'article',
      before,
      form: { categoryId, key: before?.key ?? '', isEnabled: before?.isEnabled ?? true, texts: structuredClone(before?.texts ?? {}) },
      languages: formLanguages(Object.keys(before?.texts ?? {})),
    });
  };

  const submit = () => {
    if (!editing) return;
    // A new item goes last; an edited one keeps its place.
    const sorts =
      editing.kind === 'category'
        ? categories.map((c) => c.sort)
        : (categories.find((c) => c.id === editing.form.categoryId)?.articles ?? []).map((a) => a.sort);
    const sort = editing.before?.sort ?? Math.max(0, ...sorts) + 10;
    const checked = editing.kind === 'category' ? categoryBody(editing.form, sort) : articleBody(editing.form, sort);
    if ('problem' in checked)
      return setProblem(t(`helpCentre.problems.${checked.problem}`, { language: languageName(checked.params?.language ?? '') }));
    setProblem(null);
    const title =
      editing.kind === 'category'
        ? nameOf(editing.form.titles, editing.form.key)
        : nameOf(Object.fromEntries(Object.entries(editing.form.texts).map(([code, text]) => [code, text.title])), editing.form.key);
    return save.run({ kind: editing.kind, id: editing.before?.id, body: checked.body, title });
  };

  const showPreview = async (title: string, texts: Texts, isStored: boolean) => {
    setPreviewError(null);
    const first = Object.keys(texts)[0] ?? 'vi';
    setPreviewLanguage(Object.hasOwn(texts, i18n.language) ? i18n.language : first);
    if (isStored) return setPreviewing({ title, texts });
    try {
      const cleaned = await adminCall<{ texts: Texts }>('POST', '/help/articles/preview', { texts });
      setPreviewing({ title, texts: cleaned.texts });
    } catch (failure) {
      setPreviewError(errorText(failure));
    }
  };

  const addLanguage = () => {
    if (!editing) return;
    const code = newLanguage;
    if (!(SITE_LANGUAGE_CODES as readonly string[]).includes(code)) return setProblem(t('helpCentre.problems.languageCode'));
    if (editing.languages.includes(code)) return setProblem(t('helpCentre.problems.languageTaken'));
    setProblem(null);
    setNewLanguage('');
    setLanguage(code);
    setEditing({ ...editing, languages: [...editing.languages, code] } as Editing);
  };

  const stateBadge = (isEnabled: boolean) => (
    <span className={`badge${isEnabled ? ' badge--ok' : ' badge--warn'}`}>
      {t(isEnabled ? 'helpCentre.state.published' : 'helpCentre.state.hidden')}
    </span>
  );
  const orderButtons = (title: string, ids: number[], id: number, send: (next: number[]) => void) =>
    mayWrite ? (
      <span className="order-buttons">
        <button
          type="button"
          className="button"
          aria-label={t('helpCentre.moveUp', { title })}
          disabled={order.isPending || ids[0] === id}
          onClick={() => send(moved(ids, id, -1))}
        >
          ↑
        </button>
        <button
          type="button"
          className="button"
          aria-label={t('helpCentre.moveDown', { title })}
          disabled={order.isPending || ids[ids.length - 1] === id}
          onClick={() => send(moved(ids, id, 1))}
        >
          ↓
        </button>
      </span>
    ) : null;
  const toggleButton = (kind: 'category' | 'article', id: number, isEnabled: boolean, title: string) => (
    <button
      type="button"
      className="button"
      disabled={toggle.isPending}
      onClick={() => toggle.run({ kind, id, enable: !isEnabled, title })}
    >
      {t(isEnabled ? 'helpCentre.unpublish' : 'helpCentre.publish')}
    </button>
  );
  const deleteButton = (kind: 'category' | 'article', id: number, title: string) => (
    <button
      type="button"
      className="button button--danger"
      onClick={() => {
        remove.clearError();
        setRemoving({ kind, id, title });
      }}
    >
      {t('helpCentre.delete')}
    </button>
  );

  const articleColumns = (category: AdminHelpCategory): Column<AdminHelpArticle>[] => {
    const ids = category.articles.map((a) => a.id);
    return [
      {
        key: 'order',
        header: '#',
        cell: (a) =>
          orderButtons(articleName(a), ids, a.id, (next) => order.run({ kind: 'article', categoryId: category.id, ids: next })) ??
          ids.indexOf(a.id) + 1,
      },
      {
        key: 'title',
        header: t('helpCentre.articles'),
        className: 'text',
        // The key and the last change under the title keep the table narrow enough for a tablet.
        cell: (a) => (
          <>
            {articleName(a)}
            <br />
            <span className="muted">
              {t('helpCentre.key')}: {a.key} · {t('helpCentre.updated')} {dateTime(a.updatedAt, i18n.language)}
            </span>
          </>
        ),
      },
      { key: 'languages', header: t('helpCentre.languages'), cell: (a) => Object.keys(a.texts).sort().join(', ') },
      { key: 'state', header: t('common.status'), cell: (a) => stateBadge(a.isEnabled) },
      {
        key: 'actions',
        header: t('common.actions'),
        actions: true,
        cell: (a) => (
          <>
            <button type="button" className="button" onClick={() => void showPreview(articleName(a), a.texts, true)}>
              {t('helpCentre.preview')}
            </button>
            {mayWrite ? (
              <>
                <button type="button" className="button" onClick={() => openArticle(category.id, a)}>
                  {t('helpCentre.edit')}
                </button>
                {toggleButton('article', a.id, a.isEnabled, articleName(a))}
                {deleteButton('article', a.id, articleName(a))}
              </>
            ) : null}
          </>
        ),
      },
    ];
  };

  const categoryIds = categories.map((c) => c.id);
  const setForm = (change: Partial<CategoryForm> | Partial<ArticleForm>) =>
    setEditing((current) => (current ? ({ ...current, form: { ...current.form, ...change } } as Editing) : current));

  return (
    <section className="section" aria-labelledby="help-title">
      <header className="section__head">
        <h1 id="help-title">{t('helpCentre.title')}</h1>
        {mayWrite ? (
          <button type="button" className="button button--primary" onClick={() => openCategory()}>
            {t('helpCentre.addCategory')}
          </button>
        ) : null}
      </header>
      <p className="muted">{t('helpCentre.intro')}</p>
      <Notice text={notice} />
      {toggle.error || order.error || previewError ? (
        <p className="alert alert--error" role="alert">
          {toggle.error ?? order.error ?? previewError}
        </p>
      ) : null}
      <QueueState
        isLoading={tree.isLoading}
        error={tree.error}
        isEmpty={categories.length === 0}
        emptyText={t('helpCentre.empty')}
        onRetry={() => void tree.refetch()}
      >
        {categories.map((category) => (
          <article key={category.id} className="card help-category" data-testid={`help-category-${category.key}`}>
            <header className="section__head">
              <h2>
                {categoryName(category)} <span className="muted">({category.key})</span> {stateBadge(category.isEnabled)}
              </h2>
              <div className="actions">
                {orderButtons(categoryName(category), categoryIds, category.id, (next) => order.run({ kind: 'category', ids: next }))}
                {mayWrite ? (
                  <>
                    <button type="button" className="button" onClick={() => openArticle(category.id)}>
                      {t('helpCentre.addArticle')}
                    </button>
                    <button type="button" className="button" onClick={() => openCategory(category)}>
                      {t('helpCentre.edit')}
                    </button>
                    {toggleButton('category', category.id, category.isEnabled, categoryName(category))}
                    {deleteButton('category', category.id, categoryName(category))}
                  </>
                ) : null}
              </div>
            </header>
            <p className="muted">
              {t('helpCentre.languages')}: {Object.keys(category.titles).sort().join(', ')}
            </p>
            {category.articles.length === 0 ? (
              <p className="empty">{t('helpCentre.noArticles')}</p>
            ) : (
              <DataTable
                columns={articleColumns(category)}
                rows={category.articles}
                rowKey={(a) => a.id}
                rowTestId={(a) => `help-article-${a.key}`}
              />
            )}
          </article>
        ))}
      </QueueState>

      {editing ? (
        <DecisionDialog
          title={
            editing.kind === 'category'
              ? editing.before
                ? t('helpCentre.editCategory', { title: categoryName(editing.before) })
                : t('helpCentre.newCategory')
              : editing.before
                ? t('helpCentre.editArticle', { title: articleName(editing.before) })
                : t('helpCentre.newArticle', {
                    category: nameOf(categories.find((c) => c.id === editing.form.categoryId)?.titles ?? {}, ''),
                  })
          }
          hint={t('helpCentre.formHint')}
          submitLabel={t('helpCentre.save')}
          error={problem ?? save.error ?? (editing.kind === 'article' ? previewError : null)}
          isPending={save.isPending}
          onSubmit={submit}
          onClose={() => {
            setEditing(null);
            setPreviewing(null);
          }}
        >
          {editing.kind === 'article' ? (
            <label className="field">
              {t('helpCentre.category')}
              <select
                name="categoryId"
                value={editing.form.categoryId}
                onChange={(event) => setForm({ categoryId: Number(event.target.value) })}
              >
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {categoryName(c)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="field">
            {t('helpCentre.key')}
            <input name="key" value={editing.form.key} onChange={(event) => setForm({ key: event.target.value })} />
          </label>
          <label className="check">
            <input type="checkbox" checked={editing.form.isEnabled} onChange={(event) => setForm({ isEnabled: event.target.checked })} />{' '}
            {t('helpCentre.published')}
          </label>
          <Tabs tabs={editing.languages} value={language} label={languageName} onChange={setLanguage} />
          {editing.kind === 'category' ? (
            <label className="field">
              {t('helpCentre.titleIn', { language: languageName(language) })}
              <input
                name={`title-${language}`}
                maxLength={TITLE_MAX}
                value={editing.form.titles[language] ?? ''}
                onChange={(event) => setForm({ titles: { ...editing.form.titles, [language]: event.target.value } })}
              />
            </label>
          ) : (
            <>
              <label className="field">
                {t('helpCentre.titleIn', { language: languageName(language) })}
                <input
                  name={`title-${language}`}
                  maxLength={TITLE_MAX}
                  value={editing.form.texts[language]?.title ?? ''}
                  onChange={(event) =>
                    setForm({
                      texts: {
                        ...editing.form.texts,
                        [language]: { body: editing.form.texts[language]?.body ?? '', title: event.target.value },
                      },
                    })
                  }
                />
              </label>
              <label className="field">
                {t('helpCentre.bodyIn', { language: languageName(language) })}
                <textarea
                  name={`body-${language}`}
                  rows={8}
                  value={editing.form.texts[language]?.body ?? ''}
                  onChange={(event) =>
                    setForm({
                      texts: {
                        ...editing.form.texts,
                        [language]: { title: editing.form.texts[language]?.title ?? '', body: event.target.value },
                      },
                    })
                  }
                />
              </label>
            </>
          )}
          <div className="filters">
            <label>
              {t('helpCentre.languageCode')}
              <select name="newLanguage" value={newLanguage} onChange={(event) => setNewLanguage(event.target.value)}>
                <option value="">—</option>
                {SITE_LANGUAGE_CODES.filter((code: SiteLanguageCode) => !editing.languages.includes(code)).map((code) => (
                  <option key={code} value={code}>
                    {languageName(code)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="button" onClick={addLanguage}>
              {t('helpCentre.addLanguage')}
            </button>
            {editing.kind === 'article' ? (
              <button
                type="button"
                className="button"
                onClick={() => {
                  const checked = articleBody(editing.form, 0);
                  if ('problem' in checked)
                    return setProblem(
                      t(`helpCentre.problems.${checked.problem}`, { language: languageName(checked.params?.language ?? '') }),
                    );
                  setProblem(null);
                  return void showPreview(editing.form.key, checked.body.texts, false);
                }}
              >
                {t('helpCentre.previewRefresh')}
              </button>
            ) : null}
          </div>
          {previewing && editing.kind === 'article' ? (
            <Preview previewing={previewing} language={previewLanguage} onLanguage={setPreviewLanguage} />
          ) : null}
        </DecisionDialog>
      ) : null}

      {previewing && !editing ? (
        <DecisionDialog
          title={t('helpCentre.previewTitle', { title: previewing.title })}
          hint={t('helpCentre.previewHint')}
          submitLabel={t('helpCentre.close')}
          error={null}
          isPending={false}
          canSubmit={false}
          onSubmit={() => setPreviewing(null)}
          onClose={() => setPreviewing(null)}
        >
          <Preview previewing={previewing} language={previewLanguage} onLanguage={setPreviewLanguage} />
        </DecisionDialog>
      ) : null}

      {removing ? (
        <ReasonDialog
          title={t(removing.kind === 'category' ? 'helpCentre.deleteCategoryTitle' : 'helpCentre.deleteArticleTitle', {
            title: removing.title,
          })}
          hint={t(removing.kind === 'category' ? 'helpCentre.deleteCategoryHint' : 'helpCentre.deleteArticleHint')}
          submitLabel={t('helpCentre.delete')}
          tone="danger"
          decision={remove}
          onConfirm={() => remove.run(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}

/** An article's cleaned texts as the site shows them, one language at a time. */
function Preview({
  previewing,
  language,
  onLanguage,
}: {
  previewing: { title: string; texts: Texts };
  language: string;
  onLanguage: (language: string) => void;
}) {
  const { t } = useTranslation();
  const languages = Object.keys(previewing.texts);
  const text = previewing.texts[language] ?? previewing.texts[languages[0] ?? ''];
  return (
    <div className="help-preview" data-testid="help-preview">
      {languages.length > 1 ? (
        <Tabs
          tabs={languages}
          value={language}
          label={(code) => t(`helpCentre.languageNames.${code}`, { defaultValue: code })}
          onChange={onLanguage}
        />
      ) : null}
      {text ? (
        <>
          <h3>{text.title}</h3>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server cleaned these texts with the site's allow-list (content.sanitize.ts), as it stores them. */}
          <div className="help-preview__body" dangerouslySetInnerHTML={{ __html: text.body }} />
        </>
      ) : null}
    </div>
  );
}
