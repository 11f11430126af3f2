import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_URL } from './service-worker.ts';

/** A window with a service-worker container and a page that has or has not finished loading. */
function fakeWindow(readyState: DocumentReadyState, hasServiceWorker = true) {
  const register = vi.fn(async () => ({}));
  const listeners = new Map<string, () => void>();
  const win = {
    navigator: hasServiceWorker ? { serviceWorker: { register } } : {},
    document: { readyState },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  } as unknown as Window;
  return { win, register, fire: (type: string) => listeners.get(type)?.() };
}

describe('registerServiceWorker', () => {
  it('registers the root service worker once the page has loaded, in a production build', () => {
    const { win, register, fire } = fakeWindow('interactive');
    registerServiceWorker(win, true);
    expect(register).not.toHaveBeenCalled();
    fire('load');
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('registers at once when the page has already loaded', () => {
    const { win, register } = fakeWindow('complete');
    registerServiceWorker(win, true);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing in development or without service workers', () => {
    const dev = fakeWindow('complete');
    registerServiceWorker(dev.win, false);
    expect(dev.register).not.toHaveBeenCalled();
    const old = fakeWindow('complete', false);
    expect(() => registerServiceWorker(old.win, true)).not.toThrow();
  });
});
