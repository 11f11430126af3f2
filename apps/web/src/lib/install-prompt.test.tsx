import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt, useInstallPrompt } from './install-prompt.ts';

function Probe() {
  const install = useInstallPrompt();
  return (
    <div>
      <p data-testid="state">{`${install.canInstall ? 'offer' : 'none'} ${install.isInstalled ? 'installed' : 'not-installed'}`}</p>
      <button type="button" onClick={() => void install.install()}>
        install
      </button>
    </div>
  );
}

describe('the install offer', () => {
  it("keeps the browser's offer, shows it once, and knows when the app is installed", async () => {
    captureInstallPrompt(window);
    render(<Probe />);
    expect(screen.getByTestId('state').textContent).toBe('none not-installed');

    const prompt = vi.fn(async () => {});
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    // The browser's own banner is held back: the download page offers the install.
    expect(offer.defaultPrevented).toBe(true);
    expect(screen.getByTestId('state').textContent).toBe('offer not-installed');

    await act(async () => screen.getByRole('button', { name: 'install' }).click());
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('state').textContent).toBe('none not-installed');

    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.getByTestId('state').textContent).toBe('none installed');
  });
});
