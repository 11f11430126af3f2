import { describe, expect, it, vi } from 'vitest';

describe('the session store', () => {
  it('remembers that the member hid the balance across a reload', async () => {
    const { useSessionStore } = await import('./session-store.ts');
    expect(useSessionStore.getState().isBalanceHidden).toBe(false);
    useSessionStore.getState().toggleBalance();
    expect(useSessionStore.getState().isBalanceHidden).toBe(true);
    // A reload: the store starts again from storage.
    vi.resetModules();
    const reloaded = (await import('./session-store.ts')).useSessionStore;
    expect(reloaded.getState().isBalanceHidden).toBe(true);
    reloaded.getState().toggleBalance();
    vi.resetModules();
    expect((await import('./session-store.ts')).useSessionStore.getState().isBalanceHidden).toBe(false);
    // The store the other tests share goes back to showing the balance.
    useSessionStore.getState().toggleBalance();
    expect(useSessionStore.getState().isBalanceHidden).toBe(false);
  });
});
