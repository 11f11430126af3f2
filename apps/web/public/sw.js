// The site's service worker (registered by src/lib/service-worker.ts): it makes the site installable
// as an app ("iOS lite" and Android's add to home screen) and shows a small offline page when a page
// cannot be reached. It never answers an API call, a balance or any money data from a cache: only
// page loads that fail and the offline page's own files are handled; everything else goes to the
// network untouched. Change OFFLINE_CACHE's version when the offline files change.
const OFFLINE_CACHE = 'lotus-offline-v1';
const OFFLINE_PAGE = '/offline.html';
const OFFLINE_FILES = [OFFLINE_PAGE, '/offline.css', '/theme-init.js', '/icons/icon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== OFFLINE_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // The network always; the offline page only when it cannot be reached.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE)));
    return;
  }
  if (OFFLINE_FILES.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
  }
});
