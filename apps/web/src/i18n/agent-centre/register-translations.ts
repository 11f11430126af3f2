import i18next from 'i18next';
import { agentCentreEn } from './en.ts';
import { agentCentreVi } from './vi.ts';

/**
 * The agent centre frame's texts (title, menu, page titles and descriptions), in their own namespace,
 * travelling with the agent centre's chunk; English fills in for other languages. Each page's own
 * texts live with its feature.
 */
export const AGENT_CENTRE_NS = 'agentCentre';

export function registerAgentCentreTranslations(): void {
  if (!i18next.hasResourceBundle('vi', AGENT_CENTRE_NS)) i18next.addResourceBundle('vi', AGENT_CENTRE_NS, agentCentreVi);
  if (!i18next.hasResourceBundle('en', AGENT_CENTRE_NS)) i18next.addResourceBundle('en', AGENT_CENTRE_NS, agentCentreEn);
}

registerAgentCentreTranslations();
