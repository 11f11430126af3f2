import { useBalance } from '../../../api/get-balance.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { useSessionStore } from '../../../state/session-store.ts';
import { useRedEnvelopesTranslation } from '../i18n/register-translations.ts';
import { RedEnvelopeSendForm } from './red-envelope-send-form.tsx';
import { SentEnvelopes } from './sent-envelopes.tsx';
import './red-envelopes.css';

/** The agent centre's red envelope page (`agentRedEnvelope`): send an envelope, and the sent records. */
export function RedEnvelopePage() {
  const { t } = useRedEnvelopesTranslation();
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  // The member's wallets are all in its one currency; the logged-in bar has already read it.
  const currency = useBalance(customerId).data?.currency ?? 'VND';
  return (
    <div className="mc-sections">
      <SectionCard title={t('send.title')}>
        <p className="mc-note">{t('send.intro')}</p>
        <RedEnvelopeSendForm currency={currency} />
      </SectionCard>
      <SectionCard title={t('sent.title')}>
        <SentEnvelopes />
      </SectionCard>
    </div>
  );
}
