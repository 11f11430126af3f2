import { useTranslation } from 'react-i18next';
import { useMemberCentreNavigation } from '../../member-centre/hooks/use-member-centre-navigation.ts';
import { BalanceDisplay } from '../../wallet/components/balance-display.tsx';
import { useMemberInfo } from '../api/get-member-info.ts';
import { useRequireRealAccount } from '../hooks/use-require-real-account.ts';
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
