import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlashStore } from '../state/flash-store.ts';
import { Icon } from './icon.tsx';

/** How long a confirmation stays before it goes by itself (it can be closed before). */
const FLASH_VISIBLE_MS = 8_000;

/** The site-wide confirmation (see state/flash-store.ts), announced politely to screen readers. */
export function FlashMessage() {
  const { t } = useTranslation();
  const message = useFlashStore((s) => s.message);
  const dismiss = useFlashStore((s) => s.dismiss);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(dismiss, FLASH_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [message, dismiss]);
  return (
    <div className="flash" role="status" aria-live="polite">
      {message && (
        <p className="flash__message">
          <span>{message}</span>
          <button type="button" className="flash__close" aria-label={t('common.close')} onClick={dismiss}>
            <Icon name="close" />
          </button>
        </p>
      )}
    </div>
  );
}
