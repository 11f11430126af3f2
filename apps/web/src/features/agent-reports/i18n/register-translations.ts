import i18next from 'i18next';
import { agentReportsEn } from './agent-reports.en.ts';
import { agentReportsVi } from './agent-reports.vi.ts';

/** The agent report pages' texts, in their own namespace; English fills in for other languages. */
export const AGENT_REPORTS_NS = 'agentReports';

export function registerAgentReportsTranslations(): void {
  if (!i18next.hasResourceBundle('vi', AGENT_REPORTS_NS)) i18next.addResourceBundle('vi', AGENT_REPORTS_NS, agentReportsVi);
  if (!i18next.hasResourceBundle('en', AGENT_REPORTS_NS)) i18next.addResourceBundle('en', AGENT_REPORTS_NS, agentReportsEn);
}

// Every part of the feature names its namespace through this module, so the texts arrive with the
// feature's first chunk, which loads after i18next has started.
registerAgentReportsTranslations();
