import type { MemberPromotion, PromotionMemberStatus } from '@platform/contracts/promotions';
import { lazy, Suspense, useState } from 'react';
import { LoadingState } from '../../../components/load-states.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useMemberCentreNavigation } from '../../../state/use-member-centre-navigation.ts';
import { usePromotionAction } from '../api/promotions-api.ts';
import { usePromotionsTranslation } from '../i18n/register-translations.ts';

/** The application form (zod and the form library) loads when the member opens it. */
const ApplyForm = lazy(async () => ({ default: (await import('./apply-form.tsx')).ApplyForm }));

/** What the server said after an action, as the member reads it. */
const RESULT_KEYS: Partial<Record<PromotionMemberStatus, string>> = {
  JOINED: 'actions.joined',
  PROCESSING: 'actions.granted',
  APPLYING: 'actions.queued',
};

/**
 * The action the member's status allows: join (deposit promotions), claim (claim button), apply
 * (application with a comment and proof images); a joined deposit promotion leads to the deposit page.
 */
export function PromotionAction({ promotion }: { promotion: MemberPromotion }) {
  const { t } = usePromotionsTranslation();
  const action = usePromotionAction(promotion.id);
  const { openPage } = useMemberCentreNavigation();
  const [applying, setApplying] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function run(kind: 'join' | 'claim' | 'raffle'): void {
    setResult(null);
    setFailure(null);
    action.mutate(
      { kind },
      {
        onSuccess: (answer) => setResult(kind === 'raffle' ? 'raffle.taken' : (RESULT_KEYS[answer.status] ?? null)),
        onError: (error) => setFailure(errorText(error)),
      },
    );
  }

  const { status } = promotion;
  let button: React.ReactNode = null;
  if (status === 'JOIN' || status === 'CLAIM') {
    const kind = status === 'JOIN' ? 'join' : promotion.trigger === 'raffle' ? 'raffle' : 'claim';
    button = (
      <button type="button" className="button button--primary" disabled={action.isPending} onClick={() => run(kind)}>
        {action.isPending ? t('actions.sending') : kind === 'raffle' ? t('raffle.take') : t(`actions.${kind}`)}
      </button>
    );
  } else if (status === 'APPLY') {
    button = (
      <button type="button" className="button button--primary" onClick={() => setApplying(true)}>
        {t('actions.apply')}
      </button>
    );
  } else if (status === 'JOINED' && (promotion.trigger === 'first_deposit' || promotion.trigger === 'reload_deposit')) {
    button = (
      <button type="button" className="button button--primary" onClick={() => openPage('depositv2')}>
        {t('actions.deposit')}
      </button>
    );
  }

  return (
    <div className="pr-action" data-status={status}>
      {button}
      {result && (
        <p className="mc-success" role="status">
          {t(result)}
        </p>
      )}
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      {applying && (
        <ModalDialog title={t('apply.title')} onClose={() => setApplying(false)}>
          <Suspense fallback={<LoadingState />}>
            <ApplyForm
              promotion={promotion}
              needsProof={promotion.applicationProof}
              onDone={(answer) => {
                setApplying(false);
                setResult(RESULT_KEYS[answer] ?? null);
              }}
              onCancel={() => setApplying(false)}
            />
          </Suspense>
        </ModalDialog>
      )}
    </div>
  );
}
