import type { AmountMinor } from '@platform/contracts/money';
import { formatAmount } from '@platform/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon.tsx';
import { useSessionStore } from '../../auth/hooks/session-store.ts';
import { useBalance } from '../api/get-balance.ts';

/** The total balance with refresh and hide/show; *** while hidden, a dash when the wallet cannot answer. */
export function BalanceDisplay() {
  const { t, i18n } = useTranslation();
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const isHidden = useSessionStore((s) => s.isBalanceHidden);
  const toggleBalance = useSessionStore((s) => s.toggleBalance);
  const balance = useBalance(customerId);
  let text: string;
  if (isHidden) text = '***';
  else if (balance.isPending) text = '…';
  else if (balance.isError) text = '—';
  else {
    const locale = i18n.language === 'vi' ? 'vi-VN' : 'en-GB';
    text = formatAmount(balance.data.sumBalance as AmountMinor, balance.data.currency, locale);
  }
  return (
    <div className="balance">
      <span className="balance__label visually-hidden">{t('account.balance')}</span>
      <output
        className="balance__value"
        aria-live="polite"
        title={balance.isError && !isHidden ? t('account.balanceUnavailable') : undefined}
      >
        {text}
      </output>
      {balance.isError && !isHidden && <span className="visually-hidden">{t('account.balanceUnavailable')}</span>}
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-label={t('account.refreshBalance')}
        disabled={balance.isFetching}
        onClick={() => void balance.refetch()}
      >
        <Icon name="refresh" className={balance.isFetching ? 'is-spinning' : undefined} />
      </button>
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-pressed={isHidden}
        aria-label={t('account.hideBalance')}
        onClick={toggleBalance}
      >
        <Icon name={isHidden ? 'eyeOff' : 'eye'} />
      </button>
    </div>
  );
}
