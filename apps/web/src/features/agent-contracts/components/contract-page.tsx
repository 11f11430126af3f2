import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import { useBalance } from '../../../api/get-balance.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { useSessionStore } from '../../../state/session-store.ts';
import { useMyContract } from '../api/agent-contracts-api.ts';
import { useAgentContractsTranslation } from '../i18n/register-translations.ts';
import { ContractRecords } from './contract-records.tsx';
import { DownlineContracts } from './downline-contracts.tsx';
import { MyContract } from './my-contract.tsx';
import './agent-contracts.css';

/**
 * One agent-centre page per contract kind (`agentDividendRecordCopy2`, `agentDailyWages2`,
 * `agentHourSalary`, `agentRealtimeSalary`): my contract, my direct downlines' contracts, and the
 * settlement records (docs/agent-contracts.md).
 */
export function ContractPage({ kind }: { kind: ContractKind }) {
  const { t } = useAgentContractsTranslation();
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  // The member's wallets are all in its one currency; the logged-in bar has already read it.
  const currency = useBalance(customerId).data?.currency ?? 'VND';
  const mine = useMyContract(kind);
  const ownTiers = mine.data?.active && !mine.data.isPaused ? mine.data.active.tiers : null;
  return (
    <div className="mc-sections ac-page" data-kind={kind}>
      <SectionCard title={t('mine.title')} aside={<span className="ac-note">{t(`kinds.${kind}`)}</span>}>
        <MyContract kind={kind} currency={currency} />
      </SectionCard>
      <SectionCard title={t('downlines.title')}>
        <DownlineContracts kind={kind} currency={currency} ownTiers={ownTiers} />
      </SectionCard>
      <SectionCard title={t('records.title')}>
        <ContractRecords kind={kind} />
      </SectionCard>
    </div>
  );
}
