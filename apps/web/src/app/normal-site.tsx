import { useTranslation } from 'react-i18next';
import { SiteHeader } from './site-header.tsx';

const CATEGORIES = ['live', 'rng', 'fish', 'pvp', 'sports', 'esports', 'lottery'] as const;

/** Status 0: the site's frame. The home page's sections are composed into `main` by their features. */
export function NormalSite() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="site-main">
        <section className="hero" aria-labelledby="hero-title">
          <h1 id="hero-title" className="hero__title">
            {t('home.welcomeTitle')}
          </h1>
          <p className="hero__text">{t('home.welcomeText')}</p>
        </section>
        <section className="categories" aria-labelledby="categories-title">
          <h2 id="categories-title" className="categories__title">
            {t('home.categoriesTitle')}
          </h2>
          <ul className="categories__list">
            {CATEGORIES.map((category) => (
              <li key={category} className={`category category--${category}`}>
                {t(`home.categories.${category}`)}
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="site-footer">
        <p className="site-footer__badge">18+</p>
        <p>{t('footer.responsibleGaming')}</p>
        <p className="site-footer__rights">
          © {year} Lotus. {t('footer.rights')}
        </p>
      </footer>
    </div>
  );
}
