import { currencyScale } from '@platform/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { MONEY_NS } from '../../../i18n/member-centre/register-translations.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import type { DepositOrder } from '../api/deposits.ts';

/** Where to send a bank transfer and the reference code to write in its note, each with a copy button. */
export function BankInstructions({ order, onClose }: { order: DepositOrder; onClose: () => void }) {
  const { t } = useTranslation(MONEY_NS);
  const money = useMoneyFormat();
  const bank = order.bank;
  const rows: { key: string; label: string; value: string; copy?: string }[] = [];
  if (bank) {
    rows.push({ key: 'bank', label: t('bank.bankName'), value: bank.bankName });
    if (bank.branch) rows.push({ key: 'branch', label: t('bank.branch'), value: bank.branch });
    rows.push({ key: 'name', label: t('bank.accountName'), value: bank.accountName, copy: bank.accountName });
    rows.push({ key: 'number', label: t('bank.accountNumber'), value: bank.accountNumber, copy: bank.accountNumber });
  }
  rows.push({
    key: 'amount',
    label: t('bank.amount'),
    value: money(order.amount, order.currency),
    copy: plainAmount(order.amount, order.currency),
  });
  rows.push({ key: 'reference', label: t('bank.reference'), value: order.referenceCode, copy: order.referenceCode });
  return (
    <SectionCard title={t('bank.title')} aside={<StatusPill kind="deposit" status={order.status} />}>
      <p className="mc-note">{t('bank.text')}</p>
      <dl className="mm-details" data-testid="bank-instructions">
        {rows.map((row) => (
          <div key={row.key} className={`mm-details__row${row.key === 'reference' ? ' mm-details__row--key' : ''}`}>
            <dt>{row.label}</dt>
            <dd>
              <span className="mm-details__value">{row.value}</span>
              {row.copy !== undefined && <CopyButton value={row.copy} label={row.label} />}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mc-note">{t('bank.reminder', { code: order.referenceCode, time: formatDateTime(order.expiresAt) })}</p>
      <div className="mc-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('bank.done')}
        </button>
      </div>
    </SectionCard>
  );
}

/** The amount as typed in a banking app: major units, no grouping. */
function plainAmount(amount: number, currency: string): string {
  const scale = currencyScale(currency);
  return scale === 0 ? String(amount) : (amount / 10 ** scale).toFixed(scale);
}
