import { lazy, Suspense, useState } from 'react';
import { useSessionStore } from '../../../state/session-store.ts';
import { useClaimableEnvelopes, useReceivedEnvelopes } from '../api/red-envelopes-api.ts';
import { useRedEnvelopesTranslation } from '../i18n/register-translations.ts';
import './red-envelopes.css';

const ClaimDialog = lazy(async () => ({ default: (await import('./claim-dialog.tsx')).ClaimDialog }));

/**
 * The notice on the site: a red envelope button, pulsing with the number waiting, while a logged-in
 * real member has envelopes to open (the list reloads when the server pushes that one was sent), and
 * a quiet one for a member who received envelopes before. It opens the claim dialog, whose second
 * tab lists the envelopes received.
 */
export function RedEnvelopeNotice() {
  const { t } = useRedEnvelopesTranslation();
  const isRealMember = useSessionStore((s) => s.isLogin && !s.isTrial);
  const claimable = useClaimableEnvelopes(isRealMember);
  // A member who received envelopes before keeps the button (without a count) to read its records.
  const received = useReceivedEnvelopes(1, isRealMember);
  const [isOpen, setOpen] = useState(false);
  const count = claimable.data?.list.length ?? 0;
  const hasReceived = (received.data?.totalCount ?? 0) > 0;
  if (!isRealMember) return null;
  return (
    <>
      {(count > 0 || hasReceived) && (
        <button
          type="button"
          className={`re-notice${count > 0 ? ' re-notice--waiting' : ''}`}
          aria-label={count > 0 ? t('notice.button', { count }) : t('notice.title')}
          title={count > 0 ? t('notice.button', { count }) : t('notice.title')}
          onClick={() => setOpen(true)}
        >
          <span className="re-notice__seal" aria-hidden="true">
            ₫
          </span>
          {count > 0 && (
            <span className="re-notice__count" aria-hidden="true">
              {count}
            </span>
          )}
        </button>
      )}
      {isOpen && (
        <Suspense fallback={null}>
          <ClaimDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
