/** Query keys of the member centre's calls, per member, so a sign-in as someone else never shows stale data. */
export const memberCentreKeys = {
  all: ['member-centre'] as const,
  profile: (customerId: number) => [...memberCentreKeys.all, 'profile', customerId] as const,
  avatar: (customerId: number) => [...memberCentreKeys.all, 'avatar', customerId] as const,
  loginHistory: (customerId: number) => [...memberCentreKeys.all, 'login-history', customerId] as const,
  authenticator: (customerId: number) => [...memberCentreKeys.all, 'authenticator', customerId] as const,
  contacts: (customerId: number) => [...memberCentreKeys.all, 'contacts', customerId] as const,
};
