import { SUPPORT_CHAT_TEXT_LENGTH_MAX } from '@platform/contracts/support-chat-constants';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, KeysetTable, SelectFilter } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { LIVE_REFRESH_MS, useDecision } from '../components/use-queue.ts';
import { supportChatEn, supportChatVi, supportChatZh } from '../i18n/chat-moderation.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { dateTime } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('supportChat', { vi: supportChatVi, en: supportChatEn, zh: supportChatZh });

const STATUSES = ['open', 'closed', 'all'] as const;
type Status = (typeof STATUSES)[number];

type Conversation = {
  id: number;
  status: 'open' | 'closed';
  isVip: boolean;
  createdAt: string;
  closedAt: string | null;
  memberId: number;
  username: string;
  unreadCount: number;
  lastMessageAt: string | null;
  lastMessageText: string | null;
};
type Message = { id: number; author: 'member' | 'operator'; text: string; createdAt: string; adminId: number | null };

/**
 * The customer-service queue (`support-chat:read`; answering and closing `support-chat:reply`): the
 * members' live-chat conversations with their unread counts, newest first, filtered by status and
 * unread; a conversation opened is read again every few seconds, marked read, answered and closed
 * (each answer and close audited by the server).
 */
export default function SupportChatSection() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<Status>('open');
  const [isUnreadOnly, setIsUnreadOnly] = useState(false);
  const [before, setBefore] = useState<number | undefined>(undefined);
  const [openId, setOpenId] = useState<number | null>(null);
  const path = `/support-chat/conversations${queryString({ status, isUnread: isUnreadOnly ? 'true' : undefined, before, limit: 50 })}`;
  const conversations = useQuery({
    queryKey: ['queue', 'support-chat', path],
    queryFn: () => adminGet<{ list: Conversation[]; nextBefore: number | null }>(path),
    placeholderData: keepPreviousData,
    refetchInterval: openId === null && before === undefined ? LIVE_REFRESH_MS * 6 : false,
  });
  const columns: Column<Conversation>[] = [
    {
      key: 'member',
      header: t('supportChat.member'),
      cell: (c) => (
        <>
          <strong>{c.username}</strong>
          {c.isVip ? <span className="badge badge--warn">{t('supportChat.vip')}</span> : null}
        </>
      ),
    },
    { key: 'unread', header: t('supportChat.unread'), numeric: true, cell: (c) => c.unreadCount },
    {
      key: 'last',
      header: t('supportChat.last'),
      className: 'text',
      cell: (c) => (c.lastMessageAt ? `${dateTime(c.lastMessageAt, i18n.language)} · ${c.lastMessageText ?? ''}` : '—'),
    },
    {
      key: 'state',
      header: t('supportChat.state'),
      cell: (c) => (c.status === 'open' ? t('supportChat.statuses.open') : t('supportChat.statuses.closed')),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (c) => (
        <button type="button" className="button button--primary" onClick={() => setOpenId(c.id)}>
          {t('supportChat.open')}
        </button>
      ),
    },
  ];
  if (openId !== null) return <ConversationView id={openId} onBack={() => setOpenId(null)} />;
  return (
    <section className="section" aria-labelledby="support-chat-title">
      <header className="section__head">
        <h1 id="support-chat-title">{t('supportChat.title')}</h1>
      </header>
      <p className="muted">{t('supportChat.intro')}</p>
      <div className="filters">
        <SelectFilter
          label={t('supportChat.status')}
          name="status"
          value={status}
          options={STATUSES}
          optionLabel={(value) => t(`supportChat.statuses.${value}`)}
          onChange={(next) => {
            setBefore(undefined);
            setStatus(next);
          }}
        />
        <label className="inline-field">
          <input
            type="checkbox"
            name="unread"
            checked={isUnreadOnly}
            onChange={(e) => {
              setBefore(undefined);
              setIsUnreadOnly(e.target.checked);
            }}
          />
          {t('supportChat.unreadOnly')}
        </label>
      </div>
      <KeysetTable
        query={conversations}
        columns={columns}
        rowKey={(c) => c.id}
        rowTestId={(c) => `conversation-${c.id}`}
        before={before}
        onBefore={setBefore}
        emptyText={t('supportChat.empty')}
      />
    </section>
  );
}

/** One conversation: its messages (oldest first), read again every few seconds, the answer box and the close button. */
function ConversationView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayReply = operator ? mayUse(operator, 'support-chat:reply') : false;
  const client = useQueryClient();
  const [before, setBefore] = useState<number | undefined>(undefined);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isClosing, setIsClosing] = useState(false);
  const path = `/support-chat/conversations/${id}/messages${queryString({ before })}`;
  const messages = useQuery({
    queryKey: ['support-chat', 'messages', path],
    queryFn: () => adminGet<{ conversation: Conversation; list: Message[]; nextBefore: number | null }>(path),
    refetchInterval: before === undefined ? LIVE_REFRESH_MS : false,
  });
  const conversation = messages.data?.conversation;
  const unread = conversation?.unreadCount ?? 0;
  // Reading the conversation marks the member's messages read for every operator.
  useEffect(() => {
    if (!mayReply || unread === 0) return;
    void adminCall('POST', `/support-chat/conversations/${id}/read`).then(() => client.invalidateQueries({ queryKey: ['counts'] }));
  }, [mayReply, unread, id, client]);
  const reply = useDecision(
    (answer: string) => adminCall('POST', `/support-chat/conversations/${id}/messages`, { text: answer }),
    () => {
      setText('');
      setNotice(t('supportChat.sent'));
      setBefore(undefined);
      void messages.refetch();
    },
  );
  const close = useDecision(
    () => adminCall('POST', `/support-chat/conversations/${id}/close`),
    () => {
      setIsClosing(false);
      setNotice(t('supportChat.closed'));
      void messages.refetch();
    },
  );
  const send = () => {
    setProblem(null);
    if (text.trim() === '') return setProblem(t('supportChat.replyRequired'));
    reply.run(text.trim());
  };
  return (
    <section className="section" aria-labelledby="conversation-title">
      <header className="section__head">
        <h1 id="conversation-title">{t('supportChat.conversationTitle', { username: conversation?.username ?? '…' })}</h1>
        <button type="button" className="button" onClick={onBack}>
          {t('supportChat.back')}
        </button>
      </header>
      {conversation?.closedAt ? (
        <p className="muted">{t('supportChat.closedAt', { time: dateTime(conversation.closedAt, i18n.language) })}</p>
      ) : null}
      <Notice text={notice} />
      <QueueState
        isLoading={messages.isLoading}
        error={messages.error}
        isEmpty={(messages.data?.list.length ?? 0) === 0}
        emptyText={t('supportChat.noMessages')}
        onRetry={() => void messages.refetch()}
      >
        {messages.data?.nextBefore ? (
          <button type="button" className="button" onClick={() => setBefore(messages.data?.nextBefore ?? undefined)}>
            {t('supportChat.older')}
          </button>
        ) : null}
        <ol className="plain-list conversation" data-testid="conversation">
          {messages.data?.list.map((m) => (
            <li key={m.id} className={`conversation__message conversation__message--${m.author}`} data-testid={`support-message-${m.id}`}>
              <span className="muted">
                {m.author === 'member' ? t('supportChat.fromMember') : t('supportChat.fromOperator', { id: m.adminId ?? '' })} ·{' '}
                {dateTime(m.createdAt, i18n.language)}
              </span>
              <p>{m.text}</p>
            </li>
          ))}
        </ol>
      </QueueState>
      {mayReply ? (
        <form
          className="form-card"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <label className="field">
            {t('supportChat.reply')}
            <textarea name="reply" maxLength={SUPPORT_CHAT_TEXT_LENGTH_MAX} value={text} onChange={(e) => setText(e.target.value)} />
            <span className="muted">{t('supportChat.replyHint', { max: SUPPORT_CHAT_TEXT_LENGTH_MAX })}</span>
          </label>
          {problem || reply.error ? (
            <p className="alert alert--error" role="alert">
              {problem ?? reply.error}
            </p>
          ) : null}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={reply.isPending}>
              {t('supportChat.send')}
            </button>
            {conversation?.status === 'open' ? (
              <button type="button" className="button button--danger" onClick={() => setIsClosing(true)}>
                {t('supportChat.close')}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      {isClosing ? (
        <DecisionDialog
          title={t('supportChat.close')}
          hint={t('supportChat.closeHint')}
          submitLabel={t('supportChat.close')}
          tone="danger"
          error={close.error}
          isPending={close.isPending}
          onSubmit={() => close.run(undefined)}
          onClose={() => {
            close.clearError();
            setIsClosing(false);
          }}
        />
      ) : null}
    </section>
  );
}
