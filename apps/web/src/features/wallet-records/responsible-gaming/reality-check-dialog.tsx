import { type CurrencyCode, formatAmount } from '@platform/contracts/money-format';
import type { RgRealityCheckValue } from '@platform/contracts/responsible-gaming';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useMemberCentreNavigation } from '../../../state/use-member-centre-navigation.ts';
import { realityCheckEn } from './en.ts';
import { playedTime } from './reality-check-rules.ts';
import { realityCheckVi } from './vi.ts';
import './reality-check.css';

export const REALITY_CHECK_NS = 'realityCheck';

function registerTranslations(): void {
  if (!i18next.hasResourceBundle('vi', REALITY_CHECK_NS)) i18next.addResourceBundle('vi', REALITY_CHECK_NS, realityCheckVi);
  if (!i18next.hasResourceBundle('en', REALITY_CHECK_NS)) i18next.addResourceBundle('en', REALITY_CHECK_NS, realityCheckEn);
}

/** The reminder itself: time played, the session's rounds and result, and the ways on. */
export function RealityCheckDialog({ value, onClose }: { value: RgRealityCheckValue; onClose: () => void }) {
  registerTranslations();
  const { t, i18n } = useTranslation(REALITY_CHECK_NS);
  const openPopup = usePopupStore((s) => s.open);
  const { openPage } = useMemberCentreNavigation();
  const locale = i18n.language === 'vi' ? 'vi-VN' : 'en-GB';
  const money = (amount: number) => formatAmount(amount as never, value.currency as CurrencyCode, locale);
  const played = playedTime(Date.parse(value.sessionStartedAt), Date.parse(value.serverTime));
  const net =
    value.net > 0 ? t('netWin', { amount: money(value.net) }) : value.net < 0 ? t('netLoss', { amount: money(-value.net) }) : t('netEven');
  return (
    <ModalDialog title={t('title')} onClose={onClose} size="small">
      <div className="reality-check" data-testid="reality-check">
        <p>{t('played', played)}</p>
        <p>{t('since', { rounds: value.rounds, stake: money(value.stake), payout: money(value.payout) })}</p>
        <p className="reality-check__net" data-net={value.net}>
          <strong>{net}</strong>
        </p>
        <p className="reality-check__hint">{t('hint')}</p>
      </div>
      <div className="form__actions reality-check__actions">
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          {t('continue')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            onClose();
            openPage('transactionHistory');
          }}
        >
          {t('record')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            onClose();
            openPopup('logout');
          }}
        >
          {t('logout')}
        </button>
      </div>
    </ModalDialog>
  );
}
