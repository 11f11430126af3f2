import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../../api/get-member-info.ts';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { MEMBER_CENTRE_NS } from '../../../i18n/member-centre/register-translations.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { useLoginHistory } from '../api/get-login-history.ts';
import { MemberAvatar } from './member-avatar.tsx';

/** Who is logged in: name, avatar, registration and the previous login. */
export function AccountOverview() {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const userInfo = useSessionStore((s) => s.userInfo);
  const info = useMemberInfo();
  const history = useLoginHistory();
  const name = info.data?.nickname || userInfo?.nickname || userInfo?.username || '';

  let body = <LoadingState />;
  if (info.error) body = <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  else if (info.data) {
    const previous = history.data ? formatDateTime(history.data.previousLoginTime) || t('overview.firstLogin') : '…';
    body = (
      <div className="mc-overview">
        <MemberAvatar name={name} />
        <dl className="mc-facts">
          <div className="mc-facts__row">
            <dt>{t('overview.username')}</dt>
            <dd>{info.data.username}</dd>
          </div>
          <div className="mc-facts__row">
            <dt>{t('overview.nickname')}</dt>
            <dd>{info.data.nickname}</dd>
          </div>
          <div className="mc-facts__row">
            <dt>{t('overview.registered')}</dt>
            <dd>{formatDateTime(info.data.registerTime)}</dd>
          </div>
          <div className="mc-facts__row">
            <dt>{t('overview.previousLogin')}</dt>
            <dd>{previous}</dd>
          </div>
        </dl>
      </div>
    );
  }
  return <SectionCard title={t('overview.title')}>{body}</SectionCard>;
}
