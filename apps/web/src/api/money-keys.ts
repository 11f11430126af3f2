/** Query keys of the deposit, withdrawal, bank-card and identity calls, per member. */
export const moneyKeys = {
  all: ['member-money'] as const,
  depositChannels: (customerId: number, language: string) => [...moneyKeys.all, 'deposit-channels', customerId, language] as const,
  deposits: (customerId: number) => [...moneyKeys.all, 'deposits', customerId] as const,
  deposit: (customerId: number, orderNo: string) => [...moneyKeys.all, 'deposit', customerId, orderNo] as const,
  withdrawalRules: (customerId: number) => [...moneyKeys.all, 'withdrawal-rules', customerId] as const,
  withdrawals: (customerId: number) => [...moneyKeys.all, 'withdrawals', customerId] as const,
  banks: (customerId: number) => [...moneyKeys.all, 'banks', customerId] as const,
  bankCards: (customerId: number) => [...moneyKeys.all, 'bank-cards', customerId] as const,
  kyc: (customerId: number) => [...moneyKeys.all, 'kyc', customerId] as const,
};
