import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage, initI18n } from '../i18n/i18n.ts';

/*
 * The console project's set-up (vitest.config.ts): the three languages loaded synchronously in
 * Vietnamese, and a clean page, session, storage and `fetch` after every test.
 */
await initI18n('vi');

afterEach(() => {
  cleanup();
  setSession(null);
  changeLanguage('vi');
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
