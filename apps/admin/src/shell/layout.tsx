import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { signOut } from '../api/login.ts';
import type { Operator } from '../api/session-store.ts';
import { type SectionKey, sectionsFor } from '../lib/sections.ts';
import { LanguageSwitch, ThemeSwitch } from './preferences.tsx';

/** How many items wait in a section's queue, read again every minute (one small call per section). */
function QueueCount({ sectionKey, count }: { sectionKey: SectionKey; count: () => Promise<number> }) {
  const { t } = useTranslation();
  const waiting = useQuery({ queryKey: ['counts', sectionKey], queryFn: count, refetchInterval: 60_000 });
  if (waiting.data === undefined || waiting.data === 0) return null;
  return (
    <span className="count" data-testid={`count-${sectionKey}`} title={t('nav.waiting', { count: waiting.data })}>
      {waiting.data}
    </span>
  );
}

/** The console's frame: side navigation (a menu at tablet width and below), the operator, language and theme. */
export function Layout({ operator, children }: { operator: Operator; children: ReactNode }) {
  const { t } = useTranslation();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const sections = sectionsFor(operator);
  return (
    <div className={`layout${isMenuOpen ? ' layout--menu-open' : ''}`}>
      <a className="skip-link" href="#content">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <button
          type="button"
          className="button menu-toggle"
          aria-expanded={isMenuOpen}
          aria-controls="side-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t('nav.menu')}
        </button>
        <strong className="topbar__title">{t('app.title')}</strong>
        <div className="topbar__tools">
          <span className="operator" data-testid="operator">
            {operator.username} · <span className="muted">{t(`role.${operator.role}`)}</span>
          </span>
          <LanguageSwitch />
          <ThemeSwitch />
          <button type="button" className="button" onClick={() => void signOut()}>
            {t('shell.signOut')}
          </button>
        </div>
      </header>
      <nav id="side-nav" className="sidenav" aria-label={t('nav.menu')}>
        <ul>
          <li>
            <NavLink to="/" end onClick={() => setMenuOpen(false)}>
              {t('nav.home')}
            </NavLink>
          </li>
          {sections.map((section) => (
            <li key={section.key}>
              <NavLink to={`/${section.path}`} onClick={() => setMenuOpen(false)}>
                <span>{t(`nav.${section.key}`)}</span>
                {section.count ? <QueueCount sectionKey={section.key} count={section.count} /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="content" className="content">
        {children}
      </main>
    </div>
  );
}

export function Overview({ operator }: { operator: Operator }) {
  const { t } = useTranslation();
  const sections = sectionsFor(operator);
  return (
    <section className="section">
      <h1>{t('nav.home')}</h1>
      <p className="muted">{sections.length > 0 ? t('shell.overview') : t('shell.noSections')}</p>
      <ul className="tiles">
        {sections.map((section) => (
          <li key={section.key}>
            <NavLink to={`/${section.path}`} className="tile">
              <span>{t(`nav.${section.key}`)}</span>
              {section.count ? <QueueCount sectionKey={section.key} count={section.count} /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
