import type { AdminChatMuteList, ChatMuteKind } from '@platform/contracts/chat';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, KeysetTable, SelectFilter, Tabs } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { LIVE_REFRESH_MS, useDecision } from '../components/use-queue.ts';
import { chatModerationEn, chatModerationVi, chatModerationZh } from '../i18n/chat-moderation.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { dateTime } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('chatModeration', { vi: chatModerationVi, en: chatModerationEn, zh: chatModerationZh });

/** The choices of a mute's or ban's length, in minutes (the server takes 1 minute to 30 days). */
const DURATIONS = ['10', '60', '1440', '10080', '43200'] as const;
const KINDS: readonly ChatMuteKind[] = ['mute', 'ban'];
const ALL = 'all';
type Tab = 'room' | 'muted';

type Message = {
  id: number;
  room: string;
  memberId: number;
  username: string;
  displayName: string;
  text: string;
  createdAt: string;
  hiddenAt: string | null;
};
type Room = { id: number; code: string; name: string; isEnabled: boolean };
type Muted = AdminChatMuteList['list'][number];
type Target = { memberId: number; username: string };

/**
 * Chat moderation (`chat:read`; actions `chat:moderate`): the rooms' messages newest first, read
 * again every few seconds while "live" is on, older pages by cursor, filtered by room or by one
 * member; hide or restore a message; mute (no posting) or ban (no reading either) a member for a
 * time with a reason; the members muted or banned now, each lifted early. Every action is audited
 * by the server.
 */
export default function ChatSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayModerate = operator ? mayUse(operator, 'chat:moderate') : false;
  const [tab, setTab] = useState<Tab>('room');
  const [notice, setNotice] = useState<string | null>(null);
  const [silencing, setSilencing] = useState<Target | null>(null);
  const [lifting, setLifting] = useState<Muted | null>(null);
  const [form, setForm] = useState<{ kind: ChatMuteKind; minutes: string }>({ kind: 'mute', minutes: '60' });
  const mutes = useQuery({
    queryKey: ['chat', 'mutes'],
    queryFn: () => adminGet<AdminChatMuteList>('/chat/mutes'),
    enabled: tab === 'muted',
  });
  const silence = useDecision(
    (value: Target & { reason: string }) =>
      adminCall<{ mutedUntil: string; kind: ChatMuteKind }>('POST', '/chat/mutes', {
        memberId: value.memberId,
        minutes: Number(form.minutes),
        reason: value.reason,
        kind: form.kind,
      }),
    (value, result) => {
      setNotice(
        t('chatModeration.silenced', {
          username: value.username,
          state: t(`chatModeration.kindWord.${result.kind}`),
          time: dateTime(result.mutedUntil, i18n.language),
        }),
      );
      setSilencing(null);
      void mutes.refetch();
    },
  );
  const lift = useDecision(
    (value: Muted) => adminCall('DELETE', `/chat/mutes/${value.memberId}`),
    (value) => {
      setNotice(t('chatModeration.lifted', { username: value.username }));
      setLifting(null);
      void mutes.refetch();
    },
  );

  return (
    <section className="section" aria-labelledby="chat-title">
      <header className="section__head">
        <h1 id="chat-title">{t('chatModeration.title')}</h1>
      </header>
      <Tabs
        tabs={['room', 'muted'] as const}
        value={tab}
        onChange={(next) => {
          setTab(next);
          setNotice(null);
        }}
        label={(key) => t(`chatModeration.tabs.${key}`)}
      />
      <Notice text={notice} />
      {tab === 'room' ? (
        <RoomMessages
          mayModerate={mayModerate}
          onNotice={setNotice}
          onSilence={(target) => {
            silence.clearError();
            setSilencing(target);
          }}
        />
      ) : (
        <MutedMembers query={mutes} mayModerate={mayModerate} onLift={setLifting} />
      )}
      {silencing ? (
        <ReasonDialog
          title={t('chatModeration.silenceTitle', { username: silencing.username })}
          hint={t('chatModeration.silenceHint')}
          submitLabel={t('chatModeration.silence')}
          tone="danger"
          decision={silence}
          text="required"
          requiredText={t('chatModeration.reasonRequired')}
          onConfirm={(reason) => silence.run({ ...silencing, reason })}
          onClose={() => setSilencing(null)}
        >
          <label className="field">
            {t('chatModeration.kind')}
            <select name="kind" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as ChatMuteKind })}>
              {KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`chatModeration.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t('chatModeration.duration')}
            <select name="minutes" value={form.minutes} onChange={(e) => setForm({ ...form, minutes: e.target.value })}>
              {DURATIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t(`chatModeration.durations.${minutes}`)}
                </option>
              ))}
            </select>
          </label>
        </ReasonDialog>
      ) : null}
      {lifting ? (
        <DecisionDialog
          title={t('chatModeration.liftTitle', { username: lifting.username })}
          hint={t('chatModeration.liftHint')}
          submitLabel={t('chatModeration.lift')}
          error={lift.error}
          isPending={lift.isPending}
          onSubmit={() => lift.run(lifting)}
          onClose={() => {
            lift.clearError();
            setLifting(null);
          }}
        />
      ) : null}
    </section>
  );
}

function RoomMessages({
  mayModerate,
  onNotice,
  onSilence,
}: {
  mayModerate: boolean;
  onNotice: (text: string) => void;
  onSilence: (target: Target) => void;
}) {
  const { t, i18n } = useTranslation();
  const [room, setRoom] = useState(ALL);
  const [member, setMember] = useState<Target | null>(null);
  const [before, setBefore] = useState<number | undefined>(undefined);
  const [isLive, setIsLive] = useState(true);
  const rooms = useQuery({ queryKey: ['chat', 'rooms'], queryFn: () => adminGet<Room[]>('/chat/rooms') });
  const path = `/chat/messages${queryString({ room: room === ALL ? undefined : room, memberId: member?.memberId, before, limit: 50 })}`;
  const messages = useQuery({
    queryKey: ['chat', 'messages', path],
    queryFn: () => adminGet<{ list: Message[]; nextBefore: number | null }>(path),
    // Only the newest page changes as members write.
    refetchInterval: isLive && before === undefined ? LIVE_REFRESH_MS : false,
  });
  const hide = useDecision(
    (value: { message: Message; isHidden: boolean }) =>
      adminCall('PUT', `/chat/messages/${value.message.id}/hidden`, { isHidden: value.isHidden }),
    (value) => {
      onNotice(t(value.isHidden ? 'chatModeration.hiddenDone' : 'chatModeration.restoredDone'));
      void messages.refetch();
    },
  );
  const columns: Column<Message>[] = [
    { key: 'at', header: t('chatModeration.at'), cell: (m) => dateTime(m.createdAt, i18n.language) },
    { key: 'room', header: t('chatModeration.room'), cell: (m) => m.room },
    {
      key: 'author',
      header: t('chatModeration.author'),
      cell: (m) => (
        <>
          <strong>{m.username}</strong>
          {m.displayName !== m.username ? <span className="muted"> · {t('chatModeration.shownAs', { name: m.displayName })}</span> : null}
        </>
      ),
    },
    { key: 'text', header: t('chatModeration.text'), className: 'text', cell: (m) => m.text },
    {
      key: 'state',
      header: t('chatModeration.state'),
      cell: (m) =>
        m.hiddenAt ? (
          <span className="badge badge--warn">{t('chatModeration.hidden')}</span>
        ) : (
          <span className="badge badge--ok">{t('chatModeration.visible')}</span>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (m) => (
        <div className="actions">
          {mayModerate ? (
            <button
              type="button"
              className={`button${m.hiddenAt ? '' : ' button--danger'}`}
              disabled={hide.isPending}
              onClick={() => hide.run({ message: m, isHidden: m.hiddenAt === null })}
            >
              {m.hiddenAt ? t('chatModeration.restore') : t('chatModeration.hide')}
            </button>
          ) : null}
          {member === null ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                setBefore(undefined);
                setMember({ memberId: m.memberId, username: m.username });
              }}
            >
              {t('chatModeration.messagesOf')}
            </button>
          ) : null}
          {mayModerate ? (
            <button type="button" className="button" onClick={() => onSilence({ memberId: m.memberId, username: m.username })}>
              {t('chatModeration.silence')}
            </button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <>
      <p className="muted">{t('chatModeration.intro')}</p>
      <div className="filters">
        <SelectFilter
          label={t('chatModeration.room')}
          name="room"
          value={room}
          options={[ALL, ...(rooms.data ?? []).map((r) => r.code)]}
          optionLabel={(code) => (code === ALL ? t('chatModeration.allRooms') : (rooms.data?.find((r) => r.code === code)?.name ?? code))}
          onChange={(next) => {
            setBefore(undefined);
            setRoom(next);
          }}
        />
        <label className="inline-field">
          <input type="checkbox" name="live" checked={isLive} onChange={(e) => setIsLive(e.target.checked)} />
          {t('chatModeration.live')}
        </label>
        {member ? (
          <span className="filters" data-testid="member-filter">
            {t('chatModeration.memberOnly', { username: member.username })}
            <button
              type="button"
              className="button"
              onClick={() => {
                setBefore(undefined);
                setMember(null);
              }}
            >
              {t('chatModeration.showAll')}
            </button>
          </span>
        ) : null}
      </div>
      {hide.error ? (
        <p className="alert alert--error" role="alert">
          {hide.error}
        </p>
      ) : null}
      <KeysetTable
        query={messages}
        columns={columns}
        rowKey={(m) => m.id}
        rowTestId={(m) => `chat-message-${m.id}`}
        before={before}
        onBefore={setBefore}
        emptyText={t('chatModeration.empty')}
      />
    </>
  );
}

function MutedMembers({
  query,
  mayModerate,
  onLift,
}: {
  query: UseQueryResult<AdminChatMuteList>;
  mayModerate: boolean;
  onLift: (muted: Muted) => void;
}) {
  const { t, i18n } = useTranslation();
  const columns: Column<Muted>[] = [
    { key: 'member', header: t('chatModeration.author'), cell: (m) => m.username },
    {
      key: 'kind',
      header: t('chatModeration.kind'),
      cell: (m) => <span className={`badge${m.kind === 'ban' ? ' badge--warn' : ''}`}>{t(`chatModeration.kindShort.${m.kind}`)}</span>,
    },
    { key: 'until', header: t('chatModeration.until'), cell: (m) => dateTime(m.mutedUntil, i18n.language) },
    { key: 'reason', header: t('chatModeration.reason'), className: 'text', cell: (m) => m.reason },
    { key: 'by', header: t('chatModeration.by'), cell: (m) => `#${m.mutedBy} · ${dateTime(m.createdAt, i18n.language)}` },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (m) =>
        mayModerate ? (
          <button type="button" className="button" onClick={() => onLift(m)}>
            {t('chatModeration.lift')}
          </button>
        ) : null,
    },
  ];
  return (
    <QueueState
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={(query.data?.list.length ?? 0) === 0}
      emptyText={t('chatModeration.mutedEmpty')}
      onRetry={() => void query.refetch()}
    >
      <DataTable columns={columns} rows={query.data?.list ?? []} rowKey={(m) => m.memberId} rowTestId={(m) => `muted-${m.memberId}`} />
    </QueueState>
  );
}
