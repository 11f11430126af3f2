import { useTranslation } from 'react-i18next';
import { usePopupStore } from '../../layout/hooks/popup-store.ts';
import { BalanceDisplay } from '../../wallet/components/balance-display.tsx';
import { useMemberInfo } from '../api/get-member-info.ts';
import { useRequireRealAccount } from '../hooks/use-require-real-account.ts';
import { AvatarMenu } from './avatar-menu.tsx';

/** Deposit, balance and the avatar menu of a logged-in player. */
export function LoggedInBar() {
  const { t } = useTranslation();
  const open = usePopupStore((s) => s.open);
  const requireRealAccount = useRequireRealAccount();
  useMemberInfo();
  return (
    <div className="logged-in-bar">
      <button
        type="button"
        className="button button--primary logged-in-bar__deposit"
        onClick={() => requireRealAccount(() => open('comingSoon', { featureKey: 'account.deposit' }))}
      >
        {t('account.deposit')}
      </button>
      <BalanceDisplay />
      <AvatarMenu />
    </div>
  );
}
