import { useTranslation } from 'react-i18next';
import { MONEY_NS } from '../i18n/member-centre/register-translations.ts';

const GOOD = new Set(['paid', 'confirmed_received', 'approved']);
const BAD = new Set(['rejected', 'failed', 'expired', 'disputed']);

/** A deposit or withdrawal status as a coloured pill with its translated name. */
export function StatusPill({ kind, status }: { kind: 'deposit' | 'withdrawal'; status: string }) {
  const { t } = useTranslation(MONEY_NS);
  const tone = GOOD.has(status) ? ' mm-status--good' : BAD.has(status) ? ' mm-status--bad' : ' mm-status--wait';
  return <span className={`mm-status${tone}`}>{t(`${kind}Status.${status}`)}</span>;
}
