import type { SocialProviderSetting } from '@platform/contracts/social-sign-in';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { useDecision } from '../components/use-queue.ts';
import { mayUse } from '../lib/sections.ts';

/** The setting this screen edits (docs/social-sign-in.md); the settings API masks its client secrets. */
const SETTING_KEY = 'socialSignIn.providers';
const MAX_PROVIDERS = 10;
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
const SCOPE_PATTERN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

type Provider = SocialProviderSetting;
type Form = {
  key: string;
  nameVi: string;
  nameEn: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  isEnabled: boolean;
};

const nameIn = (name: Provider['name'], language: string): string =>
  typeof name === 'string' ? name : (name[language] ?? name.en ?? name.vi ?? Object.values(name)[0] ?? '');

function formOf(provider: Provider | undefined): Form {
  if (!provider)
    return { key: '', nameVi: '', nameEn: '', issuer: '', clientId: '', clientSecret: '', scopes: 'email profile', isEnabled: true };
  const name = provider.name;
  return {
    key: provider.key,
    nameVi: typeof name === 'string' ? name : (name.vi ?? ''),
    nameEn: typeof name === 'string' ? name : (name.en ?? ''),
    issuer: provider.issuer,
    clientId: provider.clientId,
    // Never shown: the server sends a mask, and an empty field keeps what is stored.
    clientSecret: '',
    scopes: provider.scopes.join(' '),
    isEnabled: provider.isEnabled,
  };
}

/** Whether an issuer passes the server's rule: https, or http on this machine (a local provider). */
function isIssuerAllowed(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
  } catch {
    return false;
  }
}

/** The form's first problem as a translation key, or null; `others` are the providers the form does not edit. */
function problemOf(form: Form, others: Provider[], isNew: boolean): string | null {
  if (!KEY_PATTERN.test(form.key)) return 'socialProviders.keyFormat';
  if (others.some((p) => p.key === form.key)) return 'socialProviders.keyTaken';
  if (!form.nameVi.trim() && !form.nameEn.trim()) return 'socialProviders.nameRequired';
  if (!isIssuerAllowed(form.issuer.trim())) return 'socialProviders.issuerFormat';
  if (!form.clientId.trim()) return 'socialProviders.clientIdRequired';
  if (isNew && !form.clientSecret) return 'socialProviders.secretRequired';
  if (!form.scopes.split(/\s+/).every((scope) => scope === '' || SCOPE_PATTERN.test(scope))) return 'socialProviders.scopeFormat';
  return null;
}

function providerOf(form: Form, before: Provider | undefined): Provider {
  const name: Record<string, string> = {};
  if (form.nameVi.trim()) name.vi = form.nameVi.trim();
  if (form.nameEn.trim()) name.en = form.nameEn.trim();
  return {
    key: form.key,
    name,
    issuer: form.issuer.trim(),
    clientId: form.clientId.trim(),
    // An untouched secret goes back as the mask the server sent, which keeps the stored one.
    clientSecret: form.clientSecret || (before?.clientSecret ?? ''),
    scopes: form.scopes.split(/\s+/).filter(Boolean),
    isEnabled: form.isEnabled,
  };
}

/**
 * The merchant's social sign-in providers (OpenID Connect): list, add, edit, enable and disable.
 * Client secrets are never shown: the settings API sends a mask, and sending the mask back keeps
 * the stored secret. Reading needs settings:read; changes need settings:write (the server decides).
 */
export default function SocialProvidersSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'settings:write') : false;
  const [editing, setEditing] = useState<{ before: Provider | undefined; form: Form } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const providers = useQuery({
    queryKey: ['queue', 'social-providers'],
    queryFn: async (): Promise<Provider[]> => {
      const settings = await adminGet<{ key: string; value: unknown }[]>('/settings');
      const found = settings.find((s) => s.key === SETTING_KEY)?.value as { providers: Provider[] } | undefined;
      return found?.providers ?? [];
    },
  });
  const list = providers.data ?? [];
  const save = useDecision(
    async (value: { providers: Provider[]; done: string }) =>
      adminCall('PUT', `/settings/${SETTING_KEY}`, { value: { providers: value.providers } }),
    (value) => {
      setNotice(value.done);
      close();
    },
  );
  const close = () => {
    setEditing(null);
    setFieldError(null);
    save.clearError();
  };
  const submit = () => {
    if (!editing) return;
    const others = list.filter((p) => p !== editing.before);
    const problem = problemOf(editing.form, others, editing.before === undefined);
    if (problem) return setFieldError(t(problem));
    if (!editing.before && list.length >= MAX_PROVIDERS) return setFieldError(t('socialProviders.tooMany'));
    setFieldError(null);
    const next = providerOf(editing.form, editing.before);
    const saved = editing.before ? list.map((p) => (p === editing.before ? next : p)) : [...list, next];
    return save.run({ providers: saved, done: t('socialProviders.saved', { key: next.key }) });
  };
  const toggle = (provider: Provider) => {
    const next = { ...provider, isEnabled: !provider.isEnabled };
    save.run({
      providers: list.map((p) => (p === provider ? next : p)),
      done: t('socialProviders.switched', { key: provider.key, state: t(`socialProviders.state.${next.isEnabled ? 'on' : 'off'}`) }),
    });
  };
  const field = (name: keyof Form) => ({
    name,
    value: String(editing?.form[name] ?? ''),
    onChange: (event: { target: { value: string } }) =>
      setEditing((current) => (current ? { ...current, form: { ...current.form, [name]: event.target.value } } : current)),
  });
  const redirect = `${window.location.origin}/wps/session/social/<key>/callback`;
  return (
    <section className="section" aria-labelledby="social-providers-title">
      <header className="section__head">
        <h1 id="social-providers-title">{t('socialProviders.title')}</h1>
        {mayWrite ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setEditing({ before: undefined, form: formOf(undefined) })}
          >
            {t('socialProviders.add')}
          </button>
        ) : null}
      </header>
      <p className="muted wrap-anywhere">{t('socialProviders.intro', { redirect })}</p>
      <Notice text={notice} />
      {!editing && save.error ? (
        <p className="alert alert--error" role="alert">
          {save.error}
        </p>
      ) : null}
      <QueueState isLoading={providers.isLoading} error={providers.error} isEmpty={false} onRetry={() => void providers.refetch()}>
        {list.length === 0 ? (
          <p className="empty">{t('socialProviders.none')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('socialProviders.key')}</th>
                  <th scope="col">{t('socialProviders.name')}</th>
                  <th scope="col">{t('socialProviders.issuer')}</th>
                  <th scope="col">{t('socialProviders.clientId')}</th>
                  <th scope="col">{t('socialProviders.clientSecret')}</th>
                  <th scope="col">{t('common.status')}</th>
                  {mayWrite ? <th scope="col">{t('common.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {list.map((provider) => (
                  <tr key={provider.key} data-testid={`provider-${provider.key}`}>
                    <td data-label={t('socialProviders.key')}>{provider.key}</td>
                    <td data-label={t('socialProviders.name')}>{nameIn(provider.name, i18n.language)}</td>
                    <td data-label={t('socialProviders.issuer')} className="text">
                      {provider.issuer}
                    </td>
                    <td data-label={t('socialProviders.clientId')} className="text">
                      {provider.clientId}
                    </td>
                    <td data-label={t('socialProviders.clientSecret')}>
                      <span className="muted">••••••••</span>
                    </td>
                    <td data-label={t('common.status')}>
                      <span className={`badge${provider.isEnabled ? '' : ' badge--warn'}`}>
                        {t(`socialProviders.state.${provider.isEnabled ? 'on' : 'off'}`)}
                      </span>
                    </td>
                    {mayWrite ? (
                      <td className="actions">
                        <button type="button" className="button" onClick={() => setEditing({ before: provider, form: formOf(provider) })}>
                          {t('socialProviders.edit')}
                        </button>
                        <button type="button" className="button" disabled={save.isPending} onClick={() => toggle(provider)}>
                          {t(provider.isEnabled ? 'socialProviders.disable' : 'socialProviders.enable')}
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueueState>
      {editing ? (
        <DecisionDialog
          title={editing.before ? t('socialProviders.editTitle', { key: editing.before.key }) : t('socialProviders.addTitle')}
          submitLabel={t('socialProviders.save')}
          error={fieldError ?? save.error}
          isPending={save.isPending}
          onSubmit={submit}
          onClose={close}
        >
          <label className="field">
            {t('socialProviders.key')}
            <input {...field('key')} readOnly={editing.before !== undefined} autoComplete="off" maxLength={32} />
          </label>
          <label className="field">
            {t('socialProviders.nameVi')}
            <input {...field('nameVi')} maxLength={64} />
          </label>
          <label className="field">
            {t('socialProviders.nameEn')}
            <input {...field('nameEn')} maxLength={64} />
          </label>
          <label className="field">
            {t('socialProviders.issuer')}
            <input {...field('issuer')} type="url" inputMode="url" maxLength={512} placeholder="https://" />
          </label>
          <label className="field">
            {t('socialProviders.clientId')}
            <input {...field('clientId')} autoComplete="off" maxLength={256} />
          </label>
          <label className="field">
            {t('socialProviders.clientSecret')}
            <input
              {...field('clientSecret')}
              type="password"
              autoComplete="new-password"
              maxLength={512}
              placeholder={editing.before ? t('socialProviders.secretKept') : ''}
            />
          </label>
          <label className="field">
            {t('socialProviders.scopes')}
            <input {...field('scopes')} autoComplete="off" />
          </label>
          <label className="check">
            <input
              type="checkbox"
              name="isEnabled"
              checked={editing.form.isEnabled}
              onChange={(event) =>
                setEditing((current) => (current ? { ...current, form: { ...current.form, isEnabled: event.target.checked } } : current))
              }
            />
            {t('socialProviders.enabled')}
          </label>
        </DecisionDialog>
      ) : null}
    </section>
  );
}
