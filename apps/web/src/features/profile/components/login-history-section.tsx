import { LOGIN_HISTORY_LIMIT } from '@platform/contracts/member-centre';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { MEMBER_CENTRE_NS } from '../../../i18n/member-centre/register-translations.ts';
import { formatTableTime, withZoneLabel } from '../../../lib/time-format.ts';
import { useLoginHistory } from '../api/get-login-history.ts';

/** The member's recent logins (from the server's sessions): time, address, device and whether it is still open. */
export function LoginHistorySection() {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const history = useLoginHistory();
  let body = <LoadingState />;
  if (history.error) body = <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  else if (history.data && history.data.sessions.length === 0) body = <p className="mc-note">{t('history.empty')}</p>;
  else if (history.data) {
    body = (
      <table className="mc-table">
        <caption className="visually-hidden">{t('history.caption', { count: LOGIN_HISTORY_LIMIT })}</caption>
        <thead>
          <tr>
            <th scope="col">{withZoneLabel(t('history.time'))}</th>
            <th scope="col">{t('history.ip')}</th>
            <th scope="col">{t('history.device')}</th>
            <th scope="col">{withZoneLabel(t('history.lastSeen'))}</th>
            <th scope="col">{t('history.status')}</th>
          </tr>
        </thead>
        <tbody>
          {history.data.sessions.map((session) => {
            const status = session.current ? 'current' : session.active ? 'active' : 'ended';
            return (
              <tr
                key={`${session.loginTime}-${session.lastSeenTime}-${session.ip ?? ''}-${session.device}`}
                className={session.current ? 'mc-table__row--current' : undefined}
              >
                <td className="mc-table__time" data-label={withZoneLabel(t('history.time'))}>
                  {formatTableTime(session.loginTime)}
                </td>
                <td data-label={t('history.ip')}>{session.ip ?? t('history.unknown')}</td>
                <td data-label={t('history.device')}>{session.device || t('history.unknown')}</td>
                <td className="mc-table__time" data-label={withZoneLabel(t('history.lastSeen'))}>
                  {formatTableTime(session.lastSeenTime)}
                </td>
                <td data-label={t('history.status')}>
                  <span className={`mc-pill${status === 'ended' ? '' : ' mc-pill--on'}`}>{t(`history.${status}`)}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );
  }
  return <SectionCard title={t('history.title')}>{body}</SectionCard>;
}
