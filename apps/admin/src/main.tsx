import './lib/zod-jitless.ts';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, createQueryClient } from './app.tsx';
import { initI18n } from './i18n/i18n.ts';
import { applyTheme, initialTheme } from './lib/theme.ts';

applyTheme(initialTheme());
await initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter basename="/admin">
      <App client={createQueryClient()} />
    </BrowserRouter>
  </StrictMode>,
);
