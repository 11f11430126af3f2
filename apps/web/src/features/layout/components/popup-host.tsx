import { lazy, Suspense } from 'react';
import { usePopupStore } from '../hooks/popup-store.ts';
import { ComingSoonPopup } from './coming-soon-popup.tsx';

// The account forms are their own chunk: a visitor who never opens them never loads them.
const LoginPopup = lazy(async () => ({ default: (await import('../../auth/components/login-popup.tsx')).LoginPopup }));
const RegisterPopup = lazy(async () => ({ default: (await import('../../auth/components/register-popup.tsx')).RegisterPopup }));
const ForgotPasswordPopup = lazy(async () => ({
  default: (await import('../../auth/components/forgot-password-popup.tsx')).ForgotPasswordPopup,
}));
const ChangePasswordPopup = lazy(async () => ({
  default: (await import('../../auth/components/change-password-popup.tsx')).ChangePasswordPopup,
}));
const RegisterSuccessPopup = lazy(async () => ({
  default: (await import('../../auth/components/register-success-popup.tsx')).RegisterSuccessPopup,
}));
const LogoutConfirm = lazy(async () => ({ default: (await import('../../auth/components/logout-confirm.tsx')).LogoutConfirm }));
const RealAccountWarning = lazy(async () => ({
  default: (await import('../../auth/components/real-account-warning.tsx')).RealAccountWarning,
}));

const AnnouncementsModal = lazy(async () => ({
  default: (await import('../../content/components/announcements-modal.tsx')).AnnouncementsModal,
}));
const AnnouncementPopup = lazy(async () => ({
  default: (await import('../../content/components/announcement-popup.tsx')).AnnouncementPopup,
}));

const SpeedTestPopup = lazy(async () => ({ default: (await import('../speed-test/speed-test-popup.tsx')).SpeedTestPopup }));

/** Renders the one open popup. */
export function PopupHost() {
  const popup = usePopupStore((s) => s.popup);
  return (
    <Suspense fallback={null}>
      {popup === 'login' && <LoginPopup />}
      {popup === 'register' && <RegisterPopup />}
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
