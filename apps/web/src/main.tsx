import './lib/zod-jitless.ts';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './i18n/i18n.ts';
import { captureInstallPrompt } from './lib/install-prompt.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { applyTheme, readStoredTheme } from './lib/theme.ts';
import './styles/theme.css';
import './styles/base.css';
import './styles/components.css';
import './styles/shell.css';
import './styles/app-shell.css';

async function start(): Promise<void> {
  applyTheme(readStoredTheme());
  await initI18n();
  const root = document.getElementById('root');
  // The first render is a transition: React draws it in slices and lets the browser answer input in
  // between, instead of one long task while the page's first view is already on screen.
  if (root) {
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(<App />));
  }
  registerServiceWorker();
}

captureInstallPrompt();

void start();
