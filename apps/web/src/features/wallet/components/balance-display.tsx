import type { AmountMinor } from '@platform/contracts/money';
import { formatAmount } from '@platform/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../../api/get-balance.ts';
import { Icon } from '../../../components/icon.tsx';
import { useSessionStore } from '../../../state/session-store.ts';
import { useWalletTranslation } from '../i18n/register-translations.ts';

/**
 * The main wallet's cash, labelled with what it is, and beside it the bonus of active promotion
 * grants when there is any (it is not cash until its wagering is done): money moved into a game
 * wallet is counted on My wallet, not here. Refresh and hide/show; *** while hidden, a dash when the
 * wallet cannot answer.
 */
export function BalanceDisplay() {
  const { t, i18n } = useTranslation();
  const { t: tw } = useWalletTranslation();
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const isHidden = useSessionStore((s) => s.isBalanceHidden);
  const toggleBalance = useSessionStore((s) => s.toggleBalance);
  const balance = useBalance(customerId);
  const locale = i18n.language === 'vi' ? 'vi-VN' : 'en-GB';
  let text: string;
  if (isHidden) text = '***';
  else if (balance.isPending) text = '…';
  else if (balance.isError) text = '—';
  else text = formatAmount(balance.data.mainBalance as AmountMinor, balance.data.currency, locale);
  const bonus = balance.data && !isHidden && balance.data.bonusBalance > 0 ? balance.data : null;
  return (
    <div className="balance" title={tw('mainWalletHint')}>
      <span className="balance__figure">
        <span className={bonus ? 'balance__label balance__label--bonus' : 'balance__label'}>
          <span id="header-balance-label">{tw('mainWallet')}</span>
          {bonus && (
            <span className="balance__bonus" data-testid="header-bonus">
              {' '}
              {tw('bonus', { amount: formatAmount(bonus.bonusBalance as AmountMinor, bonus.currency, locale) })}
            </span>
          )}
        </span>
        <output
          className="balance__value"
          aria-live="polite"
          aria-labelledby="header-balance-label"
          title={balance.isError && !isHidden ? t('account.balanceUnavailable') : undefined}
          data-testid="header-balance"
        >
          {text}
        </output>
      </span>
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
