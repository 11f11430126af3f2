import type { SocialTranslation } from './social-vi.ts';

/** English, complete: the type makes a missing key a build error. Other languages fall back to it. */
export const socialEn: SocialTranslation = {
  or: 'or',
  continueWith: 'Continue with {{name}}',
  signingIn: 'Signing you in…',
  title: 'Sign in with a social account',
  linkIntro: 'Your {{name}} account is not linked to an account here yet. Create a new account or link one you already have.',
  linkMode: 'Which account to link',
  newAccount: 'New account',
  existingAccount: 'I have an account',
  usernameHint: 'We suggest this username; you may keep it or choose another.',
  referralCode: 'Invitation code (optional)',
  confirm: 'I understand that once confirmed, this link with {{name}} cannot be changed or removed.',
  confirmRequired: 'Please confirm that you understand the link cannot be changed or removed.',
  createAndLink: 'Create account and link',
  linkExisting: 'Link this account',
  backToLogin: 'Back to log in',
  failed: 'The sign-in with the provider could not be confirmed. Start the sign-in again.',
  expired: 'This sign-in has expired or was already used. Start the sign-in again.',
  providerUnavailable: 'This way of signing in is not available now. Sign in with your account and password instead.',
};
