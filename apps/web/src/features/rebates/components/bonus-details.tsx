import { useState } from 'react';
import { useRebatesTranslation } from '../i18n/register-translations.ts';
import { CashbackRecords } from './cashback-records.tsx';
import { RebateRecords } from './rebate-records.tsx';
import './rebates.css';

const KINDS = ['rebate', 'cashback'] as const;
type Kind = (typeof KINDS)[number];

/** `bonusDetails`: the rebate records or the cashback records, one switch above them. */
export function BonusDetails() {
  const { t } = useRebatesTranslation();
  const [kind, setKind] = useState<Kind>('rebate');
  return (
    <div className="rb-stack">
      <fieldset className="tabs" data-testid="bonus-kinds">
        <legend className="visually-hidden">{t('kinds.label')}</legend>
        {KINDS.map((k) => (
          <button key={k} type="button" className="tabs__tab" aria-pressed={kind === k} onClick={() => setKind(k)}>
            {t(`kinds.${k}`)}
          </button>
        ))}
      </fieldset>
      {kind === 'rebate' ? <RebateRecords /> : <CashbackRecords />}
    </div>
  );
}
