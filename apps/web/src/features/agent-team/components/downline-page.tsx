import type { BreadcrumbEntry, TeamMemberRow } from '@platform/contracts/agents/agent-team';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { formatDateTime } from '../../../lib/time-format.ts';
import { useDownline, useTeamSearch, useUplineSwitch } from '../api/agent-team-api.ts';
import { AGENT_TEAM_NS } from '../i18n/register-translations.ts';
import { DownlineTransferDialog } from './downline-transfer-dialog.tsx';
import { TeamPager, useAccountTypeName } from './team-parts.tsx';
import { TeamSearchForm } from './team-search-form.tsx';
import './agent-team.css';

/**
 * downlineManagmentView: the direct downline with team size, this month's turnover, last login and
 * status; drill down level by level with a breadcrumb; search the whole team by username; transfer
 * to a member (from the agent wallet); switch whether a member may transfer to its upline.
 */
export function DownlinePage() {
  const { t } = useTranslation(AGENT_TEAM_NS);
  const [parentId, setParentId] = useState<number | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [search, setSearch] = useState<string | null>(null);
  const [searchPage, setSearchPage] = useState(1);
  const [transferTo, setTransferTo] = useState<string | null>(null);
  const downline = useDownline(parentId, pageNo);
  const found = useTeamSearch(search, searchPage);

  function drill(memberId: number | null): void {
    setParentId(memberId);
    setPageNo(1);
    setSearch(null);
  }

  const actions = { onDrill: drill, onTransfer: setTransferTo };
  let body = <LoadingState label={t('loading')} />;
  if (search !== null) {
    if (found.error) body = <ErrorState error={found.error} onRetry={() => void found.refetch()} />;
    else if (found.data)
      body = (
        <>
          <p className="mc-note" role="status">
            {found.data.totalCount === 0
              ? t('downline.searchEmpty', { username: search })
              : t('downline.searchResults', { username: search, count: found.data.totalCount })}
          </p>
          <MemberCards rows={found.data.list} currency={found.data.currency} {...actions} />
          <TeamPager pageNo={searchPage} totalPages={found.data.totalPages} onPage={setSearchPage} />
        </>
      );
  } else if (downline.error) body = <ErrorState error={downline.error} onRetry={() => void downline.refetch()} />;
  else if (downline.data)
    body = (
      <>
        <Breadcrumb entries={downline.data.breadcrumb} onDrill={drill} />
        <p className="mc-note">{t('downline.turnoverPeriod', { from: downline.data.turnoverFrom, to: downline.data.turnoverTo })}</p>
        {downline.data.list.length === 0 ? (
          <p className="mc-note">{parentId === null ? t('downline.emptyMine') : t('downline.empty')}</p>
        ) : (
          <MemberCards rows={downline.data.list} currency={downline.data.currency} {...actions} />
        )}
        <TeamPager pageNo={pageNo} totalPages={downline.data.totalPages} onPage={setPageNo} />
      </>
    );

  return (
    <div className="mc-sections at-page">
      <SectionCard title={t('downline.searchTitle')}>
        <TeamSearchForm
          isSearching={search !== null}
          onSearch={(username) => {
            setSearch(username);
            setSearchPage(1);
          }}
          onClear={() => setSearch(null)}
        />
      </SectionCard>
      <SectionCard title={t('downline.title')}>{body}</SectionCard>
      {transferTo && <DownlineTransferDialog username={transferTo} onClose={() => setTransferTo(null)} />}
    </div>
  );
}

function Breadcrumb({ entries, onDrill }: { entries: readonly BreadcrumbEntry[]; onDrill: (memberId: number | null) => void }) {
  const { t } = useTranslation(AGENT_TEAM_NS);
  return (
    <nav className="at-breadcrumb" aria-label={t('downline.breadcrumb')}>
      <ol>
        {entries.map((entry, index) => {
          const isLast = index === entries.length - 1;
          const label = entry.level === 0 ? `${t('downline.me')} (${entry.username})` : entry.username;
          return (
            <li key={entry.memberId}>
              {isLast ? (
                <span aria-current="page">{label}</span>
              ) : (
                <button type="button" className="at-link" onClick={() => onDrill(entry.level === 0 ? null : entry.memberId)}>
                  {label}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

type CardActions = { onDrill: (memberId: number) => void; onTransfer: (username: string) => void };

function MemberCards({ rows, currency, onDrill, onTransfer }: { rows: readonly TeamMemberRow[]; currency: string } & CardActions) {
  return (
    <ul className="at-cards">
      {rows.map((row) => (
        <MemberCard key={row.memberId} row={row} currency={currency} onDrill={onDrill} onTransfer={onTransfer} />
      ))}
    </ul>
  );
}

function MemberCard({ row, currency, onDrill, onTransfer }: { row: TeamMemberRow; currency: string } & CardActions) {
  const { t } = useTranslation(AGENT_TEAM_NS);
  const typeName = useAccountTypeName();
  const money = useMoneyFormat();
  const upline = useUplineSwitch();
  const [said, setSaid] = useState<string | null>(null);
  return (
    <li className="at-card" data-testid={`team-member-${row.username}`}>
      <div className="at-card__head">
        <strong className="at-card__name">{row.username}</strong>
        <span className={`at-badge at-badge--${row.status}`}>{t(`status.${row.status}`)}</span>
      </div>
      <p className="mc-note">
        {typeName(row.accountType)} · {t('downline.level', { level: row.level })} · {t('downline.upline')}: {row.uplineUsername}
      </p>
      <dl className="at-card__facts">
        <div>
          <dt>{t('downline.teamSize')}</dt>
          <dd>{row.teamSize}</dd>
        </div>
        <div>
          <dt>{t('downline.turnover')}</dt>
          <dd>{money(row.turnover, currency)}</dd>
        </div>
        <div>
          <dt>{t('downline.lastLogin')}</dt>
          <dd>{row.lastLoginAt ? formatDateTime(row.lastLoginAt) : t('downline.never')}</dd>
        </div>
        <div>
          <dt>{t('downline.registeredAt')}</dt>
          <dd>{formatDateTime(row.registeredAt)}</dd>
        </div>
      </dl>
      <label className="at-switch">
        <input
          type="checkbox"
          checked={row.toUpline}
          disabled={upline.isPending}
          onChange={(event) => {
            const toUpline = event.target.checked;
            setSaid(null);
            upline.mutate(
              { memberId: row.memberId, toUpline },
              { onSuccess: (r) => setSaid(t(r.toUpline ? 'downline.toUplineOn' : 'downline.toUplineOff', { username: r.username })) },
            );
          }}
        />
        <span>{t('downline.toUpline')}</span>
      </label>
      {upline.error && (
        <p className="form__error" role="alert">
          {errorText(upline.error)}
        </p>
      )}
      {said && (
        <p className="mc-success" role="status">
          {said}
        </p>
      )}
      <div className="mc-actions at-card__actions">
        {row.teamSize > 0 && (
          <button type="button" className="button" onClick={() => onDrill(row.memberId)}>
            {t('downline.viewTeam')} ({row.teamSize})
          </button>
        )}
        {row.status === 'active' && (
          <button type="button" className="button button--primary" onClick={() => onTransfer(row.username)}>
            {t('downline.transfer')}
          </button>
        )}
      </div>
    </li>
  );
}
