import { useTranslation } from 'react-i18next';
import { usePopupStore } from '../../../state/popup-store.ts';

export function VisitorActions() {
  const { t } = useTranslation();
  const open = usePopupStore((s) => s.open);
  return (
    <div className="visitor-actions">
      <button type="button" className="button button--ghost" onClick={() => open('login')}>
        {t('auth.login')}
      </button>
      <button type="button" className="button button--primary" onClick={() => open('register')}>
        {t('auth.register')}
      </button>
    </div>
  );
}
