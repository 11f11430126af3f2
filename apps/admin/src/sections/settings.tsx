import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { Tabs } from '../components/data-table.tsx';
import { Notice, QueueState } from '../components/queue-parts.tsx';
import { useDecision } from '../components/use-queue.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { settingFieldsEn, settingFieldsVi, settingFieldsZh } from '../i18n/setting-fields.ts';
import { settingsEn, settingsVi, settingsZh } from '../i18n/settings.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('settings', { vi: settingsVi, en: settingsEn, zh: settingsZh });
addSectionTexts('settingFields', { vi: settingFieldsVi, en: settingFieldsEn, zh: settingFieldsZh });

/**
 * A field's label in the operator's language: the setting's own wording for the property when it has
 * one, else the property's wording in every setting, else (a property added later) its name.
 */
function fieldLabel(t: TFunction, settingKey: string, path: string): string {
  const property = path.split('.').at(-1) ?? path;
  const general = t(`settingFields.fields.${property}`, { defaultValue: property });
  return t(`settingFields.fieldsOf.${settingKey.replaceAll('.', '_')}.${property}`, { defaultValue: general });
}

/** The part of JSON Schema the server's setting shapes use (z.toJSONSchema). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Setting = { key: string; value: unknown; schema?: JsonSchema };

const GROUPS = ['site', 'accounts', 'money', 'other'] as const;
type Group = (typeof GROUPS)[number];

/** Which tab a setting is under, by the module that declares it. */
export function groupOf(key: string): Group {
  const module = key.split('.')[0] ?? '';
  if (module === 'system') return 'site';
  if (module === 'accounts' || module === 'socialSignIn' || module === 'members') return 'accounts';
  if (['adminMoney', 'deposits', 'wallet', 'bankCards', 'withdrawals'].includes(module)) return 'money';
  return 'other';
}

/**
 * How a field is drawn: a check box, a number, a text, a choice, a group of fields, lines of text,
 * or JSON (what has no simpler field: lists of objects, values of several kinds). From the schema
 * when the server sent one, else from the value.
 */
export type FieldKind =
  | { kind: 'boolean' }
  | { kind: 'number'; nullable: boolean }
  | { kind: 'text'; nullable: boolean }
  | { kind: 'choice'; options: string[] }
  | { kind: 'object'; properties: Record<string, JsonSchema | undefined> }
  | { kind: 'lines' }
  | { kind: 'json' };

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

export function fieldKind(schema: JsonSchema | undefined, value: unknown): FieldKind {
  if (schema) {
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) {
      const notNull = alternatives.filter((each) => !typesOf(each).includes('null'));
      const nullable = notNull.length < alternatives.length;
      // '' or a URL, a literal or a text: all texts.
      if (notNull.every((each) => typesOf(each).includes('string') || typeof each.const === 'string'))
        return notNull.every((each) => typeof each.const === 'string')
          ? { kind: 'choice', options: notNull.map((each) => String(each.const)) }
          : { kind: 'text', nullable };
      if (notNull.length === 1 && notNull[0]) {
        const inner = fieldKind(notNull[0], value);
        if (inner.kind === 'number' || inner.kind === 'text') return { ...inner, nullable };
        return value === null ? { kind: 'json' } : inner;
      }
      return { kind: 'json' };
    }
    const types = typesOf(schema);
    const nullable = types.includes('null');
    if (schema.enum?.every((each) => typeof each === 'string')) return { kind: 'choice', options: schema.enum as string[] };
    if (types.includes('boolean')) return { kind: 'boolean' };
    if (types.includes('integer') || types.includes('number')) return { kind: 'number', nullable };
    if (types.includes('string')) return { kind: 'text', nullable };
    if (types.includes('object') && schema.properties && value !== null && typeof value === 'object' && !Array.isArray(value))
      return { kind: 'object', properties: schema.properties };
    if (types.includes('array')) return schema.items && typesOf(schema.items).includes('string') ? { kind: 'lines' } : { kind: 'json' };
  }
  if (typeof value === 'boolean') return { kind: 'boolean' };
  if (typeof value === 'number') return { kind: 'number', nullable: false };
  if (typeof value === 'string') return { kind: 'text', nullable: false };
  if (value !== null && typeof value === 'object' && !Array.isArray(value))
    return { kind: 'object', properties: Object.fromEntries(Object.keys(value).map((key) => [key, undefined])) };
  return { kind: 'json' };
}

/** What a typed text becomes: a number when it is one (else the text, which the server refuses by name), null when empty and allowed. */
export function valueOfText(text: string, kind: FieldKind): unknown {
  const trimmed = text.trim();
  if ((kind.kind === 'number' || kind.kind === 'text') && kind.nullable && trimmed === '') return null;
  if (kind.kind === 'number') return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text;
  return text;
}

type FieldProps = {
  /** The setting the field belongs to (its labels). */
  settingKey: string;
  path: string;
  label: string;
  schema: JsonSchema | undefined;
  value: unknown;
  disabled: boolean;
  onChange: (value: unknown) => void;
  onJsonProblem: (path: string, isBad: boolean) => void;
};

function Field({ settingKey, path, label, schema, value, disabled, onChange, onJsonProblem }: FieldProps) {
  const { t } = useTranslation();
  const kind = fieldKind(schema, value);
  const [text, setText] = useState(() =>
    kind.kind === 'json' ? JSON.stringify(value, null, 2) : kind.kind === 'lines' ? ((value as string[]) ?? []).join('\n') : '',
  );
  switch (kind.kind) {
    case 'boolean':
      return (
        <label className="check">
          <input type="checkbox" name={path} checked={value === true} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
          {label}
        </label>
      );
    case 'number':
    case 'text':
      return (
        <label className="field">
          {label}
          {kind.nullable ? ` ${t('settings.empty')}` : ''}
          <input
            name={path}
            value={value === null || value === undefined ? '' : String(value)}
            inputMode={kind.kind === 'number' ? 'decimal' : undefined}
            disabled={disabled}
            autoComplete="off"
            onChange={(e) => onChange(valueOfText(e.target.value, kind))}
          />
        </label>
      );
    case 'choice':
      return (
        <label className="field">
          {label}
          <select name={path} value={String(value ?? '')} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
            {kind.options.map((option) => (
              <option key={option} value={option}>
                {option === '' ? '—' : option}
              </option>
            ))}
          </select>
        </label>
      );
    case 'object':
      return (
        <fieldset className="fieldset">
          <legend>{label}</legend>
          {Object.entries(kind.properties).map(([key, child]) => (
            <Field
              key={key}
              settingKey={settingKey}
              path={`${path}.${key}`}
              label={fieldLabel(t, settingKey, key)}
              schema={child}
              value={(value as Record<string, unknown>)[key]}
              disabled={disabled}
              onChange={(next) => onChange({ ...(value as Record<string, unknown>), [key]: next })}
              onJsonProblem={onJsonProblem}
            />
          ))}
        </fieldset>
      );
    case 'lines':
      return (
        <label className="field">
          {label} ({t('settings.lines')})
          <textarea
            name={path}
            rows={Math.min(8, Math.max(2, text.split('\n').length))}
            value={text}
            disabled={disabled}
            onChange={(e) => {
              setText(e.target.value);
              onChange(
                e.target.value
                  .split('\n')
                  .map((line) => line.trim())
                  .filter(Boolean),
              );
            }}
          />
        </label>
      );
    default:
      return (
        <label className="field">
          {label} ({t('settings.json')})
          <textarea
            name={path}
            className="code"
            rows={Math.min(14, Math.max(3, text.split('\n').length))}
            value={text}
            disabled={disabled}
            onChange={(e) => {
              setText(e.target.value);
              try {
                onChange(JSON.parse(e.target.value));
                onJsonProblem(path, false);
              } catch {
                onJsonProblem(path, true);
              }
            }}
          />
        </label>
      );
  }
}

function SettingCard({ setting, mayWrite, onSaved }: { setting: Setting; mayWrite: boolean; onSaved: (name: string) => void }) {
  const { t } = useTranslation();
  const name = t(`settings.names.${setting.key.replaceAll('.', '_')}`, { defaultValue: setting.key });
  const [draft, setDraft] = useState<unknown>(setting.value);
  const [badJson, setBadJson] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useDecision(
    async (value: unknown) => adminCall('PUT', `/settings/${setting.key}`, { value }),
    () => onSaved(name),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (badJson[0]) return setProblem(t('settings.jsonInvalid', { field: fieldLabel(t, setting.key, badJson[0]) }));
    return save.run(draft);
  };
  const kind = fieldKind(setting.schema, setting.value);
  return (
    <form className="card setting" noValidate onSubmit={submit} data-testid={`setting-${setting.key}`}>
      <h2>{name}</h2>
      <p className="muted setting__key">{setting.key}</p>
      {kind.kind === 'object' ? (
        Object.entries(kind.properties).map(([key, child]) => (
          <Field
            key={key}
            settingKey={setting.key}
            path={key}
            label={fieldLabel(t, setting.key, key)}
            schema={child}
            value={(draft as Record<string, unknown>)[key]}
            disabled={!mayWrite}
            onChange={(next) => setDraft((current: unknown) => ({ ...(current as Record<string, unknown>), [key]: next }))}
            onJsonProblem={(path, isBad) =>
              setBadJson((current) => (isBad ? [...new Set([...current, path])] : current.filter((p) => p !== path)))
            }
          />
        ))
      ) : (
        <Field
          settingKey={setting.key}
          path={setting.key}
          label={name}
          schema={setting.schema}
          value={draft}
          disabled={!mayWrite}
          onChange={setDraft}
          onJsonProblem={(path, isBad) =>
            setBadJson((current) => (isBad ? [...new Set([...current, path])] : current.filter((p) => p !== path)))
          }
        />
      )}
      {(problem ?? save.error) ? (
        <p className="alert alert--error" role="alert">
          {problem ?? save.error}
        </p>
      ) : null}
      {mayWrite ? (
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {t('settings.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/**
 * Settings (docs/admin-console.md): every setting the modules declare editable, grouped by tab, drawn
 * from its shape, saved one at a time (settings:write; settings:read sees them). Secrets come masked
 * and the mask sent back keeps the stored secret.
 */
export default function SettingsSection() {
  const { t } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'settings:write') : false;
  const [group, setGroup] = useState<Group>('site');
  const [notice, setNotice] = useState<string | null>(null);
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => adminGet<Setting[]>('/settings') });
  const shown = (settings.data ?? []).filter((setting) => groupOf(setting.key) === group);
  return (
    <section className="section" aria-labelledby="settings-title">
      <header className="section__head">
        <h1 id="settings-title">{t('settings.title')}</h1>
      </header>
      <p className="muted">{t('settings.intro')}</p>
      {mayWrite ? null : <p className="alert">{t('settings.readOnly')}</p>}
      <Tabs tabs={GROUPS} value={group} label={(each) => t(`settings.groups.${each}`)} onChange={setGroup} />
      <Notice text={notice} />
      <QueueState
        isLoading={settings.isLoading}
        error={settings.error}
        isEmpty={shown.length === 0}
        onRetry={() => void settings.refetch()}
      >
        <div className="settings-list">
          {shown.map((setting) => (
            <SettingCard
              key={`${setting.key}-${JSON.stringify(setting.value)}`}
              setting={setting}
              mayWrite={mayWrite}
              onSaved={(name) => {
                setNotice(t('settings.saved', { name }));
                void settings.refetch();
              }}
            />
          ))}
        </div>
      </QueueState>
    </section>
  );
}
