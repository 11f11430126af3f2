import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { vi as viTexts } from '../i18n/vi.ts';
import { usePopupStore } from '../state/popup-store.ts';
import { useSessionStore } from '../state/session-store.ts';

/*
 * The web project's one set-up (vitest.config.ts `setupFiles`): the bundled languages loaded
 * synchronously (Vietnamese, the site's default; English fills in, as on the site), and a clean
 * page, storage, cookies, shared stores and `fetch` after every test.
 */
await i18next.use(initReactI18next).init({
  resources: { vi: { translation: viTexts }, en: { translation: en } },
  lng: 'vi',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

afterEach(() => {
  cleanup();
  // The files of a worker share their modules (isolate: false): the shared stores start empty for the next test.
  useSessionStore.getState().signOut();
  usePopupStore.getState().close();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.sessionStorage.clear();
  window.localStorage.clear();
  for (const entry of document.cookie.split('; ')) {
    const name = entry.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: the page's cookies (the remembered username) are cleared between tests.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  document.body.className = '';
});
