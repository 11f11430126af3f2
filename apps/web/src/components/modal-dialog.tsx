import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

type ModalDialogProps = {
  title: string;
  children: ReactNode;
  /** Absent: the dialog cannot be dismissed (a forced password change). */
  onClose?: () => void;
  /** 'wide': a large panel that fills a phone's screen (the member centre). */
  size?: 'small' | 'medium' | 'wide';
  /** Extra classes of the body, for a dialog that lays out its own columns. */
  bodyClassName?: string;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, newest last: only the top one answers Escape and Tab, and the page stays locked until all close. */
const openDialogs: object[] = [];

/** Accessible modal: labelled, Escape closes, focus is trapped inside and returned, page scroll is locked. */
export function ModalDialog({ title, children, onClose, size = 'medium', bodyClassName }: ModalDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const self = {};
    openDialogs.push(self);
    document.body.classList.add('is-scroll-locked');
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();

    function onKeyDown(event: KeyboardEvent): void {
      if (openDialogs[openDialogs.length - 1] !== self || event.defaultPrevented) return;
      if (event.key === 'Escape' && onCloseRef.current) {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (event.shiftKey && (document.activeElement === firstItem || !panel.contains(document.activeElement))) {
        event.preventDefault();
        lastItem?.focus();
      } else if (!event.shiftKey && (document.activeElement === lastItem || !panel.contains(document.activeElement))) {
        event.preventDefault();
        firstItem?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      if (openDialogs.length === 0) document.body.classList.remove('is-scroll-locked');
      previous?.focus();
    };
  }, []);

  return createPortal(
    <div className={`modal modal--${size}`}>
      {/* The backdrop is a mouse convenience; keyboard users have Escape and the close button. */}
      <div className="modal__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className={`modal__panel modal__panel--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="modal__close" aria-label={t('common.close')} onClick={onClose}>
              <Icon name="close" />
            </button>
          )}
        </div>
        <div className={`modal__body${bodyClassName ? ` ${bodyClassName}` : ''}`}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
