import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_URL } from './service-worker.ts';

/** A window with a service-worker container and a page that has or has not finished loading. */
function fakeWindow(readyState: DocumentReadyState, hasServiceWorker = true) {
  const register = vi.fn(async () => ({}));
  const listeners = new Map<string, () => void>();
  const idle: Array<() => void> = [];
  const win = {
    navigator: hasServiceWorker ? { serviceWorker: { register } } : {},
    document: { readyState },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
  } as unknown as Window;
  const runIdle = () => {
    for (const callback of idle.splice(0)) callback();
  };
  return { win, register, runIdle, fire: (type: string) => listeners.get(type)?.() };
}

describe('registerServiceWorker', () => {
  it('registers the root service worker once the page has loaded and the browser is idle, in a production build', () => {
    const { win, register, fire, runIdle } = fakeWindow('interactive');
    registerServiceWorker(win, true);
    expect(register).not.toHaveBeenCalled();
    fire('load');
    expect(register).not.toHaveBeenCalled();
    runIdle();
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('registers at the next idle moment when the page has already loaded', () => {
    const { win, register, runIdle } = fakeWindow('complete');
    registerServiceWorker(win, true);
    expect(register).not.toHaveBeenCalled();
    runIdle();
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
