// Runs before the first paint (a blocking script in <head>), so a dark-theme visitor never sees a
// light flash. It is a file rather than inline code because the site's policy allows only its own scripts.
(() => {
  try {
    document.documentElement.dataset.theme = window.localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
    const lang = (window.localStorage.getItem('lang') || '').toLowerCase();
    if (lang === 'en' || lang === 'vi') document.documentElement.lang = lang;
  } catch (_) {
    // Storage refused: the light default in the markup stays.
  }
})();
