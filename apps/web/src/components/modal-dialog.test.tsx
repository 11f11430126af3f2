import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../test/render.tsx';
import { ModalDialog } from './modal-dialog.tsx';

function Opener({ onClose }: { onClose: () => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {isOpen && (
        <ModalDialog
          title="Hộp thoại"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <button type="button">first</button>
          <button type="button">last</button>
        </ModalDialog>
      )}
    </>
  );
}

describe('ModalDialog', () => {
  it('is a labelled modal dialog that locks the page and focuses its first control', async () => {
    const { user } = renderWithSite(<Opener onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('dialog', { name: 'Hộp thoại' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.body.classList.contains('is-scroll-locked')).toBe(true);
    // The close button comes first in the panel.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Đóng' }));
  });

  it('closes on Escape, unlocks the page and gives the focus back', async () => {
    const onClose = vi.fn();
    const { user } = renderWithSite(<Opener onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('is-scroll-locked')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'open' }));
  });

  it('closes on its close button and on the backdrop', async () => {
    const onClose = vi.fn();
    const { user } = renderWithSite(<Opener onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('button', { name: 'Đóng' }));
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(document.querySelector('.modal__backdrop') as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('cannot be dismissed without onClose', async () => {
    const { user } = renderWithSite(
      <ModalDialog title="Bắt buộc">
        <p>text</p>
      </ModalDialog>,
    );
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Bắt buộc' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Đóng' })).toBeNull();
  });

  it('answers Escape only in the top dialog (one opened from another)', async () => {
    const outer = vi.fn();
    const inner = vi.fn();
    function Nested() {
      const [isInnerOpen, setInnerOpen] = useState(false);
      return (
        <ModalDialog title="Ngoài" onClose={outer}>
          <button type="button" onClick={() => setInnerOpen(true)}>
            more
          </button>
          {isInnerOpen && (
            <ModalDialog
              title="Trong"
              onClose={() => {
                inner();
                setInnerOpen(false);
              }}
            >
              <p>inner</p>
            </ModalDialog>
          )}
        </ModalDialog>
      );
    }
    const { user } = renderWithSite(<Nested />);
    await user.click(screen.getByRole('button', { name: 'more' }));
    await user.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledOnce();
    expect(outer).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(outer).toHaveBeenCalledOnce();
  });
});
