import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime } from '../../../lib/time-format.ts';
import { useInvitees, useRegisterCenter } from '../api/agent-team-api.ts';
import { AGENT_TEAM_NS } from '../i18n/register-translations.ts';
import { OpenAccountForm } from './open-account-form.tsx';
import { TeamPager, useAccountTypeName } from './team-parts.tsx';
import './agent-team.css';

/**
 * registerCenter: open an account in the downline; the agent's invitation code and link with a QR
 * code drawn in the page, copy buttons, and the members who joined through it.
 */
export function RegisterCenterPage() {
  const { t } = useTranslation(AGENT_TEAM_NS);
  const center = useRegisterCenter();
  if (center.error) return <ErrorState error={center.error} onRetry={() => void center.refetch()} />;
  if (!center.data) return <LoadingState label={t('loading')} />;
  const link = `${window.location.origin}${center.data.invitationPath}`;
  return (
    <div className="mc-sections at-page">
      <SectionCard title={t('register.formTitle')}>
        <OpenAccountForm center={center.data} />
      </SectionCard>
      <SectionCard title={t('register.inviteTitle')}>
        <p className="mc-note">{t('register.inviteHint')}</p>
        <div className="at-invite">
          <div className="at-invite__qr">
            <QRCodeSVG value={link} size={148} marginSize={2} title={t('register.qr')} role="img" aria-label={t('register.qr')} />
          </div>
          <dl className="at-invite__facts">
            <div className="at-invite__fact">
              <dt>{t('register.code')}</dt>
              <dd>
                <code className="at-invite__code" data-testid="invitation-code">
                  {center.data.invitationCode}
                </code>
                <CopyButton value={center.data.invitationCode} label={t('register.code')} />
              </dd>
            </div>
            <div className="at-invite__fact">
              <dt>{t('register.link')}</dt>
              <dd>
                <span className="at-invite__link">{link}</span>
                <CopyButton value={link} label={t('register.link')} />
              </dd>
            </div>
          </dl>
        </div>
      </SectionCard>
      <SectionCard title={t('register.inviteesTitle')}>
        <Invitees />
      </SectionCard>
    </div>
  );
}

function Invitees() {
  const { t } = useTranslation(AGENT_TEAM_NS);
  const typeName = useAccountTypeName();
  const [pageNo, setPageNo] = useState(1);
  const invitees = useInvitees(pageNo);
  if (invitees.error) return <ErrorState error={invitees.error} onRetry={() => void invitees.refetch()} />;
  if (!invitees.data) return <LoadingState label={t('loading')} />;
  if (invitees.data.list.length === 0) return <p className="mc-note">{t('register.inviteesEmpty')}</p>;
  return (
    <>
      <ul className="at-list">
        {invitees.data.list.map((m) => (
          <li key={m.memberId} className="at-list__item">
            <strong>{m.username}</strong>
            <span className="mc-note">
              {typeName(m.accountType)} · {t(`status.${m.status}`)}
            </span>
            <span className="mc-note">
              {t('register.joinedAt')}: {formatDateTime(m.joinedAt)}
            </span>
          </li>
        ))}
      </ul>
      <TeamPager pageNo={pageNo} totalPages={invitees.data.totalPages} onPage={setPageNo} />
    </>
  );
}
