/** Vietnamese, the default language and the shape of the agent wallet's texts. */
export const agentWalletVi = {
  balances: 'Số dư',
  main: 'Ví chính',
  agent: 'Ví đại lý',
  refresh: 'Làm mới',
  mainHint: 'Nạp, rút và chơi trò chơi dùng ví chính.',
  agentHint: 'Tiền chuyển cho tuyến dưới được trừ từ ví đại lý; tiền tuyến dưới chuyển lên được cộng vào ví đại lý.',
  moveTitle: 'Chuyển giữa hai ví',
  amount: 'Số tiền ({{currency}})',
  amountInvalid: 'Vui lòng nhập số tiền hợp lệ',
  overMain: 'Số tiền lớn hơn số dư ví chính',
  overAgent: 'Số tiền lớn hơn số dư ví đại lý',
  toAgent: 'Chuyển sang ví đại lý',
  toMain: 'Chuyển về ví chính',
  working: 'Đang xử lý…',
};

export type AgentWalletTranslation = typeof agentWalletVi;
