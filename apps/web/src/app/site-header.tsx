import { BrandLogo } from '../components/brand-logo.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="site-header__home" href="/index">
          <BrandLogo />
        </a>
        <LanguageSwitch />
      </div>
    </header>
  );
}
