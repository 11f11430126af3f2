import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { Notice } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { errorText } from '../i18n/i18n.ts';
import { mayUse, sectionsFor } from '../lib/sections.ts';

type Action = 'lock' | 'unlock' | 'forcePassword';
type Label = { id: number; name: string; isEnabled: boolean; rankLevel: number | null };

const PATH_OF: Record<Action, string> = { lock: 'lock', unlock: 'unlock', forcePassword: 'force-password-change' };

/**
 * The member's actions, each shown only with its permission: lock (with a reason), unlock, force a
 * password change, labels; every one is audited on the server. The file is read again after each.
 */
export function MemberActions({
  member,
}: {
  member: { id: number; username: string; status: 'active' | 'locked' | 'closed'; labelNames: string[] };
}) {
  const { t } = useTranslation();
  const operator = useSession()?.admin;
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Action | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: ({ action, reason }: { action: Action; reason: string }) =>
      adminCall('POST', `/members/${member.id}/${PATH_OF[action]}`, action === 'lock' ? { reason } : undefined),
    onMutate: () => setError(null),
    onError: (failure) => setError(errorText(failure)),
    onSuccess: async (_, { action }) => {
      setDialog(null);
      setNotice(t(`memberActions.${action === 'forcePassword' ? 'forced' : `${action}ed`}`, { username: member.username }));
      await client.invalidateQueries({ queryKey: ['member', member.id] });
    },
  });
  if (!operator) return null;
  const may = {
    lock: mayUse(operator, 'member:lock') && member.status === 'active',
    unlock: mayUse(operator, 'member:unlock'),
    forcePassword: mayUse(operator, 'member:force-password'),
    labels: mayUse(operator, 'member:label') && mayUse(operator, 'label:read'),
    audit: sectionsFor(operator).some((section) => section.key === 'audit'),
  };
  const decision = { error, isPending: act.isPending, clearError: () => setError(null) };
  return (
    <section className="card member-actions" aria-labelledby="member-actions-title">
      <h2 id="member-actions-title">{t('memberActions.title')}</h2>
      <Notice text={notice} />
      <div className="actions">
        {may.lock ? (
          <button type="button" className="button button--danger" onClick={() => setDialog('lock')}>
            {t('memberActions.lock')}
          </button>
        ) : null}
        {may.unlock ? (
          <button type="button" className="button" onClick={() => setDialog('unlock')}>
            {t('memberActions.unlock')}
          </button>
        ) : null}
        {may.forcePassword ? (
          <button type="button" className="button" onClick={() => setDialog('forcePassword')}>
            {t('memberActions.forcePassword')}
          </button>
        ) : null}
        {may.audit ? (
          <Link to={`/audit?memberId=${member.id}&memberName=${encodeURIComponent(member.username)}`}>{t('memberActions.audit')}</Link>
        ) : null}
      </div>
      {may.labels ? (
        <LabelPicker memberId={member.id} current={member.labelNames} onSaved={() => setNotice(t('memberActions.labelsSaved'))} />
      ) : null}
      {dialog ? (
        <ReasonDialog
          title={
            dialog === 'lock'
              ? t('memberActions.lockTitle', { username: member.username })
              : dialog === 'unlock'
                ? t('memberActions.unlockTitle', { username: member.username })
                : t('memberActions.forcePassword')
          }
          hint={t(
            dialog === 'lock'
              ? 'memberActions.lockHint'
              : dialog === 'unlock'
                ? 'memberActions.unlockHint'
                : 'memberActions.forcePasswordHint',
          )}
          submitLabel={t(`memberActions.${dialog}`)}
          tone={dialog === 'lock' ? 'danger' : 'primary'}
          decision={decision}
          text={dialog === 'lock' ? 'required' : 'none'}
          onConfirm={(reason) => {
            if (dialog === 'lock' && reason.length < 3) return t('memberActions.reasonShort');
            act.mutate({ action: dialog, reason });
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}

/** The merchant's labels as check boxes; saving sets the member's labels to exactly the checked ones. */
function LabelPicker({ memberId, current, onSaved }: { memberId: number; current: string[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const labels = useQuery({ queryKey: ['member-labels'], queryFn: () => adminGet<Label[]>('/member-labels'), staleTime: 60_000 });
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (labelIds: number[]) => adminCall('PUT', `/members/${memberId}/labels`, { labelIds }),
    onMutate: () => setError(null),
    onError: (failure) => setError(errorText(failure)),
    onSuccess: async () => {
      onSaved();
      setChosen(null);
      await client.invalidateQueries({ queryKey: ['member', memberId] });
    },
  });
  if (!labels.data) return null;
  // Until the operator ticks a box, the boxes show the member's labels as the file names them.
  const selected = chosen ?? new Set(labels.data.filter((label) => current.includes(label.name)).map((label) => label.id));
  if (labels.data.length === 0) return <p className="muted">{t('memberActions.noLabels')}</p>;
  return (
    <form
      className="label-picker"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate([...selected]);
      }}
    >
      <fieldset>
        <legend>{t('memberActions.labels')}</legend>
        {labels.data
          .filter((label) => label.isEnabled || selected.has(label.id))
          .map((label) => (
            <label key={label.id} className="check">
              <input
                type="checkbox"
                checked={selected.has(label.id)}
                onChange={(event) => {
                  const next = new Set(selected);
                  if (event.target.checked) next.add(label.id);
                  else next.delete(label.id);
                  setChosen(next);
                }}
              />
              {label.name}
            </label>
          ))}
      </fieldset>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={save.isPending || chosen === null}>
        {t('memberActions.saveLabels')}
      </button>
    </form>
  );
}
