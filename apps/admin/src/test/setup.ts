import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage, initI18n } from '../i18n/i18n.ts';

/*
 * The console project's set-up (vitest.config.ts): the three languages loaded synchronously in
 * Vietnamese, and a clean page, session, storage and `fetch` after every test.
 */
await initI18n('vi', ['vi', 'en', 'zh']);

// A screen's lazy chunk can take seconds to load while the server suites share the two cores:
// `findBy…` waits for it as long as it needs (a passing test waits no longer than before).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  setSession(null);
  changeLanguage('vi');
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
