import { lazy, Suspense, useEffect } from 'react';
import { usePopupStore } from '../state/popup-store.ts';
import { useSessionStore } from '../state/session-store.ts';
import { ComingSoonPopup } from './coming-soon-popup.tsx';

// The account forms are their own chunk: a visitor who never opens them never loads them.
const LoginPopup = lazy(async () => ({ default: (await import('../features/auth/components/login-popup.tsx')).LoginPopup }));
const RegisterPopup = lazy(async () => ({ default: (await import('../features/auth/components/register-popup.tsx')).RegisterPopup }));
const ForgotPasswordPopup = lazy(async () => ({
  default: (await import('../features/auth/components/forgot-password-popup.tsx')).ForgotPasswordPopup,
}));
const ChangePasswordPopup = lazy(async () => ({
  default: (await import('../features/auth/components/change-password-popup.tsx')).ChangePasswordPopup,
}));
const RegisterSuccessPopup = lazy(async () => ({
  default: (await import('../features/auth/components/register-success-popup.tsx')).RegisterSuccessPopup,
}));
const LogoutConfirm = lazy(async () => ({ default: (await import('../features/auth/components/logout-confirm.tsx')).LogoutConfirm }));
const RealAccountWarning = lazy(async () => ({
  default: (await import('../features/auth/components/real-account-warning.tsx')).RealAccountWarning,
}));

const AnnouncementsModal = lazy(async () => ({
  default: (await import('../features/content/components/announcements-modal.tsx')).AnnouncementsModal,
}));
const AnnouncementPopup = lazy(async () => ({
  default: (await import('../features/content/components/announcement-popup.tsx')).AnnouncementPopup,
}));

const PopupBanner = lazy(async () => ({ default: (await import('../features/content/components/popup-banner.tsx')).PopupBanner }));

const SpeedTestPopup = lazy(async () => ({ default: (await import('../features/speed-test/speed-test-popup.tsx')).SpeedTestPopup }));

/** The login or register popup's banner, loaded on its own so the form never waits for it. */
function AccountBanner({ groupName }: { groupName: 'w_login' | 'w_register' }) {
  return (
    <Suspense fallback={null}>
      <PopupBanner groupName={groupName} />
    </Suspense>
  );
}

/** Renders the one open popup. */
export function PopupHost() {
  const popup = usePopupStore((s) => s.popup);
  const open = usePopupStore((s) => s.open);
  const mustChangePassword = useSessionStore((s) => s.mustChangePassword);
  // A session that must change its password (also after a reload) sees only the forced change.
  useEffect(() => {
    if (mustChangePassword && popup !== 'changePassword') open('changePassword', { isForced: true });
  }, [mustChangePassword, popup, open]);
  return (
    <Suspense fallback={null}>
      {popup === 'login' && <LoginPopup banner={<AccountBanner groupName="w_login" />} />}
      {popup === 'register' && <RegisterPopup banner={<AccountBanner groupName="w_register" />} />}
      {popup === 'forgotPassword' && <ForgotPasswordPopup />}
      {popup === 'changePassword' && <ChangePasswordPopup />}
      {popup === 'registerSuccess' && <RegisterSuccessPopup />}
      {popup === 'logout' && <LogoutConfirm />}
      {popup === 'realAccount' && <RealAccountWarning />}
      {popup === 'comingSoon' && <ComingSoonPopup />}
      {popup === 'announcements' && <AnnouncementsModal />}
      {popup === 'announcementPopup' && <AnnouncementPopup />}
      {popup === 'speedTest' && <SpeedTestPopup />}
    </Suspense>
  );
}
