/** Query keys of the account calls, so a login can invalidate exactly what depends on it. */
export const authKeys = {
  all: ['auth'] as const,
  registerSettings: () => [...authKeys.all, 'register-settings'] as const,
  registerValidation: () => [...authKeys.all, 'register-validation'] as const,
  memberInfo: (customerId: number) => [...authKeys.all, 'member-info', customerId] as const,
  affiliate: (code: string) => [...authKeys.all, 'affiliate', code] as const,
};
