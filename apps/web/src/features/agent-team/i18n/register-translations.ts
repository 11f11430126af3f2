import i18next from 'i18next';
import { agentTeamEn } from './en.ts';
import { agentTeamVi } from './vi.ts';

/** The team pages' texts, in their own namespace; English fills in for other languages. */
export const AGENT_TEAM_NS = 'agentTeam';

export function registerAgentTeamTranslations(): void {
  if (!i18next.hasResourceBundle('vi', AGENT_TEAM_NS)) i18next.addResourceBundle('vi', AGENT_TEAM_NS, agentTeamVi);
  if (!i18next.hasResourceBundle('en', AGENT_TEAM_NS)) i18next.addResourceBundle('en', AGENT_TEAM_NS, agentTeamEn);
}

// Every part of the feature names its namespace through this module, so the texts arrive with the
// feature's first chunk, which loads after i18next has started.
registerAgentTeamTranslations();
