import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONEY_NS } from '../i18n/member-centre/register-translations.ts';
import './copy-button.css';

/**
 * Copies a value to the clipboard and says so (the spec's copy_success message) next to the button:
 * the deposit's transfer details, a player's referral code and link.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation(MONEY_NS);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2_500);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <span className="mm-copy">
      <button type="button" className="button mm-copy__button" aria-label={t('copy.label', { name: label })} onClick={() => void copy()}>
        {t('copy.button')}
      </button>
      <span className="mm-copy__status" role="status">
        {state === 'copied' ? t('copy.success') : state === 'failed' ? t('copy.failed') : ''}
      </span>
    </span>
  );
}
