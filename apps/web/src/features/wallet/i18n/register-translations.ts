import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

/** The header balance's texts, in their own namespace; English fills in for other languages. */
const WALLET_NS = 'wallet';

const walletEn = {
  mainWallet: 'Main wallet',
  bonus: '+ {{amount}} bonus',
  mainWalletHint: 'Your main wallet. Money moved into a game wallet is shown under My wallet until you return it.',
};

const walletVi: typeof walletEn = {
  mainWallet: 'Ví chính',
  bonus: '+ {{amount}} thưởng',
  mainWalletHint: 'Số dư ví chính. Tiền đã chuyển vào ví trò chơi xem ở mục Ví của tôi cho đến khi thu hồi về.',
};

function registerWalletTranslations(): void {
  if (!i18next.hasResourceBundle('vi', WALLET_NS)) i18next.addResourceBundle('vi', WALLET_NS, walletVi);
  if (!i18next.hasResourceBundle('en', WALLET_NS)) i18next.addResourceBundle('en', WALLET_NS, walletEn);
}

/**
 * The wallet's texts. The header shows them from the first page, before i18next has started, so they
 * are registered when first rendered, not when the module loads.
 */
export function useWalletTranslation() {
  registerWalletTranslations();
  return useTranslation(WALLET_NS);
}
