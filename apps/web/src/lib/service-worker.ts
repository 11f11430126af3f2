/** Where the service worker is served (public/sw.js): at the root, so its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the site's service worker (public/sw.js) once the page has loaded and the browser is
 * next idle (within five seconds), in a production build only (the development server has no
 * offline page to serve). It makes the site installable and shows an offline page when a page
 * cannot be reached; it never answers API calls from a cache.
 * A browser without service workers, or one that refuses it (a private window), keeps the site as is.
 */
export function registerServiceWorker(win: Window = window, isProduction: boolean = import.meta.env.PROD): void {
  if (!isProduction || !('serviceWorker' in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // Nothing to tell the member: the site works the same without it.
    });
  };
  // Its registration and install fetch and cache files: kept off the app's first drawing, which runs
  // right after the load, so a phone's main thread and connection serve the page first.
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(register, { timeout: 5000 });
    else win.setTimeout(register, 1000);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
