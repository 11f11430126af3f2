import { BET_STATUSES } from '@platform/contracts/games-wallet';
import { GAME_CATEGORIES } from '@platform/contracts/records';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVendorLanes } from '../../../api/get-vendor-lanes.ts';
import { SelectFilter } from '../../../components/filter-fields.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useGameCategoryName } from '../../../hooks/use-game-category-name.ts';
import { type BetRecord, useBetHistory } from '../api/records-api.ts';
import { MC_RECORDS_NS } from '../i18n/register-translations.ts';
import { formatInZone, MEMBER_TIME_ZONE_DEFAULT, useMoney } from './format.ts';
import { RecordCard } from './record-card.tsx';
import { DateRangeFilter, initialRange, rangeProblem } from './record-controls.tsx';
import { RoundOutcomeView } from './round-outcome.tsx';
import './records.css';

const PAGE_SIZE = 20;
/** Report days of the betting record are the server's (Vietnam, UTC+7). */
const TIME_ZONE = MEMBER_TIME_ZONE_DEFAULT;

/** Betting record: the member's rounds with filters, totals over the whole filter, and each round's outcome. */
export function BettingRecordPage() {
  const { t, i18n } = useTranslation(MC_RECORDS_NS);
  const categoryName = useGameCategoryName();
  const money = useMoney();
  const [range, setRange] = useState(() => initialRange(TIME_ZONE));
  const [category, setCategory] = useState('');
  const [vendor, setVendor] = useState('');
  const [status, setStatus] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const problem = rangeProblem(range, t);
  const lanes = useVendorLanes(i18n.language);
  // The providers of the chosen category (or of all), each once, from the game catalogue.
  const vendors = [
    ...new Map(
      (lanes.data ?? [])
        .filter((lane) => !category || lane.gameType === category)
        .flatMap((lane) => lane.cards)
        .map((card) => [card.vassalage, { value: card.vassalage, label: card.displayName }] as const),
    ).values(),
  ];
  const history = useBetHistory(
    {
      gameCategory: category || undefined,
      vendorCode: vendor || undefined,
      status: status || undefined,
      beginDate: range.from,
      endDate: range.to,
      pageNo,
      pageSize: PAGE_SIZE,
    },
    problem === null,
  );
  const reset = () => {
    setPageNo(1);
    setOpenId(null);
  };

  let body = <LoadingState />;
  if (problem) body = <p className="form__error">{problem}</p>;
  else if (history.error) body = <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  else if (history.data && history.data.list.length === 0) body = <p className="mc-note rc-empty">{t('bets.empty')}</p>;
  else if (history.data) {
    const { list, totals } = history.data;
    const currency = list[0]?.currency ?? 'VND';
    body = (
      <>
        <dl className="rc-summary" data-testid="bet-totals">
          <div>
            <dt>{t('bets.count')}</dt>
            <dd data-field="count">{totals.count}</dd>
          </div>
          <div>
            <dt>{t('bets.stake')}</dt>
            <dd data-field="stake">{money(totals.stake, currency)}</dd>
          </div>
          <div>
            <dt>{t('bets.validBet')}</dt>
            <dd data-field="validBet">{money(totals.validBet, currency)}</dd>
          </div>
          <div>
            <dt>{t('bets.payout')}</dt>
            <dd data-field="payout">{money(totals.payout, currency)}</dd>
          </div>
          <div>
            <dt>{t('bets.winLoss')}</dt>
            <dd data-field="winLoss" className={signClass(totals.winLoss)}>
              {money(totals.winLoss, currency)}
            </dd>
          </div>
        </dl>
        <table className="mc-table rc-table">
          <caption className="visually-hidden">{t('bets.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('bets.time')}</th>
              <th scope="col">{t('bets.game')}</th>
              <th scope="col">{t('bets.stake')}</th>
              <th scope="col">{t('bets.winLoss')}</th>
              <th scope="col">{t('bets.result')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('bets.detail')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((record) => (
              <Fragment key={record.id}>
                <tr data-round={record.roundId}>
                  <td className="mc-table__time" data-label={t('bets.time')}>
                    {formatInZone(record.betTime, TIME_ZONE)}
                  </td>
                  <td data-label={t('bets.game')}>
                    <RoundGame record={record} />
                  </td>
                  <td data-label={t('bets.stake')}>{money(record.stake, record.currency)}</td>
                  <td data-label={t('bets.winLoss')} className={signClass(record.winLoss)}>
                    {money(record.winLoss, record.currency)}
                  </td>
                  <td data-label={t('bets.result')}>
                    <span className={`mc-pill rc-result rc-result--${record.result.toLowerCase()}`}>
                      {t(`bets.results.${record.result}`)}
                    </span>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button rc-detail-toggle"
                      aria-expanded={openId === record.id}
                      aria-controls={`rc-bet-${record.id}`}
                      onClick={() => setOpenId(openId === record.id ? null : record.id)}
                    >
                      {t('bets.detail')}
                    </button>
                  </td>
                </tr>
                {openId === record.id && (
                  <tr className="rc-detail-row">
                    <td colSpan={6} id={`rc-bet-${record.id}`}>
                      <BetDetail record={record} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
        <Pager
          pageNo={history.data.pageNo}
          totalPages={history.data.totalPages}
          onPage={(page) => {
            setPageNo(page);
            setOpenId(null);
          }}
        />
      </>
    );
  }

  return (
    <div className="mc-sections">
      <RecordCard label={t('bets.title')}>
        <div className="filter-bar">
          <SelectFilter
            label={t('filters.category')}
            value={category}
            options={[
              { value: '', label: t('filters.all') },
              ...GAME_CATEGORIES.filter((c) => c !== 'OTHER').map((c) => ({ value: c, label: categoryName(c) })),
            ]}
            onChange={(value) => {
              setCategory(value);
              reset();
            }}
          />
          <SelectFilter
            label={t('filters.vendor')}
            value={vendor}
            options={[{ value: '', label: t('filters.allVendors') }, ...vendors]}
            onChange={(value) => {
              setVendor(value);
              reset();
            }}
          />
          <DateRangeFilter
            value={range}
            timeZone={TIME_ZONE}
            onChange={(next) => {
              setRange(next);
              reset();
            }}
          />
          <SelectFilter
            label={t('filters.status')}
            value={status}
            options={[{ value: '', label: t('filters.all') }, ...BET_STATUSES.map((s) => ({ value: s, label: t(`bets.statuses.${s}`) }))]}
            onChange={(value) => {
              setStatus(value);
              reset();
            }}
          />
        </div>
        <p className="mc-note">{t('timeZoneNote', { zone: TIME_ZONE })}</p>
        <div aria-busy={history.isFetching}>{body}</div>
      </RecordCard>
    </div>
  );
}

/** The game's name and its vendor's, as the catalogue names them; a removed game says so with its code. */
function RoundGame({ record }: { record: BetRecord }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  return (
    <span className="rc-game">
      <span className="rc-game__name">{record.gameName ?? t('bets.removedGame', { code: record.gameCode })}</span>
      <span className="rc-game__vendor">{record.vendorName ?? record.vendorCode}</span>
    </span>
  );
}

function signClass(amount: number): string | undefined {
  if (amount > 0) return 'rc-amount--up';
  if (amount < 0) return 'rc-amount--down';
  return undefined;
}

/** The round's outcome: what was staked, rolled back into the valid bet, paid, and when. */
function BetDetail({ record }: { record: BetRecord }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const categoryName = useGameCategoryName();
  const money = useMoney();
  const facts: [string, string][] = [
    [t('bets.game'), record.gameName ?? t('bets.removedGame', { code: record.gameCode })],
    [t('bets.vendor'), record.vendorName ?? record.vendorCode],
    [t('bets.round'), record.roundId],
    [t('bets.category'), categoryName(record.gameCategory)],
    [t('bets.status'), t(`bets.statuses.${record.status}`)],
    [t('bets.stake'), money(record.stake, record.currency)],
    [t('bets.validBet'), money(record.validBet, record.currency)],
    [t('bets.payout'), money(record.payout, record.currency)],
    [t('bets.winLoss'), money(record.winLoss, record.currency)],
    [t('bets.time'), formatInZone(record.betTime, TIME_ZONE)],
    [t('bets.settleTime'), record.settleTime ? formatInZone(record.settleTime, TIME_ZONE) : t('bets.notSettled')],
  ];
  return (
    <div className="rc-detail">
      <p className="rc-detail__outcome">
        {t(`bets.outcome.${record.result}`, { amount: money(Math.abs(record.winLoss), record.currency) })}
      </p>
      {record.outcome && <RoundOutcomeView outcome={record.outcome} />}
      <dl className="mc-facts rc-detail__facts">
        {facts.map(([label, value]) => (
          <div key={label} className="mc-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {record.proofUrl && (
        // The vendor's own page of the round: its seeds, the commitment shown before it, and the result recomputed.
        <p className="rc-detail__proof">
          <a href={record.proofUrl} target="_blank" rel="noopener noreferrer">
            {t('bets.proof')}
          </a>
        </p>
      )}
      {record.isTrial && <p className="mc-note">{t('bets.trial')}</p>}
    </div>
  );
}
