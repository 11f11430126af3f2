import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Captcha, getCaptcha } from '../api/get-captcha.ts';

/** The spec refreshes a captcha on click at most once a second. */
const REFRESH_THROTTLE_MS = 1000;

/** Loads a captcha and reports its key; a click loads a new one. */
export function CaptchaImage({ onKey }: { onKey: (key: string) => void }) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const lastLoadRef = useRef(0);
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;

  const load = useCallback(async () => {
    const now = Date.now();
    if (now - lastLoadRef.current < REFRESH_THROTTLE_MS) return;
    lastLoadRef.current = now;
    try {
      const next = await getCaptcha();
      setCaptcha(next);
      setFailed(false);
      onKeyRef.current(next.captchaKey);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <button
      type="button"
      className="captcha-image"
      aria-label={t('auth.refreshCaptcha')}
      title={t('auth.refreshCaptcha')}
      onClick={() => void load()}
    >
      {captcha ? (
        <img src={captcha.image} alt={t('auth.captchaImage')} width={100} height={40} />
      ) : (
        <span>{hasFailed ? t('auth.refreshCaptcha') : '…'}</span>
      )}
    </button>
  );
}
