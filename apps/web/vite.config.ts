import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The page's stylesheet is asked for before the app's code: the first view (the skeleton the server
 * puts in the page) paints as soon as the styles arrive, so they must not queue behind the modules.
 */
function stylesFirst(): Plugin {
  return {
    name: 'styles-first',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const styles = html.match(/^\s*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
        if (styles.length === 0 || !html.includes('    <script type="module"')) return html;
        const rest = styles.reduce((page, link) => page.replace(link, ''), html);
        const at = rest.indexOf('    <script type="module"');
        return `${rest.slice(0, at)}${styles.map((link) => `    ${link.trim()}\n`).join('')}${rest.slice(at)}`;
      },
    },
  };
}

/**
 * The app's code is asked for after the page's first view has loaded (public/app-boot.js): the build's
 * module tag and module preloads become one deferred tag naming them.
 */
function bootAfterFirstView(): Plugin {
  return {
    name: 'boot-after-first-view',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = html.match(/^\s*<script type="module" crossorigin src="([^"]+)"><\/script>\n/m);
        if (!entry) return html;
        const preloads = [...html.matchAll(/^\s*<link rel="modulepreload" crossorigin href="([^"]+)">\n/gm)];
        let page = html.replace(entry[0], '');
        for (const preload of preloads) page = page.replace(preload[0], '');
        const modules = preloads.map((preload) => preload[1]).join(' ');
        const tag = `    <script defer src="/app-boot.js" data-entry="${entry[1]}" data-modules="${modules}"></script>\n`;
        return page.replace('  </head>', `${tag}  </head>`);
      },
    },
  };
}

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Every module the entry reaches through static imports loads on every page, so they share one chunk
 * instead of the two dozen the automatic splitting makes of them (one per set of lazy pages that
 * shares a module). Each request costs the main thread its set-up; the bytes are the same.
 */
function firstLoadChunk(): (id: string, graph: ModuleGraph) => string | null {
  let firstLoad: Set<string> | undefined;
  return (id, graph) => {
    if (!firstLoad) {
      firstLoad = new Set();
      const queue = [decodeURIComponent(new URL('./src/main.tsx', import.meta.url).pathname)];
      while (queue.length > 0) {
        const next = queue.pop() as string;
        if (firstLoad.has(next)) continue;
        firstLoad.add(next);
        queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return firstLoad.has(id) ? 'app' : null;
  };
}

export default defineConfig({
  plugins: [
    react(),
    stylesFirst(),
    bootAfterFirstView(),
    // Brotli and gzip copies next to every text file of the build; the server sends the one the
    // browser accepts (`preCompressed`), so no request pays for compression.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, include: /\.(js|css|html|svg|json|txt|webmanifest)$/ }),
  ],
  server: {
    proxy: {
      '/wps': 'http://localhost:8080',
      '/lgw': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    manifest: true,
    // A lazy page's own modules are found by the browser from the page's chunk; listing them as
    // preloads cost the main thread a request's set-up each, all in one task when the page opens.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: { output: { codeSplitting: { groups: [{ debugName: 'first load', name: firstLoadChunk() }] } } },
  },
});
