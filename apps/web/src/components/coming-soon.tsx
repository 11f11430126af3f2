import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from './icon.tsx';

/** What a page shows until its content is built: an honest notice and a way back. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <Icon name="hourglass" className="coming-soon__icon" />
      <h2 id="coming-soon-title" className="coming-soon__title">
        {t('comingSoon.title')}
      </h2>
      <p className="coming-soon__text">{t('comingSoon.text')}</p>
      <Link className="button button--primary" to="/index">
        {t('comingSoon.backHome')}
      </Link>
    </section>
  );
}
