import {
  checkProfileField,
  type MemberProfileValue,
  PROFILE_FIELDS,
  PROFILE_MINIMUM_AGE,
  PROFILE_TEXT_MAX,
  type ProfileField,
  REQUIRED_PROFILE_FIELDS,
} from '@platform/contracts/member-centre';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { MEMBER_CENTRE_NS } from '../../../i18n/member-centre/register-translations.ts';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime, latestBirthdayFor } from '../../../lib/format-time.ts';
import { addFieldIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { useMemberProfile } from '../api/get-member-profile.ts';
import { useUpdateMemberProfile } from '../api/update-member-profile.ts';

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
  const [isSaved, setSaved] = useState(false);

  function messageFor(field: ProfileField, issue: 'field_required' | 'field_invalid'): string {
    if (issue === 'field_required') return tCommon('validation.required');
    if (field === 'birthday') return t('profile.birthdayInvalid', { age: PROFILE_MINIMUM_AGE });
    return t('profile.tooLong', { max: PROFILE_TEXT_MAX });
  }

  // The profile's own rule from the contracts, the one the server checks with.
  const schema = z
    .object(Object.fromEntries(PROFILE_FIELDS.map((field) => [field, z.string()])) as Record<ProfileField, z.ZodString>)
    .superRefine((values, ctx) => {
      const today = new Date();
      for (const field of PROFILE_FIELDS) {
        const issue = checkProfileField(field, values[field], today);
        if (issue) addFieldIssue(ctx, field, messageFor(field, issue));
      }
    });
  // The first field to fix gets the focus (and comes into view).
  const form = useZodForm(schema, { defaultValues: valuesOf(profile), shouldFocusError: true });

  const submit = form.handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: (stored) => {
        // The server trims; the form shows what it holds.
        form.reset(valuesOf(stored));
        setSaved(true);
      },
    });
  });

  return (
    <form
      className="form mc-profile"
      noValidate
      onSubmit={(event) => {
        setSaved(false);
        void submit(event);
      }}
    >
      <p className="mc-note">{t('profile.intro')}</p>
      <div className="mc-profile__grid">
        {PROFILE_FIELDS.map((field) => (
          <FormFieldControl
            key={field}
            control={form.control}
            name={field}
            label={t(`profile.${field}`)}
            type={field === 'birthday' ? 'date' : 'text'}
            onValueChange={() => setSaved(false)}
            isRequired={REQUIRED_PROFILE_FIELDS.includes(field)}
            maxLength={field === 'birthday' ? undefined : PROFILE_TEXT_MAX}
            max={field === 'birthday' ? latestBirthdayFor(PROFILE_MINIMUM_AGE) : undefined}
            min={field === 'birthday' ? '1900-01-01' : undefined}
            autoComplete={AUTOCOMPLETE[field] ?? 'off'}
            hint={field === 'birthday' ? t('profile.birthdayHint', { age: PROFILE_MINIMUM_AGE }) : undefined}
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
