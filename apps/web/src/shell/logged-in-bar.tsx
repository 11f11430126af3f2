import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../api/get-member-info.ts';
import { BalanceDisplay } from '../features/wallet/components/balance-display.tsx';
import { useRequireRealAccount } from '../hooks/use-require-real-account.ts';
import { useMemberCentreNavigation } from '../state/use-member-centre-navigation.ts';
import { AvatarMenu } from './avatar-menu.tsx';

/** Deposit, balance and the avatar menu of a logged-in player. */
export function LoggedInBar() {
  const { t } = useTranslation();
  const { openPage } = useMemberCentreNavigation();
  const requireRealAccount = useRequireRealAccount();
  useMemberInfo();
  return (
    <div className="logged-in-bar">
      <button
        type="button"
        className="button button--primary logged-in-bar__deposit"
        onClick={() => requireRealAccount(() => openPage('depositv2'))}
      >
        {t('account.deposit')}
      </button>
      <BalanceDisplay />
      <AvatarMenu />
    </div>
  );
}
