import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A page's heading with its breadcrumb trail back home. */
export function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <nav className="breadcrumbs" aria-label={t('nav.breadcrumbs')}>
        <ol className="breadcrumbs__list">
          <li>
            <Link to="/index">{t('nav.home')}</Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <h1 className="page__title">{title}</h1>
      {children}
    </div>
  );
}
