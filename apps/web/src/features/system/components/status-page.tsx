import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';

/** The frame shared by the maintenance and block pages: brand, language, one card. */
export function StatusPage({ icon, tone, children }: { icon: ReactNode; tone: 'maintenance' | 'blocked'; children: ReactNode }) {
  return (
    <div className="status-page">
      <header className="status-page__bar">
        <BrandLogo />
        <LanguageSwitch />
      </header>
      <main className="status-page__main">
        <section className={`status-card status-card--${tone}`}>
          <div className="status-card__icon" aria-hidden="true">
            {icon}
          </div>
          {children}
        </section>
      </main>
    </div>
  );
}
