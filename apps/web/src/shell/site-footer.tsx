import type { VendorCard } from '@platform/contracts/games';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findResource, findResources, useGameMenus, usePermission } from '../api/home-queries.ts';
import { Icon } from '../components/icon.tsx';
import { LazyVendorLogo } from '../components/lazy-vendor-logo.tsx';
import { useShellHomeTranslation } from '../i18n/shell-home/register-translations.ts';
import { vendorPath } from './vendor-menu.tsx';
import './site-footer.css';

/** The spec's footer links; the texts behind them live in the help centre, by topic. */
const FOOTER_LINKS = [
  { key: 'about', to: '/help?topic=about' },
  { key: 'contact', to: '/help?topic=contact' },
  { key: 'terms', to: '/help?topic=terms' },
  { key: 'responsible', to: '/help?topic=responsible' },
  { key: 'privacy', to: '/help?topic=privacy' },
  { key: 'affiliates', to: '/join' },
  { key: 'refund', to: '/help?topic=refund' },
] as const;

/** Social resources the footer links to, when the operator has them. */
const SOCIAL_TYPES = ['TELEGRAM', 'FACEBOOK', 'SIGNAL'] as const;

/** Spec section 9: the vendor slider shows 9 slides with 30 px between them. */
export const VENDOR_SLIDES = 9;

/** Every vendor of the header menus once, in menu order. */
function uniqueVendors(menus: readonly { vendors: readonly VendorCard[] }[] | undefined): VendorCard[] {
  const seen = new Set<string>();
  const vendors: VendorCard[] = [];
  for (const menu of menus ?? []) {
    for (const vendor of menu.vendors) {
      if (seen.has(vendor.vassalage)) continue;
      seen.add(vendor.vassalage);
      vendors.push(vendor);
    }
  }
  return vendors;
}

function VendorSlider() {
  const { t } = useShellHomeTranslation();
  const menus = useGameMenus();
  const trackRef = useRef<HTMLUListElement>(null);
  const vendors = uniqueVendors(menus.data);
  if (vendors.length === 0) return null;
  const hasArrows = vendors.length > VENDOR_SLIDES;
  const scroll = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    const sign = document.documentElement.dir === 'rtl' ? -1 : 1;
    track.scrollBy({ left: direction * sign * track.clientWidth, behavior: 'smooth' });
  };
  return (
    <section className="footer-vendors" aria-labelledby="footer-vendors-title">
      <h2 id="footer-vendors-title" className="footer-vendors__title">
        {t('footer.vendors')}
      </h2>
      <div className="footer-vendors__row">
        {hasArrows && (
          <button type="button" className="footer-vendors__arrow" aria-label={t('footer.previous')} onClick={() => scroll(-1)}>
            <Icon name="chevronLeft" />
          </button>
        )}
        <ul ref={trackRef} className="footer-vendors__track">
          {vendors.map((vendor) => (
            <li key={vendor.vassalage} className="footer-vendors__slide">
              <Link className="footer-vendors__link" to={vendorPath(vendor.gameType, vendor.vassalage)} title={vendor.displayName}>
                {vendor.logoUrl ? (
                  <img
                    className="footer-vendors__logo"
                    src={vendor.logoUrl}
                    alt={vendor.displayName}
                    width={96}
                    height={40}
                    loading="lazy"
                  />
                ) : (
                  <span className="footer-vendors__logo footer-vendors__logo--text">
                    <LazyVendorLogo code={vendor.vassalage} name={vendor.displayName} />
                    <span>{vendor.displayName}</span>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
        {hasArrows && (
          <button type="button" className="footer-vendors__arrow" aria-label={t('footer.next')} onClick={() => scroll(1)}>
            <Icon name="chevronRight" />
          </button>
        )}
      </div>
    </section>
  );
}

/** Links, the vendor slider, licences, app shortcuts and social links (each only when the operator has it). */
export function SiteFooter() {
  const { t } = useTranslation();
  const { t: th } = useShellHomeTranslation();
  const permission = usePermission();
  const year = new Date().getFullYear();
  const licences = [...findResources(permission.data, 'LICENSE'), ...findResources(permission.data, 'LICENCE')];
  const ios = findResource(permission.data, 'IOS');
  const android = findResource(permission.data, 'ANDROID');
  const socials = SOCIAL_TYPES.map((type) => ({ type, resource: findResource(permission.data, type) })).filter((s) => s.resource);
  return (
    <footer className="site-footer">
      <VendorSlider />
      <nav className="site-footer__links" aria-label={t('nav.footer')}>
        {FOOTER_LINKS.map((link) => (
          <Link key={link.key} to={link.to}>
            {th(`footer.${link.key}`)}
          </Link>
        ))}
        <Link to="/help">{t('pages.help')}</Link>
        <Link to="/download">{t('nav.download')}</Link>
        <Link to="/news">{t('pages.news')}</Link>
        <Link to="/noticePage">{t('pages.noticePage')}</Link>
        <Link to="/winners">{t('pages.winners')}</Link>
        <Link to="/deposit-rank">{t('pages.depositRank')}</Link>
        <Link to="/bet-rank">{t('pages.betRank')}</Link>
      </nav>
      {(ios || android) && (
        <div className="site-footer__group">
          <h2 className="site-footer__heading">{th('footer.apps')}</h2>
          <ul className="site-footer__apps">
            {ios && (
              <li>
                <a className="button button--ghost" href={ios.url} target="_blank" rel="noopener noreferrer">
                  {th('footer.ios')}
                </a>
              </li>
            )}
            {android && (
              <li>
                <a className="button button--ghost" href={android.url} target="_blank" rel="noopener noreferrer">
                  {th('footer.android')}
                </a>
              </li>
            )}
          </ul>
        </div>
      )}
      {socials.length > 0 && (
        <div className="site-footer__group">
          <h2 className="site-footer__heading">{th('footer.social')}</h2>
          <ul className="site-footer__apps">
            {socials.map(({ type, resource }) => (
              <li key={type}>
                <a href={resource?.url} target="_blank" rel="noopener noreferrer">
                  {resource?.labelNameEn || type}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {licences.length > 0 && (
        <div className="site-footer__group">
          <h2 className="site-footer__heading">{th('footer.licences')}</h2>
          <ul className="site-footer__licences">
            {licences.map((licence) => (
              <li key={licence.url}>
                <img src={licence.qrCodeUrl || licence.url} alt={licence.labelNameEn} height={40} loading="lazy" />
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="site-footer__badge">18+</p>
      <p>{t('footer.responsibleGaming')}</p>
      <p className="site-footer__rights">
        © {year} Lotus. {t('footer.rights')}
      </p>
    </footer>
  );
}
