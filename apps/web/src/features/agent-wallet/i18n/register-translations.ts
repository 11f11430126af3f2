import i18next from 'i18next';
import { agentWalletEn } from './en.ts';
import { agentWalletVi } from './vi.ts';

/** The agent wallet page's texts, in their own namespace; English fills in for other languages. */
export const AGENT_WALLET_NS = 'agentWallet';

export function registerAgentWalletTranslations(): void {
  if (!i18next.hasResourceBundle('vi', AGENT_WALLET_NS)) i18next.addResourceBundle('vi', AGENT_WALLET_NS, agentWalletVi);
  if (!i18next.hasResourceBundle('en', AGENT_WALLET_NS)) i18next.addResourceBundle('en', AGENT_WALLET_NS, agentWalletEn);
}

registerAgentWalletTranslations();
