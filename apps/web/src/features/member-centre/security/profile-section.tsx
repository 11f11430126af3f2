import {
  checkProfileField,
  type MemberProfileValue,
  PROFILE_FIELDS,
  PROFILE_MINIMUM_AGE,
  PROFILE_TEXT_MAX,
  type ProfileField,
  REQUIRED_PROFILE_FIELDS,
} from '@platform/contracts/member-centre';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useMemberProfile } from '../api/get-member-profile.ts';
import { useUpdateMemberProfile } from '../api/update-member-profile.ts';
import { ErrorState, LoadingState } from '../components/load-states.tsx';
import { formatDateTime, latestBirthdayFor } from '../format-time.ts';
import { MEMBER_CENTRE_NS } from '../i18n/register-translations.ts';
import { SectionCard } from './section-card.tsx';

type Values = Record<ProfileField, string>;

const AUTOCOMPLETE: Partial<Record<ProfileField, string>> = {
  permanentAddress: 'street-address',
  currentAddress: 'street-address',
  nationality: 'country-name',
  occupation: 'organization-title',
  birthday: 'bday',
};

/** The spec's profile fields; the required ones carry the mark, and the same checks run here and on the server. */
export function ProfileSection() {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const profile = useMemberProfile();
  let body = <LoadingState />;
  if (profile.error) body = <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  else if (profile.data) body = <ProfileForm profile={profile.data} />;
  return <SectionCard title={t('profile.title')}>{body}</SectionCard>;
}

const valuesOf = (profile: MemberProfileValue) => Object.fromEntries(PROFILE_FIELDS.map((f) => [f, profile[f]])) as Values;

function ProfileForm({ profile }: { profile: MemberProfileValue }) {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const { t: tCommon } = useTranslation();
  const save = useUpdateMemberProfile();
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [isSaved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function messageFor(field: ProfileField, issue: 'field_required' | 'field_invalid'): string {
    if (issue === 'field_required') return tCommon('validation.required');
    if (field === 'birthday') return t('profile.birthdayInvalid', { age: PROFILE_MINIMUM_AGE });
    return t('profile.tooLong', { max: PROFILE_TEXT_MAX });
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    setSaved(false);
    const today = new Date();
    const next: Partial<Record<ProfileField, string>> = {};
    for (const field of PROFILE_FIELDS) {
      const issue = checkProfileField(field, values[field], today);
      if (issue) next[field] = messageFor(field, issue);
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      // The first field to fix gets the focus (and comes into view), once the messages are drawn.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    save.mutate(values, {
      onSuccess: (stored) => {
        // The server trims; the form shows what it holds.
        setValues(valuesOf(stored));
        setSaved(true);
      },
    });
  }

  return (
    <form ref={formRef} className="form mc-profile" noValidate onSubmit={submit}>
      <p className="mc-note">{t('profile.intro')}</p>
      <div className="mc-profile__grid">
        {PROFILE_FIELDS.map((field) => (
          <FormField
            key={field}
            label={t(`profile.${field}`)}
            type={field === 'birthday' ? 'date' : 'text'}
            value={values[field]}
            onValueChange={(value) => {
              setValues((current) => ({ ...current, [field]: value }));
              setSaved(false);
            }}
            isRequired={REQUIRED_PROFILE_FIELDS.includes(field)}
            maxLength={field === 'birthday' ? undefined : PROFILE_TEXT_MAX}
            max={field === 'birthday' ? latestBirthdayFor(PROFILE_MINIMUM_AGE) : undefined}
            min={field === 'birthday' ? '1900-01-01' : undefined}
            autoComplete={AUTOCOMPLETE[field] ?? 'off'}
            hint={field === 'birthday' ? t('profile.birthdayHint', { age: PROFILE_MINIMUM_AGE }) : undefined}
            error={errors[field]}
          />
        ))}
      </div>
      {save.error && (
        <p className="form__error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      {isSaved && (
        <p className="mc-success" role="status">
          {t('profile.saved')}
        </p>
      )}
      <div className="mc-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t('profile.saving') : t('profile.save')}
        </button>
        {profile.updatedAt && <span className="mc-note">{t('profile.lastSaved', { time: formatDateTime(profile.updatedAt) })}</span>}
      </div>
    </form>
  );
}
