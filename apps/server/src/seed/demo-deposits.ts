import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { insertChannel } from '../modules/deposits/deposits.repository.ts';
import { SANDBOX_GATEWAY_CODE } from '../modules/payments/sandbox-gateway.adapter.ts';

/** The demo's deposit channels: a bank transfer the operator confirms, and the sandbox gateway. */
export async function seedDemoDepositChannels(trx: Kysely<DB>, merchant: { id: number; currency: string }): Promise<void> {
  const at = new Date();
  await insertChannel(
    trx,
    merchant.id,
    {
      type: 'bank_transfer',
      name: 'Chuyển khoản ngân hàng',
      names: { vi: 'Chuyển khoản ngân hàng', en: 'Bank transfer', 'zh-CN': '银行转账' },
      currency: merchant.currency,
      bankName: 'Demo Bank',
      bankAccountName: 'LOTUS DEMO',
      bankAccountNumber: '0000 1234 5678',
      bankBranch: 'Hà Nội',
      gatewayCode: null,
      minAmount: 50_000,
      maxAmount: 100_000_000,
      isEnabled: true,
      sort: 1,
      tutorialVi:
        'Chuyển khoản đúng số tiền tới tài khoản trên và ghi mã tham chiếu của lệnh nạp vào nội dung chuyển khoản. Tiền được cộng khi bộ phận tài chính xác nhận.',
      tutorialEn:
        'Transfer the exact amount to the account above and write the order reference code in the transfer note. The money is credited once finance confirms it.',
    },
    at,
  );
  await insertChannel(
    trx,
    merchant.id,
    {
      type: 'gateway',
      name: 'Thanh toán trực tuyến (sandbox)',
      names: { vi: 'Thanh toán trực tuyến (sandbox)', en: 'Online payment (sandbox)', 'zh-CN': '在线支付（沙盒）' },
      currency: merchant.currency,
      bankName: null,
      bankAccountName: null,
      bankAccountNumber: null,
      bankBranch: null,
      gatewayCode: SANDBOX_GATEWAY_CODE,
      minAmount: 10_000,
      maxAmount: 50_000_000,
      isEnabled: true,
      sort: 2,
      tutorialVi: 'Bạn sẽ được chuyển tới trang thanh toán thử nghiệm; chọn Pay để hoàn tất. Không có tiền thật.',
      tutorialEn: 'You are sent to the sandbox payment page; press Pay to complete it. No real money moves.',
    },
    at,
  );
}
