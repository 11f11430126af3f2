import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, BUILTIN_AVATARS } from '@platform/contracts/member-centre';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { MEMBER_CENTRE_NS } from '../../../i18n/member-centre/register-translations.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useChangeAvatar } from '../api/change-avatar.ts';
import { usePlayerAvatar } from '../api/get-player-avatar.ts';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Choose one of the built-in avatars or upload a PNG/JPEG of at most 1 MB. */
export function AvatarSection() {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const avatar = usePlayerAvatar();
  const change = useChangeAvatar();
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaved, setSaved] = useState(false);

  function apply(kind: Parameters<typeof change.mutate>[0]): void {
    setProblem(null);
    setSaved(false);
    change.mutate(kind, { onSuccess: () => setSaved(true), onError: (error) => setProblem(errorText(error)) });
  }

  async function upload(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setSaved(false);
    if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      setProblem(t('avatar.wrongType'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem(t('avatar.tooLarge'));
      return;
    }
    try {
      apply({ kind: 'upload', image: await readAsDataUrl(file) });
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  let body = <LoadingState />;
  if (avatar.error) body = <ErrorState error={avatar.error} onRetry={() => void avatar.refetch()} />;
  else if (avatar.data) {
    const current = avatar.data;
    body = (
      <div className="mc-avatars">
        <fieldset className="mc-avatars__set">
          <legend className="mc-avatars__legend">{t('avatar.choose')}</legend>
          <div className="mc-avatars__grid">
            {BUILTIN_AVATARS.map((key) => (
              <button
                key={key}
                type="button"
                className="mc-avatars__choice"
                aria-pressed={current.avatar === key}
                aria-label={t('avatar.use', { name: t(`avatar.names.${key}`) })}
                disabled={change.isPending}
                onClick={() => apply({ kind: 'builtin', avatar: key })}
              >
                <img src={`/avatars/${key}.svg`} alt="" width="56" height="56" />
              </button>
            ))}
            {current.image && (
              <span className="mc-avatars__choice mc-avatars__choice--upload" role="img" aria-label={t('avatar.yourPicture')}>
                <img src={current.image} alt="" width="56" height="56" />
              </span>
            )}
          </div>
        </fieldset>
        <div className="mc-actions">
          <label className="button mc-upload">
            <input
              className="visually-hidden"
              type="file"
              accept={AVATAR_CONTENT_TYPES.join(',')}
              disabled={change.isPending}
              onChange={(event) => void upload(event)}
            />
            {change.isPending && change.variables?.kind === 'upload' ? t('avatar.uploading') : t('avatar.upload')}
          </label>
          <span className="mc-note">{t('avatar.uploadHint')}</span>
        </div>
        {problem && (
          <p className="form__error" role="alert">
            {problem}
          </p>
        )}
        {isSaved && (
          <p className="mc-success" role="status">
            {t('avatar.saved')}
          </p>
        )}
      </div>
    );
  }
  return <SectionCard title={t('avatar.title')}>{body}</SectionCard>;
}
