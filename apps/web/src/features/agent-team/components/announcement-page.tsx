import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime } from '../../../lib/time-format.ts';
import { useAgentAnnouncements, useSentNotices } from '../api/agent-team-api.ts';
import { AGENT_TEAM_NS } from '../i18n/register-translations.ts';
import { NoticeForm } from './notice-form.tsx';
import { TeamPager } from './team-parts.tsx';
import './agent-team.css';

/**
 * agentAnnouncement: the operator's announcements addressed to agents, a notice to the agent's own
 * downline, and the notices it has sent (with how many members read each).
 */
export function AnnouncementPage() {
  const { t } = useTranslation(AGENT_TEAM_NS);
  const [sentPage, setSentPage] = useState(1);
  const sent = useSentNotices(sentPage);
  return (
    <div className="mc-sections at-page">
      <SectionCard title={t('announcement.operatorTitle')}>
        <OperatorAnnouncements />
      </SectionCard>
      <SectionCard title={t('announcement.sendTitle')}>
        {sent.data ? <NoticeForm remaining={sent.data.remainingThisHour} /> : <LoadingState label={t('loading')} />}
      </SectionCard>
      <SectionCard title={t('announcement.sentTitle')}>
        {sent.error ? (
          <ErrorState error={sent.error} onRetry={() => void sent.refetch()} />
        ) : !sent.data ? (
          <LoadingState label={t('loading')} />
        ) : sent.data.list.length === 0 ? (
          <p className="mc-note">{t('announcement.sentEmpty')}</p>
        ) : (
          <>
            <ul className="at-list">
              {sent.data.list.map((n) => (
                <li key={n.id} className="at-list__item at-notice">
                  <details>
                    <summary>
                      <strong>{n.title}</strong>
                      <span className="mc-note">
                        {formatDateTime(n.createdAt)} ·{' '}
                        {t(n.audience === 'team' ? 'announcement.audienceTeam' : 'announcement.audienceDirect')} ·{' '}
                        {t('announcement.readCount', { count: n.readCount })}
                        {n.withdrawnAt && ` · ${t('announcement.withdrawn')}`}
                      </span>
                    </summary>
                    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server escaped the agent's text and cleaned it with the announcement allow-list (content.sanitize.ts) */}
                    <div className="rich-text" dangerouslySetInnerHTML={{ __html: n.bodyHtml }} />
                  </details>
                </li>
              ))}
            </ul>
            <TeamPager pageNo={sentPage} totalPages={sent.data.totalPages} onPage={setSentPage} />
          </>
        )}
      </SectionCard>
    </div>
  );
}

/** Announcements are HTML the server cleaned when the operator saved them. */
function OperatorAnnouncements() {
  const { t } = useTranslation(AGENT_TEAM_NS);
  const [pageNo, setPageNo] = useState(1);
  const list = useAgentAnnouncements(pageNo);
  if (list.error) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <LoadingState label={t('loading')} />;
  if (list.data.list.length === 0) return <p className="mc-note">{t('announcement.operatorEmpty')}</p>;
  return (
    <>
      <ul className="at-list">
        {list.data.list.map((a) => (
          <li key={a.id} className="at-list__item at-notice">
            <details>
              <summary>
                <strong>{a.title}</strong>
                <span className="mc-note">
                  {formatDateTime(a.createdAt)}
                  {!a.isRead && <span className="at-badge at-badge--new"> {t('announcement.unread')}</span>}
                </span>
              </summary>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: operator HTML cleaned by the server's allow-list when it was saved (content.sanitize.ts) */}
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: a.bodyHtml }} />
            </details>
          </li>
        ))}
      </ul>
      <TeamPager pageNo={pageNo} totalPages={list.data.totalPages} onPage={setPageNo} />
    </>
  );
}
