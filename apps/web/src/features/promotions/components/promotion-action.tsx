import {
  type MemberPromotion,
  PROMOTION_COMMENT_LENGTH_MAX,
  PROMOTION_PROOF_IMAGES_MAX,
  type PromotionMemberStatus,
} from '@platform/contracts/promotions';
import { useState } from 'react';
import { z } from 'zod';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { IMAGE_ACCEPT, imageProblem } from '../../../lib/image-files.ts';
import { addFieldIssue, addFormIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { useMemberCentreNavigation } from '../../../state/use-member-centre-navigation.ts';
import { type ProofImage, usePromotionAction } from '../api/promotions-api.ts';
import { usePromotionsTranslation } from '../i18n/register-translations.ts';

/** What the server said after an action, as the member reads it. */
const RESULT_KEYS: Partial<Record<PromotionMemberStatus, string>> = {
  JOINED: 'actions.joined',
  PROCESSING: 'actions.granted',
  APPLYING: 'actions.queued',
};

/** A file's bytes as base64, the way the server takes proof images. */
async function proofOf(file: File): Promise<ProofImage> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { contentType: file.type === 'image/png' ? 'image/png' : 'image/jpeg', data: btoa(binary) };
}

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

  function run(kind: 'join' | 'claim'): void {
    setResult(null);
    setFailure(null);
    action.mutate(
      { kind },
      {
        onSuccess: (answer) => setResult(RESULT_KEYS[answer.status] ?? null),
        onError: (error) => setFailure(errorText(error)),
      },
    );
  }

  const { status } = promotion;
  let button: React.ReactNode = null;
  if (status === 'JOIN' || status === 'CLAIM') {
    const kind = status === 'JOIN' ? 'join' : 'claim';
    button = (
      <button type="button" className="button button--primary" disabled={action.isPending} onClick={() => run(kind)}>
        {action.isPending ? t('actions.sending') : t(`actions.${kind}`)}
      </button>
    );
  } else if (status === 'APPLY') {
    button = (
      <button type="button" className="button button--primary" onClick={() => setApplying(true)}>
        {t('actions.apply')}
      </button>
    );
  } else if (status === 'JOINED') {
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
          <ApplyForm
            promotion={promotion}
            needsProof={promotion.applicationProof}
            onDone={(answer) => {
              setApplying(false);
              setResult(RESULT_KEYS[answer] ?? null);
            }}
            onCancel={() => setApplying(false)}
          />
        </ModalDialog>
      )}
    </div>
  );
}

/** The application: a comment of up to 140 characters and up to 3 PNG or JPG images of 5 MB. */
export function ApplyForm({
  promotion,
  needsProof,
  onDone,
  onCancel,
}: {
  promotion: MemberPromotion;
  needsProof: boolean;
  onDone: (status: PromotionMemberStatus) => void;
  onCancel: () => void;
}) {
  const { t } = usePromotionsTranslation();
  const action = usePromotionAction(promotion.id);
  const max = PROMOTION_COMMENT_LENGTH_MAX;
  const schema = z.object({ comment: z.string().trim(), files: z.array(z.custom<File>()) }).superRefine(({ comment, files }, ctx) => {
    if (comment.length > max) addFieldIssue(ctx, 'comment', t('apply.commentTooLong', { max }));
    if (needsProof && files.length === 0) addFormIssue(ctx, t('apply.imageNeeded'));
  });
  const form = useZodForm(schema, { defaultValues: { comment: '', files: [] } });
  const files = form.watch('files');
  const comment = form.watch('comment');
  const problem = form.formState.errors.root?.message;
  const commentError = form.formState.errors.comment?.message;

  /** The chosen images are checked at once: too many or a wrong one empties the choice and says why. */
  function choose(list: FileList | null): void {
    form.clearErrors('root');
    const chosen = [...(list ?? [])];
    const refuse = (message: string) => {
      form.setValue('files', []);
      form.setError('root', { message });
    };
    if (chosen.length > PROMOTION_PROOF_IMAGES_MAX) {
      refuse(t('apply.imageCount'));
      return;
    }
    for (const file of chosen) {
      const issue = imageProblem(file);
      if (issue) {
        refuse(t(issue === 'image.type' ? 'apply.imageType' : 'apply.imageSize', { name: file.name }));
        return;
      }
    }
    form.setValue('files', chosen);
  }

  const submit = form.handleSubmit(async ({ comment: text, files: chosen }) => {
    const images = await Promise.all(chosen.map(proofOf));
    action.mutate(
      { kind: 'apply', ...(text === '' ? {} : { comment: text }), ...(images.length > 0 ? { images } : {}) },
      { onSuccess: (answer) => onDone(answer.status), onError: (error) => form.setError('root', { message: errorText(error) }) },
    );
  });

  return (
    <form className="form pr-apply" noValidate onSubmit={(event) => void submit(event)} aria-label={t('apply.title')}>
      <p className="pr-apply__title">{promotion.title}</p>
      <label className="form-field">
        <span className="form-field__label">{t('apply.comment')}</span>
        <textarea
          className="form-field__input pr-textarea"
          maxLength={max}
          aria-invalid={commentError ? true : undefined}
          {...form.register('comment')}
        />
        <span className="pr-muted">{t('apply.commentCount', { count: comment.length, max })}</span>
      </label>
      {commentError && (
        <p className="form__error" role="alert">
          {commentError}
        </p>
      )}
      <p className="pr-muted">{t('apply.images')}</p>
      <label className="button pr-upload">
        {t('apply.choose')}
        <input
          type="file"
          className="visually-hidden"
          accept={IMAGE_ACCEPT}
          multiple
          data-testid="promotion-proof-input"
          onChange={(event) => choose(event.target.files)}
        />
      </label>
      {files.length > 0 && (
        <p className="pr-muted" data-testid="promotion-proof-names">
          {t('apply.chosen', { count: files.length })}: {files.map((f) => f.name).join(', ')}
        </p>
      )}
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <div className="mc-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('apply.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={action.isPending}>
          {action.isPending ? t('actions.sending') : t('apply.submit')}
        </button>
      </div>
    </form>
  );
}
