import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useHelpCenter } from '../api/help-api.ts';
import { filterHelp, findTopic } from '../help-search.ts';
import { useHelpTranslation } from '../i18n/register-translations.ts';
import { FeedbackForm } from './feedback-form.tsx';
import '../help.css';

/**
 * The help centre: the topics (categories and their articles) with a search box over the titles,
 * the chosen article (`?topic=<key or id>`, so it can be linked), and the feedback form. The same
 * component serves /help in the site's frame and the bare /helpmc.
 */
export function HelpCentre({ isBare = false }: { isBare?: boolean }) {
  const { t, i18n } = useHelpTranslation();
  const centre = useHelpCenter(i18n.language);
  const [params] = useSearchParams();
  const topic = params.get('topic');
  const [query, setQuery] = useState('');
  const searchId = useId();
  const articleHeading = useRef<HTMLHeadingElement>(null);

  const categories = centre.data?.categories ?? [];
  const shown = useMemo(() => filterHelp(categories, query), [categories, query]);
  const article = findTopic(categories, topic);
  const articleCount = shown.reduce((sum, c) => sum + c.articles.length, 0);

  // Choosing another topic takes the focus to its heading, so keyboard and screen-reader users land
  // on it (and a phone scrolls to it). The topic the page opened with keeps the focus where it is.
  const isLoaded = centre.data !== undefined;
  const articleId = article?.id ?? null;
  const shownTopic = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!isLoaded) return;
    if (articleId !== null && shownTopic.current !== undefined && shownTopic.current !== topic) articleHeading.current?.focus();
    shownTopic.current = topic;
  }, [isLoaded, articleId, topic]);

  const topicHref = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('topic', key);
    return `?${next.toString()}`;
  };

  return (
    <div className={`help-centre${isBare ? ' help-centre--bare' : ''}`}>
      {centre.isPending && <p className="help-state">{t('loading')}</p>}
      {centre.isError && (
        <p className="help-state help-state--error" role="alert">
          {t('error')}{' '}
          <button type="button" className="link-button" onClick={() => void centre.refetch()}>
            {t('retry')}
          </button>
        </p>
      )}
      {centre.data && (
        <div className={`help-centre__layout${article ? ' help-centre__layout--reading' : ''}`}>
          <nav id={`${searchId}-topics`} className="help-topics" aria-label={t('topics')}>
            <div className="help-search">
              <label className="form-field__label" htmlFor={searchId}>
                {t('search')}
              </label>
              <input
                id={searchId}
                type="search"
                className="form-field__input"
                value={query}
                placeholder={t('searchPlaceholder')}
                onChange={(event) => setQuery(event.target.value)}
              />
              <p className="visually-hidden" aria-live="polite">
                {query.trim() ? t('results', { count: articleCount }) : ''}
              </p>
            </div>
            {categories.length === 0 && <p className="help-state">{t('empty')}</p>}
            {categories.length > 0 && shown.length === 0 && (
              <p className="help-state">
                {t('noResults', { query: query.trim() })}{' '}
                <button type="button" className="link-button" onClick={() => setQuery('')}>
                  {t('clearSearch')}
                </button>
              </p>
            )}
            {shown.map((category) => (
              <section key={category.id} className="help-topics__group" aria-labelledby={`${searchId}-c${category.id}`}>
                <h2 id={`${searchId}-c${category.id}`} className="help-topics__title">
                  {category.title}
                </h2>
                <ul className="help-topics__list">
                  {category.articles.map((item) => (
                    <li key={item.id}>
                      <Link
                        className="help-topics__link"
                        to={topicHref(item.key)}
                        aria-current={article?.id === item.id ? 'page' : undefined}
                        preventScrollReset
                      >
                        {item.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          <div className="help-centre__reader">
            {article ? (
              <article className="help-article" aria-labelledby={`${searchId}-article`}>
                <h2 id={`${searchId}-article`} className="help-article__title" ref={articleHeading} tabIndex={-1}>
                  {article.title}
                </h2>
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server cleaned this HTML with its allow-list (no scripts, handlers or styles) when it was saved. */}
                <div className="help-article__body" lang={article.language} dangerouslySetInnerHTML={{ __html: article.body }} />
                {/* On a narrow screen the article comes first; this leads back to the list below it. */}
                <a className="help-article__back" href={`#${searchId}-topics`}>
                  {t('backToTopics')}
                </a>
              </article>
            ) : (
              categories.length > 0 && <p className="help-state help-state--panel">{topic ? t('unknownTopic') : t('choose')}</p>
            )}
          </div>
          <div className="help-centre__feedback">
            <FeedbackForm isBare={isBare} />
          </div>
        </div>
      )}
    </div>
  );
}
