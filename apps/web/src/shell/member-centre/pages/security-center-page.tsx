import '../../../styles/money.css';
import { PasswordSection } from '../../../features/auth/components/password-section.tsx';
import { AccountOverview } from '../../../features/profile/components/account-overview.tsx';
import { AuthenticatorSection } from '../../../features/profile/components/authenticator-section.tsx';
import { AvatarSection } from '../../../features/profile/components/avatar-section.tsx';
import { ContactSection } from '../../../features/profile/components/contact-section.tsx';
import { LoginHistorySection } from '../../../features/profile/components/login-history-section.tsx';
import { ProfileSection } from '../../../features/profile/components/profile-section.tsx';
import { ResponsibleGamingSection } from '../../../features/wallet-records/responsible-gaming/responsible-gaming-section.tsx';
import { BankCardsSection } from '../../../features/withdrawals/components/bank-cards-section.tsx';
import { PaymentPasswordSection } from '../../../features/withdrawals/components/payment-password-section.tsx';

/** My account: every part works against the server's calls. */
export function SecurityCenterPage() {
  return (
    <div className="mc-sections">
      <AccountOverview />
      <ProfileSection />
      <ContactSection />
      <AvatarSection />
      <PasswordSection />
      <PaymentPasswordSection />
      <BankCardsSection />
      <AuthenticatorSection />
      <LoginHistorySection />
      <ResponsibleGamingSection />
    </div>
  );
}
