import {
  type AdminInboxAudiences,
  type AdminInboxMessage,
  type AdminInboxReach,
  INBOX_CATEGORIES,
  INBOX_MEMBER_IDS_MAX,
  INBOX_SCHEDULE_DAYS_MAX,
  INBOX_TITLE_MAX,
  type InboxCategory,
} from '@platform/contracts/inbox';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, PagedTable } from '../components/data-table.tsx';
import { DecisionDialog, Notice } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { inboxEn, inboxVi, inboxZh } from '../i18n/inbox.ts';
import { dateTime, instantOf } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('inbox', { vi: inboxVi, en: inboxEn, zh: inboxZh });

const AUDIENCE_KINDS = ['all', 'agents', 'usernames', 'label', 'vip'] as const;
type AudienceKind = (typeof AUDIENCE_KINDS)[number];

type MessageForm = {
  category: InboxCategory;
  title: string;
  body: string;
  audience: AudienceKind;
  usernames: string;
  labelId: string;
  vipFrom: string;
  vipTo: string;
  isScheduled: boolean;
  sendAt: string;
  /** One id per dialog: sending again after a lost answer makes one message. */
  requestId: string;
};

export const newMessageForm = (): MessageForm => ({
  category: 'system',
  title: '',
  body: '',
  audience: 'all',
  usernames: '',
  labelId: '',
  vipFrom: '0',
  vipTo: '0',
  isScheduled: false,
  sendAt: '',
  requestId: crypto.randomUUID(),
});

const DAY_MS = 86_400_000;

/** The usernames typed one a line or separated by commas, each once. */
export function usernamesOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,;]/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

/** The send's body for the server, or its first problem (a key of `inbox.problems`); the server checks the same. */
export function messageBody(form: MessageForm, now: number): { problem: string } | { body: Record<string, unknown> } {
  const title = form.title.trim();
  if (title === '' || title.length > INBOX_TITLE_MAX) return { problem: 'title' };
  if (form.body.trim() === '') return { problem: 'body' };
  let audience: Record<string, unknown>;
  if (form.audience === 'usernames') {
    const usernames = usernamesOf(form.usernames);
    if (usernames.length === 0 || usernames.length > INBOX_MEMBER_IDS_MAX) return { problem: 'usernames' };
    audience = { type: 'usernames', usernames };
  } else if (form.audience === 'label') {
    if (!/^\d+$/.test(form.labelId)) return { problem: 'label' };
    audience = { type: 'label', labelId: Number(form.labelId) };
  } else if (form.audience === 'vip') {
    const minLevel = Number(form.vipFrom);
    const maxLevel = Number(form.vipTo);
    if (!Number.isInteger(minLevel) || !Number.isInteger(maxLevel) || minLevel > maxLevel) return { problem: 'vip' };
    audience = { type: 'vip', minLevel, maxLevel };
  } else audience = { type: form.audience };
  let sendAt: string | undefined;
  if (form.isScheduled) {
    const at = instantOf(form.sendAt);
    if (!at || Date.parse(at) <= now || Date.parse(at) > now + INBOX_SCHEDULE_DAYS_MAX * DAY_MS) return { problem: 'sendAt' };
    sendAt = at;
  }
  return {
    body: {
      category: form.category,
      title,
      bodyHtml: form.body.trim(),
      audience,
      ...(sendAt ? { sendAt } : {}),
      requestId: form.requestId,
    },
  };
}

/** Whether a message is waiting for its sending time, sent, or withdrawn. */
export function stateOf(message: Pick<AdminInboxMessage, 'withdrawnAt' | 'sendAt'>, now: number): 'sent' | 'scheduled' | 'withdrawn' {
  if (message.withdrawnAt) return 'withdrawn';
  return message.sendAt && Date.parse(message.sendAt) > now ? 'scheduled' : 'sent';
}

/**
 * Platform messages (`inbox:read`; sending and withdrawing `inbox:write`): what was sent to whom, how
 * many read it, messages waiting for their sending time; a new message to every member, the agents,
 * members by username, a label's holders or a range of VIP levels, now or at a time.
 */
export default function InboxSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'inbox:write') : false;
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [form, setForm] = useState<MessageForm | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminInboxMessage | null>(null);
  const [details, setDetails] = useState<AdminInboxMessage | null>(null);

  const list = useQueuePage<AdminInboxMessage>('inbox', `/inbox/messages${queryString({ pageNo: page, pageSize: PAGE_SIZE })}`);
  const audiences = useQuery({
    queryKey: ['inbox', 'audiences'],
    queryFn: () => adminGet<AdminInboxAudiences>('/inbox/audiences'),
  });
  const reach = useQuery({
    queryKey: ['queue', 'inbox-reach', details?.id],
    enabled: details !== null,
    queryFn: () => adminGet<AdminInboxReach>(`/inbox/messages/${details?.id}/reach`),
  });

  const when = (iso: string) => dateTime(iso, i18n.language);
  const levelName = (level: number) => {
    const found = audiences.data?.vipLevels.find((l) => l.level === level);
    return found ? (found.names[i18n.language] ?? found.names.en ?? found.code) : String(level);
  };
  const describeAudience = (audience: AdminInboxMessage['audience']) => {
    switch (audience.type) {
      case 'members':
        return t('inbox.audiences.members', { count: audience.memberIds.length });
      case 'label': {
        const label = audiences.data?.labels.find((l) => l.id === audience.labelId);
        return t('inbox.audiences.label', { label: label?.name ?? `#${audience.labelId}` });
      }
      case 'vip':
        return audience.minLevel === audience.maxLevel
          ? t('inbox.audiences.vipOne', { level: levelName(audience.minLevel) })
          : t('inbox.audiences.vip', { from: levelName(audience.minLevel), to: levelName(audience.maxLevel) });
      default:
        return t(`inbox.audiences.${audience.type}`);
    }
  };

  const send = useDecision(
    (value: { body: Record<string, unknown> }) => adminCall<AdminInboxMessage>('POST', '/inbox/messages', value.body),
    (_value, sent) => {
      setNotice(
        sent.sendAt ? t('inbox.scheduled', { title: sent.title, time: when(sent.sendAt) }) : t('inbox.sent', { title: sent.title }),
      );
      setForm(null);
      setPage(1);
    },
  );
  const withdraw = useDecision(
    (value: AdminInboxMessage) => adminCall('DELETE', `/inbox/messages/${value.id}`),
    (value) => {
      setNotice(t('inbox.withdrawn', { title: value.title }));
      setWithdrawing(null);
    },
  );

  const columns: Column<AdminInboxMessage>[] = [
    { key: 'title', header: t('inbox.subject'), className: 'text', cell: (m) => m.title },
    { key: 'category', header: t('inbox.category'), cell: (m) => t(`inbox.categories.${m.category}`) },
    { key: 'audience', header: t('inbox.audience'), cell: (m) => describeAudience(m.audience) },
    { key: 'when', header: t('inbox.when'), cell: (m) => when(m.sendAt ?? m.createdAt) },
    { key: 'reads', header: t('inbox.reads'), numeric: true, cell: (m) => m.readCount },
    {
      key: 'state',
      header: t('common.status'),
      cell: (m) => {
        const state = stateOf(m, Date.now());
        return <span className={`badge${state === 'sent' ? ' badge--ok' : ' badge--warn'}`}>{t(`inbox.state.${state}`)}</span>;
      },
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (m) => (
        <>
          <button type="button" className="button" onClick={() => setDetails(m)}>
            {t('inbox.details')}
          </button>
          {mayWrite && !m.withdrawnAt ? (
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                withdraw.clearError();
                setWithdrawing(m);
              }}
            >
              {t(stateOf(m, Date.now()) === 'scheduled' ? 'inbox.cancelSending' : 'inbox.withdraw')}
            </button>
          ) : null}
        </>
      ),
    },
  ];

  const field = <K extends keyof MessageForm>(key: K, value: MessageForm[K]) =>
    setForm((current) => (current ? { ...current, [key]: value } : current));
  const levels = audiences.data?.vipLevels.length ? audiences.data.vipLevels.map((l) => l.level) : [0];
  const share = (read: number, of: number) =>
    new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : i18n.language === 'en' ? 'en-GB' : 'vi-VN', { style: 'percent' }).format(
      of > 0 ? read / of : 0,
    );

  return (
    <section className="section" aria-labelledby="inbox-title">
      <header className="section__head">
        <h1 id="inbox-title">{t('inbox.title')}</h1>
        {mayWrite ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              send.clearError();
              setProblem(null);
              setForm(newMessageForm());
            }}
          >
            {t('inbox.newMessage')}
          </button>
        ) : null}
      </header>
      <p className="muted">{t('inbox.intro')}</p>
      <Notice text={notice} />
      <PagedTable query={list} page={page} onPage={setPage} columns={columns} rowKey={(m) => m.id} rowTestId={(m) => `message-${m.id}`} />

      {form ? (
        <DecisionDialog
          title={t('inbox.formTitle')}
          hint={t('inbox.formHint')}
          submitLabel={t(form.isScheduled ? 'inbox.schedule' : 'inbox.send')}
          error={problem ?? send.error}
          isPending={send.isPending}
          onSubmit={() => {
            const checked = messageBody(form, Date.now());
            if ('problem' in checked) return setProblem(t(`inbox.problems.${checked.problem}`));
            setProblem(null);
            return send.run({ body: checked.body });
          }}
          onClose={() => setForm(null)}
        >
          <label className="field">
            {t('inbox.category')}
            <select name="category" value={form.category} onChange={(e) => field('category', e.target.value as InboxCategory)}>
              {INBOX_CATEGORIES.map((each) => (
                <option key={each} value={each}>
                  {t(`inbox.categories.${each}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t('inbox.subject')}
            <input name="title" maxLength={INBOX_TITLE_MAX} value={form.title} onChange={(e) => field('title', e.target.value)} />
          </label>
          <label className="field">
            {t('inbox.body')}
            <textarea name="body" rows={6} value={form.body} onChange={(e) => field('body', e.target.value)} />
          </label>
          <label className="field">
            {t('inbox.audience')}
            <select name="audience" value={form.audience} onChange={(e) => field('audience', e.target.value as AudienceKind)}>
              {AUDIENCE_KINDS.map((each) => (
                <option key={each} value={each}>
                  {t(`inbox.audienceKinds.${each}`)}
                </option>
              ))}
            </select>
          </label>
          {form.audience === 'usernames' ? (
            <label className="field">
              {t('inbox.usernames')}
              <textarea name="usernames" rows={3} value={form.usernames} onChange={(e) => field('usernames', e.target.value)} />
            </label>
          ) : null}
          {form.audience === 'label' ? (
            <label className="field">
              {t('inbox.label')}
              <select name="labelId" value={form.labelId} onChange={(e) => field('labelId', e.target.value)}>
                <option value="">—</option>
                {(audiences.data?.labels ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {t('inbox.labelOption', { name: l.name, count: l.memberCount })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {form.audience === 'vip' ? (
            <div className="filters">
              {(['vipFrom', 'vipTo'] as const).map((key) => (
                <label key={key}>
                  {t(`inbox.${key}`)}
                  <select name={key} value={form[key]} onChange={(e) => field(key, e.target.value)}>
                    {levels.map((level) => (
                      <option key={level} value={level}>
                        {level === 0 ? t('inbox.vipNone') : levelName(level)}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
          ) : null}
          <fieldset className="field">
            <legend>{t('inbox.sendWhen')}</legend>
            <label className="check">
              <input type="radio" name="when" checked={!form.isScheduled} onChange={() => field('isScheduled', false)} />{' '}
              {t('inbox.sendNow')}
            </label>
            <label className="check">
              <input type="radio" name="when" checked={form.isScheduled} onChange={() => field('isScheduled', true)} />{' '}
              {t('inbox.sendLater')}
            </label>
          </fieldset>
          {form.isScheduled ? (
            <label className="field">
              {t('inbox.sendAt')}
              <input type="datetime-local" name="sendAt" value={form.sendAt} onChange={(e) => field('sendAt', e.target.value)} />
            </label>
          ) : null}
        </DecisionDialog>
      ) : null}

      {details ? (
        <DecisionDialog
          title={t('inbox.detailsTitle', { title: details.title })}
          hint={`${describeAudience(details.audience)} · ${when(details.sendAt ?? details.createdAt)}`}
          submitLabel=""
          canSubmit={false}
          error={null}
          isPending={false}
          onSubmit={() => setDetails(null)}
          onClose={() => setDetails(null)}
        >
          <p data-testid="inbox-reach">
            {reach.data
              ? t('inbox.reach', {
                  reach: reach.data.reach,
                  read: reach.data.readCount,
                  share: share(reach.data.readCount, reach.data.reach),
                })
              : t('inbox.reachLoading')}
          </p>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server cleaned the message with the site's allow-list (content.sanitize.ts) when it was sent. */}
          <div className="help-preview__body" dangerouslySetInnerHTML={{ __html: details.bodyHtml }} />
        </DecisionDialog>
      ) : null}

      {withdrawing ? (
        <ReasonDialog
          title={t(stateOf(withdrawing, Date.now()) === 'scheduled' ? 'inbox.cancelTitle' : 'inbox.withdrawTitle', {
            title: withdrawing.title,
          })}
          hint={t(stateOf(withdrawing, Date.now()) === 'scheduled' ? 'inbox.cancelHint' : 'inbox.withdrawHint')}
          submitLabel={t(stateOf(withdrawing, Date.now()) === 'scheduled' ? 'inbox.cancelSending' : 'inbox.withdraw')}
          tone="danger"
          decision={withdraw}
          onConfirm={() => withdraw.run(withdrawing)}
          onClose={() => setWithdrawing(null)}
        />
      ) : null}
    </section>
  );
}
