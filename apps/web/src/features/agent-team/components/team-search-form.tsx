import { TEAM_SEARCH_LENGTH_MAX } from '@platform/contracts/agents/agent-team';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { AGENT_TEAM_NS } from '../i18n/register-translations.ts';

/** Search the whole team by part of a username; clearing goes back to the level being viewed. */
export function TeamSearchForm({
  onSearch,
  onClear,
  isSearching,
}: {
  onSearch: (username: string) => void;
  onClear: () => void;
  isSearching: boolean;
}) {
  const { t } = useTranslation(AGENT_TEAM_NS);
  const schema = z.object({
    username: z
      .string()
      .trim()
      .min(1, t('downline.searchRequired'))
      .max(TEAM_SEARCH_LENGTH_MAX, t('downline.searchTooLong', { max: TEAM_SEARCH_LENGTH_MAX })),
  });
  const form = useZodForm(schema, { defaultValues: { username: '' } });
  return (
    <form
      className="form at-search"
      aria-label={t('downline.searchTitle')}
      noValidate
      onSubmit={(event) => void form.handleSubmit(({ username }) => onSearch(username))(event)}
    >
      <FormFieldControl control={form.control} name="username" label={t('downline.searchLabel')} autoComplete="off" type="search" />
      <div className="mc-actions">
        <button type="submit" className="button button--primary">
          {t('downline.searchSubmit')}
        </button>
        {isSearching && (
          <button
            type="button"
            className="button"
            onClick={() => {
              form.reset({ username: '' });
              onClear();
            }}
          >
            {t('downline.searchClear')}
          </button>
        )}
      </div>
    </form>
  );
}
