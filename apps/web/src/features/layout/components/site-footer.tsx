import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <nav className="site-footer__links" aria-label={t('nav.footer')}>
        <Link to="/help">{t('pages.help')}</Link>
        <Link to="/join">{t('pages.join')}</Link>
        <Link to="/download">{t('nav.download')}</Link>
      </nav>
      <p className="site-footer__badge">18+</p>
      <p>{t('footer.responsibleGaming')}</p>
      <p className="site-footer__rights">
        © {year} Lotus. {t('footer.rights')}
      </p>
    </footer>
  );
}
