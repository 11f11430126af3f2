import {
  type AdminAnnouncement,
  type AdminBanner,
  ANNOUNCEMENT_PLATFORMS,
  ANNOUNCEMENT_TYPES,
  type AnnouncementType,
  BANNER_GROUPS,
  POPUP_REPEATS,
} from '@platform/contracts/content';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, SelectFilter, Tabs } from '../components/data-table.tsx';
import { ImageField } from '../components/image-field.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { useDecision } from '../components/use-queue.ts';
import { dateTime, instantOf, localInput } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

const TABS = ['banners', 'announcements'] as const;
type Tab = (typeof TABS)[number];
const ALL = 'all';

type BannerForm = {
  groupName: string;
  imageUrl: string;
  titleVi: string;
  titleEn: string;
  linkageType: '' | 'ROUTE' | 'URL';
  linkageTarget: string;
  sort: string;
  startsAt: string;
  endsAt: string;
  enabled: boolean;
};

type AnnouncementForm = {
  type: AnnouncementType;
  titleVi: string;
  titleEn: string;
  bodyVi: string;
  bodyEn: string;
  platform: (typeof ANNOUNCEMENT_PLATFORMS)[number];
  popupRepeat: (typeof POPUP_REPEATS)[number];
  sort: string;
  startsAt: string;
  endsAt: string;
  enabled: boolean;
};

const bannerForm = (b?: AdminBanner): BannerForm => ({
  groupName: b?.groupName ?? 'w_home',
  imageUrl: b?.imageUrl ?? '',
  titleVi: b?.title.vi ?? '',
  titleEn: b?.title.en ?? '',
  linkageType: b?.linkageType ?? '',
  linkageTarget: b?.linkageTarget ?? '',
  sort: String(b?.sort ?? 0),
  startsAt: localInput(b?.startsAt ?? null),
  endsAt: localInput(b?.endsAt ?? null),
  enabled: b?.enabled ?? true,
});

const announcementForm = (a?: AdminAnnouncement): AnnouncementForm => ({
  type: a?.type ?? 'B',
  titleVi: a?.title.vi ?? '',
  titleEn: a?.title.en ?? '',
  bodyVi: a?.body.vi ?? '',
  bodyEn: a?.body.en ?? '',
  platform: a?.platform ?? 'ALL',
  popupRepeat: a?.popupRepeat ?? 'session',
  sort: String(a?.sort ?? 0),
  startsAt: localInput(a?.startsAt ?? new Date().toISOString()),
  endsAt: localInput(a?.endsAt ?? null),
  enabled: a?.enabled ?? true,
});

const IMAGE_PATTERN = /^(\/(?!\/)[A-Za-z0-9._~\-/]+|https:\/\/[^\s"'<>]+)$/;
const SORT_PATTERN = /^-?[0-9]{1,5}$/;

/** The banner form's first problem (a translation key) or its body for the server; the server checks the same rules. */
export function bannerBody(form: BannerForm): { problem: string } | { body: object } {
  if (!/^[a-z][a-z0-9_]{1,39}$/.test(form.groupName)) return { problem: 'content.groupFormat' };
  if (!IMAGE_PATTERN.test(form.imageUrl.trim())) return { problem: 'content.imageFormat' };
  const target = form.linkageTarget.trim();
  if (form.linkageType === 'ROUTE' && !/^\/(?!\/)[^\s"'<>]*$/.test(target)) return { problem: 'content.routeFormat' };
  if (form.linkageType === 'URL' && !/^https?:\/\/[^\s"'<>]+$/.test(target)) return { problem: 'content.urlFormat' };
  if (!SORT_PATTERN.test(form.sort.trim()) || Math.abs(Number(form.sort)) > 10_000) return { problem: 'content.sortFormat' };
  const startsAt = instantOf(form.startsAt);
  const endsAt = instantOf(form.endsAt);
  if (startsAt && endsAt && endsAt <= startsAt) return { problem: 'content.periodOrder' };
  return {
    body: {
      groupName: form.groupName,
      imageUrl: form.imageUrl.trim(),
      linkageType: form.linkageType || null,
      linkageTarget: form.linkageType ? target : null,
      title: { vi: form.titleVi.trim(), en: form.titleEn.trim() },
      sort: Number(form.sort),
      startsAt,
      endsAt,
      enabled: form.enabled,
    },
  };
}

export function announcementBody(form: AnnouncementForm): { problem: string } | { body: object } {
  if (!form.titleVi.trim() && !form.titleEn.trim()) return { problem: 'content.titleRequired' };
  const startsAt = instantOf(form.startsAt);
  if (!startsAt) return { problem: 'content.startRequired' };
  const endsAt = instantOf(form.endsAt);
  if (endsAt && endsAt <= startsAt) return { problem: 'content.periodOrder' };
  if (!SORT_PATTERN.test(form.sort.trim()) || Math.abs(Number(form.sort)) > 10_000) return { problem: 'content.sortFormat' };
  return {
    body: {
      type: form.type,
      title: { vi: form.titleVi.trim(), en: form.titleEn.trim() },
      body: { vi: form.bodyVi, en: form.bodyEn },
      platform: form.platform,
      popupRepeat: form.popupRepeat,
      startsAt,
      endsAt,
      sort: Number(form.sort),
      enabled: form.enabled,
    },
  };
}

/** When an item shows: from and until, in the operator's clock ("always" without either). */
function Period({ startsAt, endsAt }: { startsAt: string | null; endsAt: string | null }) {
  const { t, i18n } = useTranslation();
  if (!startsAt && !endsAt) return <>{t('content.always')}</>;
  return (
    <>
      {startsAt ? dateTime(startsAt, i18n.language) : '…'} – {endsAt ? dateTime(endsAt, i18n.language) : t('content.noEnd')}
    </>
  );
}

function StateBadge({ enabled, endsAt }: { enabled: boolean; endsAt: string | null }) {
  const { t } = useTranslation();
  const ended = endsAt !== null && Date.parse(endsAt) <= Date.now();
  const state = !enabled ? 'hidden' : ended ? 'ended' : 'shown';
  return <span className={`badge${state === 'shown' ? '' : ' badge--warn'}`}>{t(`content.state.${state}`)}</span>;
}

type Editing =
  | { kind: 'banner'; before: AdminBanner | undefined; form: BannerForm }
  | { kind: 'announcement'; before: AdminAnnouncement | undefined; form: AnnouncementForm };

/**
 * Site content: the banners of each page group and the announcements (bulletins, popups, promotion
 * notices, headlines, news), each in Vietnamese and English with its period and order. Content and
 * support operators change them (content:write); others with content:read only look.
 */
export default function ContentSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'content:write') : false;
  const [tab, setTab] = useState<Tab>('banners');
  const [group, setGroup] = useState<string>(ALL);
  const [type, setType] = useState<string>(ALL);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ kind: 'banner' | 'announcement'; id: number; title: string } | null>(null);

  const banners = useQuery({
    queryKey: ['queue', 'content-banners', group],
    enabled: tab === 'banners',
    queryFn: () => adminGet<AdminBanner[]>(`/content/banners${queryString({ groupName: group === ALL ? undefined : group })}`),
  });
  const announcements = useQuery({
    queryKey: ['queue', 'content-announcements', type],
    enabled: tab === 'announcements',
    queryFn: () => adminGet<AdminAnnouncement[]>(`/content/announcements${queryString({ type: type === ALL ? undefined : type })}`),
  });

  const titleIn = (title: { vi: string; en: string }) => (i18n.language === 'vi' ? title.vi || title.en : title.en || title.vi);
  const save = useDecision(
    async (value: { kind: 'banner' | 'announcement'; id: number | undefined; body: object; done: string }) => {
      const base = value.kind === 'banner' ? '/content/banners' : '/content/announcements';
      return value.id === undefined ? adminCall('POST', base, value.body) : adminCall('PUT', `${base}/${value.id}`, value.body);
    },
    (value) => {
      setNotice(value.done);
      setEditing(null);
    },
  );
  const toggle = useDecision(
    async (value: { kind: 'banner' | 'announcement'; id: number; enable: boolean; done: string }) =>
      adminCall(
        'POST',
        `/content/${value.kind === 'banner' ? 'banners' : 'announcements'}/${value.id}/${value.enable ? 'enable' : 'disable'}`,
      ),
    (value) => setNotice(value.done),
  );
  const remove = useDecision(
    async (value: { kind: 'banner' | 'announcement'; id: number; title: string }) =>
      adminCall('DELETE', `/content/${value.kind === 'banner' ? 'banners' : 'announcements'}/${value.id}`),
    (value) => {
      setNotice(t('content.deleted', { title: value.title }));
      setDeleting(null);
    },
  );

  const open = (next: Editing) => {
    setFieldError(null);
    save.clearError();
    setEditing(next);
  };
  const submit = () => {
    if (!editing) return;
    const checked = editing.kind === 'banner' ? bannerBody(editing.form) : announcementBody(editing.form);
    if ('problem' in checked) return setFieldError(t(checked.problem));
    setFieldError(null);
    const title = titleIn({ vi: editing.form.titleVi, en: editing.form.titleEn }) || `#${editing.before?.id ?? ''}`;
    return save.run({ kind: editing.kind, id: editing.before?.id, body: checked.body, done: t('content.saved', { title }) });
  };
  const rowActions = (kind: 'banner' | 'announcement', item: AdminBanner | AdminAnnouncement) =>
    mayWrite ? (
      <>
        <button
          type="button"
          className="button"
          onClick={() =>
            kind === 'banner'
              ? open({ kind, before: item as AdminBanner, form: bannerForm(item as AdminBanner) })
              : open({ kind, before: item as AdminAnnouncement, form: announcementForm(item as AdminAnnouncement) })
          }
        >
          {t('content.edit')}
        </button>
        <button
          type="button"
          className="button"
          disabled={toggle.isPending}
          onClick={() =>
            toggle.run({
              kind,
              id: item.id,
              enable: !item.enabled,
              done: t(item.enabled ? 'content.hiddenDone' : 'content.shownDone', { title: titleIn(item.title) }),
            })
          }
        >
          {t(item.enabled ? 'content.hide' : 'content.show')}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            remove.clearError();
            setDeleting({ kind, id: item.id, title: titleIn(item.title) || `#${item.id}` });
          }}
        >
          {t('content.delete')}
        </button>
      </>
    ) : null;

  const bannerColumns: Column<AdminBanner>[] = [
    {
      key: 'image',
      header: t('content.image'),
      cell: (b) => <img className="thumb" src={b.imageUrl} alt={titleIn(b.title)} loading="lazy" />,
    },
    { key: 'title', header: t('content.title'), className: 'text', cell: (b) => titleIn(b.title) },
    { key: 'group', header: t('content.group'), cell: (b) => b.groupName },
    { key: 'sort', header: t('content.sort'), numeric: true, cell: (b) => b.sort },
    { key: 'period', header: t('content.period'), cell: (b) => <Period startsAt={b.startsAt} endsAt={b.endsAt} /> },
    { key: 'state', header: t('common.status'), cell: (b) => <StateBadge enabled={b.enabled} endsAt={b.endsAt} /> },
    { key: 'actions', header: t('common.actions'), actions: true, cell: (b) => rowActions('banner', b) },
  ];
  const announcementColumns: Column<AdminAnnouncement>[] = [
    { key: 'type', header: t('content.type'), cell: (a) => t(`content.types.${a.type}`) },
    { key: 'title', header: t('content.title'), className: 'text', cell: (a) => titleIn(a.title) },
    { key: 'platform', header: t('content.platform'), cell: (a) => t(`content.platforms.${a.platform}`) },
    { key: 'sort', header: t('content.sort'), numeric: true, cell: (a) => a.sort },
    { key: 'period', header: t('content.period'), cell: (a) => <Period startsAt={a.startsAt} endsAt={a.endsAt} /> },
    { key: 'state', header: t('common.status'), cell: (a) => <StateBadge enabled={a.enabled} endsAt={a.endsAt} /> },
    { key: 'actions', header: t('common.actions'), actions: true, cell: (a) => rowActions('announcement', a) },
  ];

  const setField = (name: string, value: string | boolean) =>
    setEditing((current) => (current ? ({ ...current, form: { ...current.form, [name]: value } } as Editing) : current));
  const text = (name: string, value: string) => ({
    name,
    value,
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
  });

  return (
    <section className="section" aria-labelledby="content-title">
      <header className="section__head">
        <h1 id="content-title">{t('content.heading')}</h1>
        {mayWrite ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() =>
              tab === 'banners'
                ? open({ kind: 'banner', before: undefined, form: bannerForm() })
                : open({ kind: 'announcement', before: undefined, form: announcementForm() })
            }
          >
            {t(tab === 'banners' ? 'content.addBanner' : 'content.addAnnouncement')}
          </button>
        ) : null}
      </header>
      <Tabs tabs={TABS} value={tab} label={(each) => t(`content.tabs.${each}`)} onChange={setTab} />
      <div className="filters">
        {tab === 'banners' ? (
          <SelectFilter
            label={t('content.group')}
            name="group"
            value={group}
            options={[ALL, ...BANNER_GROUPS]}
            optionLabel={(each) => (each === ALL ? t('common.all') : each)}
            onChange={setGroup}
          />
        ) : (
          <SelectFilter
            label={t('content.type')}
            name="type"
            value={type}
            options={[ALL, ...ANNOUNCEMENT_TYPES]}
            optionLabel={(each) => (each === ALL ? t('common.all') : t(`content.types.${each}`))}
            onChange={setType}
          />
        )}
      </div>
      <Notice text={notice} />
      {toggle.error ? (
        <p className="alert alert--error" role="alert">
          {toggle.error}
        </p>
      ) : null}
      {tab === 'banners' ? (
        <QueueState
          isLoading={banners.isLoading}
          error={banners.error}
          isEmpty={(banners.data?.length ?? 0) === 0}
          onRetry={() => void banners.refetch()}
        >
          <DataTable columns={bannerColumns} rows={banners.data ?? []} rowKey={(b) => b.id} rowTestId={(b) => `banner-${b.id}`} />
        </QueueState>
      ) : (
        <QueueState
          isLoading={announcements.isLoading}
          error={announcements.error}
          isEmpty={(announcements.data?.length ?? 0) === 0}
          onRetry={() => void announcements.refetch()}
        >
          <DataTable
            columns={announcementColumns}
            rows={announcements.data ?? []}
            rowKey={(a) => a.id}
            rowTestId={(a) => `announcement-${a.id}`}
          />
        </QueueState>
      )}

      {editing ? (
        <DecisionDialog
          title={
            editing.kind === 'banner'
              ? t(editing.before ? 'content.editBanner' : 'content.addBanner')
              : t(editing.before ? 'content.editAnnouncement' : 'content.addAnnouncement')
          }
          hint={t('content.periodHint')}
          submitLabel={t('content.save')}
          error={fieldError ?? save.error}
          isPending={save.isPending}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        >
          {editing.kind === 'banner' ? (
            <>
              <label className="field">
                {t('content.group')}
                <input {...text('groupName', editing.form.groupName)} list="banner-groups" autoComplete="off" />
                <datalist id="banner-groups">
                  {BANNER_GROUPS.map((each) => (
                    <option key={each} value={each} />
                  ))}
                </datalist>
              </label>
              <ImageField
                label={t('content.imageUrl')}
                name="imageUrl"
                value={editing.form.imageUrl}
                onChange={(address) => setField('imageUrl', address)}
                placeholder="/banners/…"
              />
              <label className="field">
                {t('content.titleVi')}
                <input {...text('titleVi', editing.form.titleVi)} maxLength={200} />
              </label>
              <label className="field">
                {t('content.titleEn')}
                <input {...text('titleEn', editing.form.titleEn)} maxLength={200} />
              </label>
              <label className="field">
                {t('content.linkType')}
                <select {...text('linkageType', editing.form.linkageType)}>
                  <option value="">{t('content.links.none')}</option>
                  <option value="ROUTE">{t('content.links.ROUTE')}</option>
                  <option value="URL">{t('content.links.URL')}</option>
                </select>
              </label>
              {editing.form.linkageType ? (
                <label className="field">
                  {t('content.linkTarget')}
                  <input {...text('linkageTarget', editing.form.linkageTarget)} autoComplete="off" />
                </label>
              ) : null}
            </>
          ) : (
            <>
              <label className="field">
                {t('content.type')}
                <select {...text('type', editing.form.type)}>
                  {ANNOUNCEMENT_TYPES.map((each) => (
                    <option key={each} value={each}>
                      {t(`content.types.${each}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                {t('content.titleVi')}
                <input {...text('titleVi', editing.form.titleVi)} maxLength={200} />
              </label>
              <label className="field">
                {t('content.bodyVi')}
                <textarea {...text('bodyVi', editing.form.bodyVi)} rows={4} />
              </label>
              <label className="field">
                {t('content.titleEn')}
                <input {...text('titleEn', editing.form.titleEn)} maxLength={200} />
              </label>
              <label className="field">
                {t('content.bodyEn')}
                <textarea {...text('bodyEn', editing.form.bodyEn)} rows={4} />
              </label>
              <label className="field">
                {t('content.platform')}
                <select {...text('platform', editing.form.platform)}>
                  {ANNOUNCEMENT_PLATFORMS.map((each) => (
                    <option key={each} value={each}>
                      {t(`content.platforms.${each}`)}
                    </option>
                  ))}
                </select>
              </label>
              {editing.form.type === 'PU' ? (
                <label className="field">
                  {t('content.popupRepeat')}
                  <select {...text('popupRepeat', editing.form.popupRepeat)}>
                    {POPUP_REPEATS.map((each) => (
                      <option key={each} value={each}>
                        {t(`content.repeats.${each}`)}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </>
          )}
          <label className="field">
            {t('content.sort')}
            <input {...text('sort', editing.form.sort)} inputMode="numeric" />
          </label>
          <label className="field">
            {t('content.startsAt')}
            <input {...text('startsAt', editing.form.startsAt)} type="datetime-local" />
          </label>
          <label className="field">
            {t('content.endsAt')}
            <input {...text('endsAt', editing.form.endsAt)} type="datetime-local" />
          </label>
          <label className="check">
            <input
              type="checkbox"
              name="enabled"
              checked={editing.form.enabled}
              onChange={(event) => setField('enabled', event.target.checked)}
            />
            {t('content.enabled')}
          </label>
        </DecisionDialog>
      ) : null}

      {deleting ? (
        <ReasonDialog
          title={t('content.deleteTitle', { title: deleting.title })}
          hint={t('content.deleteHint')}
          submitLabel={t('content.delete')}
          tone="danger"
          decision={remove}
          onConfirm={() => remove.run(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
