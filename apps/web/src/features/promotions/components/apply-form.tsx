import {
  type MemberPromotion,
  PROMOTION_COMMENT_LENGTH_MAX,
  PROMOTION_PROOF_IMAGES_MAX,
  type PromotionMemberStatus,
} from '@platform/contracts/promotions';
import { z } from 'zod';
import { errorText } from '../../../lib/api-client.ts';
import { IMAGE_ACCEPT, imageProblem } from '../../../lib/image-files.ts';
import { addFieldIssue, addFormIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { type ProofImage, usePromotionAction } from '../api/promotions-api.ts';
import { usePromotionsTranslation } from '../i18n/register-translations.ts';

/** A file's bytes as base64, the way the server takes proof images. */
async function proofOf(file: File): Promise<ProofImage> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { contentType: file.type === 'image/png' ? 'image/png' : 'image/jpeg', data: btoa(binary) };
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
