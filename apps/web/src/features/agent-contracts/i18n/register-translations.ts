import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { agentContractsEn } from './en.ts';
import { agentContractsVi } from './vi.ts';

/** The contract pages' texts, in their own namespace; English fills in for other languages. */
const AGENT_CONTRACTS_NS = 'agentContracts';

export function registerAgentContractsTranslations(): void {
  if (!i18next.hasResourceBundle('vi', AGENT_CONTRACTS_NS)) i18next.addResourceBundle('vi', AGENT_CONTRACTS_NS, agentContractsVi);
  if (!i18next.hasResourceBundle('en', AGENT_CONTRACTS_NS)) i18next.addResourceBundle('en', AGENT_CONTRACTS_NS, agentContractsEn);
}

/** The texts, registered on first use (i18next is set up by the app after the modules load). */
export function useAgentContractsTranslation() {
  registerAgentContractsTranslations();
  return useTranslation(AGENT_CONTRACTS_NS);
}
