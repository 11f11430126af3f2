// Runs before the first paint (a blocking script in <head>), so a dark-theme visitor never sees a
// light flash. It is a file rather than inline code because the site's policy allows only its own scripts.
(() => {
  try {
    document.documentElement.dataset.theme = window.localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
    const lang = (window.localStorage.getItem('lang') || '').toLowerCase();
    if (/^[a-z]{2}$/.test(lang)) document.documentElement.lang = lang;
    // Arabic, Persian and Urdu read right to left: the page is mirrored from the first paint.
    if (lang === 'ar' || lang === 'fa' || lang === 'ur') document.documentElement.dir = 'rtl';
  } catch (_) {
    // Storage refused: the light default in the markup stays.
  }
})();
