// Starts the app after the page's first view has loaded (docs/web-shell.md, "First paint"). The server
// puts a skeleton of the page, and on home the banner's picture, inside the page; its styles and
// picture load first, with the whole connection, and the app's code is asked for once they are in (the
// window's load event) or after three seconds, whichever comes first, so a slow picture never holds
// the app back. The build writes the app's entry and its modules into this tag's data attributes.
// It is a file rather than inline code because the site's policy allows only its own scripts.
(() => {
  const tag = document.currentScript;
  const entry = tag?.dataset.entry;
  if (!entry) return;
  const modules = (tag.dataset.modules || '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // Each module preload costs the main thread a request's set-up; a few per task keeps every task
    // short (a phone's main thread stays free for input), and the entry is asked for after the last.
    const batch = () => {
      const links = document.createDocumentFragment();
      for (const href of modules.splice(0, 2)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        links.append(link);
      }
      document.head.append(links);
      if (modules.length > 0) window.setTimeout(batch, 0);
      else import(entry);
    };
    batch();
  };
  if (document.readyState === 'complete') start();
  else {
    window.addEventListener('load', start, { once: true });
    window.setTimeout(start, 3000);
  }
})();
