import type { ContractTierInput } from '@platform/contracts/agents/agent-contracts';
import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import { LabelledTable, type TableColumn } from '../../../components/labelled-table.tsx';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { useAgentContractsTranslation } from '../i18n/register-translations.ts';

/** A rate in basis points as the member reads it: 50 → "0.5 %". */
export function rateText(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;
}

/** A contract's tiers: thresholds and rates, the fields of its kind only. */
export function TiersTable({ kind, tiers, currency }: { kind: ContractKind; tiers: readonly ContractTierInput[]; currency: string }) {
  const { t } = useAgentContractsTranslation();
  const money = useMoneyFormat();
  const rows = tiers.map((tier, index) => ({ ...tier, n: index + 1 }));
  type Row = (typeof rows)[number];
  const columns: TableColumn<Row>[] = [
    { label: t('tiers.tier'), cell: (row) => row.n },
    { label: kind === 'dividend' ? t('tiers.minValidBet') : t('tiers.minBet'), cell: (row) => money(row.minBet, currency) },
    { label: t('tiers.minActiveMembers'), cell: (row) => row.minActiveMembers },
    ...(kind === 'dividend' ? [{ label: t('tiers.minNetLoss'), cell: (row: Row) => money(row.minNetLoss, currency) }] : []),
    {
      label: kind === 'realtimeSalary' ? t('tiers.profitRate') : t('tiers.rate'),
      className: 'ac-rate',
      cell: (row) => rateText(row.rateBasisPoints),
    },
    ...(kind === 'realtimeSalary'
      ? [{ label: t('tiers.lossRate'), className: 'ac-rate', cell: (row: Row) => rateText(row.lossRateBasisPoints ?? 0) }]
      : []),
  ];
  return (
    <LabelledTable
      className="ac-table"
      caption={t('tiers.caption')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.n}
      testId="contract-tiers"
    />
  );
}
