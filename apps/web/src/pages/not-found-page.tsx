import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('notFound.title')}>
      <section className="coming-soon">
        <p className="coming-soon__text">{t('notFound.text')}</p>
        <Link className="button button--primary" to="/index">
          {t('comingSoon.backHome')}
        </Link>
      </section>
    </PageFrame>
  );
}
