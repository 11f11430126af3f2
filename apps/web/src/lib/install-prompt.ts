import { useSyncExternalStore } from 'react';

/** Chrome's and Edge's offer to install the site as an app (not in TypeScript's DOM types yet). */
type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: InstallPromptEvent | null = null;
let isInstalled = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install offer for the download page's "Install" button. Called once at start:
 * the offer comes early, before the page that uses it has loaded.
 */
export function captureInstallPrompt(win: Window = window): void {
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  win.addEventListener('appinstalled', () => {
    deferred = null;
    isInstalled = true;
    changed();
  });
}

/** Whether the site runs as an installed app now (opened from the home screen). */
function isStandalone(): boolean {
  const nav = window.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

type InstallState = { canInstall: boolean; isInstalled: boolean };
let snapshot: InstallState = { canInstall: false, isInstalled: false };

function read(): InstallState {
  const next = { canInstall: deferred !== null, isInstalled: isInstalled || isStandalone() };
  if (next.canInstall !== snapshot.canInstall || next.isInstalled !== snapshot.isInstalled) snapshot = next;
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser's install offer, if it made one, and whether the site is installed already. */
export function useInstallPrompt(): InstallState & { install: () => Promise<boolean> } {
  const state = useSyncExternalStore(subscribe, read, read);
  const install = async () => {
    const event = deferred;
    if (!event) return false;
    deferred = null;
    await event.prompt();
    const { outcome } = await event.userChoice;
    changed();
    return outcome === 'accepted';
  };
  return { ...state, install };
}
