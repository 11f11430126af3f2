import '../money/money.css';
import { AccountOverview } from '../security/account-overview.tsx';
import { AuthenticatorSection } from '../security/authenticator-section.tsx';
import { AvatarSection } from '../security/avatar-section.tsx';
import { BankCardsSection } from '../security/bank-cards-section.tsx';
import { ContactSection } from '../security/contact-section.tsx';
import { LoginHistorySection } from '../security/login-history-section.tsx';
import { PasswordSection } from '../security/password-section.tsx';
import { PaymentPasswordSection } from '../security/payment-password-section.tsx';
import { ProfileSection } from '../security/profile-section.tsx';
import { ResponsibleGamingSection } from '../security/responsible-gaming-section.tsx';

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
