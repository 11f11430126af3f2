import type { ChatMessage } from '@platform/contracts/chat';
import { CHAT_TEXT_LENGTH_MAX } from '@platform/contracts/chat-constants';
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client.ts';
import { messagesOf, useChatMessages, useMarkChatRead, usePostChatMessage } from '../api/chat-api.ts';
import { useChatTranslation } from '../i18n/register-translations.ts';
import '../chat.css';

/** How close to the bottom (px) still counts as "following" the conversation. */
const FOLLOW_THRESHOLD_PX = 80;

/** HH:mm in the device's time. */
export function timeOf(iso: string): string {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

function MessageItem({ message, youLabel }: { message: ChatMessage; youLabel: string }) {
  return (
    <li className={`chat-message${message.isOwn ? ' chat-message--own' : ''}`} data-message-id={message.id}>
      <div className="chat-message__meta">
        <span className="chat-message__name">{message.isOwn ? youLabel : message.displayName}</span>
        <time className="chat-message__time" dateTime={message.createdAt}>
          {timeOf(message.createdAt)}
        </time>
      </div>
      {/* Text only: whatever the member typed is shown as written, never as markup. */}
      <p className="chat-message__text">{message.text}</p>
    </li>
  );
}

/**
 * The house chat room: the conversation (own messages on the right), older pages on demand, and the
 * send box. New messages arrive by the realtime push (the queries are refreshed); the list follows
 * the newest message while the reader is at the bottom.
 */
export function ChatRoom({ room, customerId }: { room: string; customerId: number }) {
  const { t } = useChatTranslation();
  const messages = useChatMessages(room, customerId);
  const send = usePostChatMessage(room, customerId);
  const markRead = useMarkChatRead(customerId, room);
  const [text, setText] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const isFollowingRef = useRef(true);
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();

  const list = messagesOf(messages.data);
  const newest = list.at(-1);
  const lastReadId = messages.data?.pages[0]?.lastReadId ?? 0;
  const markReadRef = useRef(markRead.mutate);
  markReadRef.current = markRead.mutate;

  // Showing the newest message reads the room up to it (once per message).
  const markedIdRef = useRef(0);
  const newestShownId = newest?.id ?? 0;
  useEffect(() => {
    if (newestShownId > lastReadId && newestShownId > markedIdRef.current) {
      markedIdRef.current = newestShownId;
      markReadRef.current(newestShownId);
    }
  }, [newestShownId, lastReadId]);

  // Follow the conversation: a new message scrolls into view unless the reader scrolled up to older ones.
  const newestId = newest?.id;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && newestId !== undefined && isFollowingRef.current) log.scrollTop = log.scrollHeight;
  }, [newestId]);

  const onScroll = () => {
    const log = logRef.current;
    if (log) isFollowingRef.current = log.scrollHeight - log.scrollTop - log.clientHeight < FOLLOW_THRESHOLD_PX;
  };

  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && trimmed.length <= CHAT_TEXT_LENGTH_MAX && !send.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    isFollowingRef.current = true;
    send.mutate(trimmed, { onSuccess: () => setText('') });
  };

  return (
    <section className="chat-room" aria-label={t('title')}>
      <div ref={logRef} className="chat-room__log" role="log" aria-label={t('messages')} aria-live="polite" onScroll={onScroll}>
        {messages.hasNextPage && (
          <button
            type="button"
            className="chat-room__older"
            disabled={messages.isFetchingNextPage}
            onClick={() => {
              isFollowingRef.current = false;
              void messages.fetchNextPage();
            }}
          >
            {t('older')}
          </button>
        )}
        {messages.isPending && <p className="chat-room__note">{t('loading')}</p>}
        {messages.isError && (
          <div className="chat-room__note" role="alert">
            <p>{errorText(messages.error) || t('loadError')}</p>
            <button type="button" className="button" onClick={() => void messages.refetch()}>
              {t('retry')}
            </button>
          </div>
        )}
        {messages.isSuccess && list.length === 0 && <p className="chat-room__note">{t('empty')}</p>}
        <ol className="chat-room__list">
          {list.map((message) => (
            <MessageItem key={message.id} message={message} youLabel={t('you')} />
          ))}
        </ol>
      </div>
      <p className="chat-room__rules">{t('rules')}</p>
      <form className="chat-room__form" onSubmit={onSubmit}>
        <label className="visually-hidden" htmlFor={inputId}>
          {t('inputLabel')}
        </label>
        <input
          id={inputId}
          className="chat-room__input"
          type="text"
          value={text}
          maxLength={CHAT_TEXT_LENGTH_MAX}
          autoComplete="off"
          placeholder={t('placeholder')}
          aria-describedby={`${counterId}${send.isError ? ` ${errorId}` : ''}`}
          aria-invalid={send.isError || undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (send.isError) send.reset();
          }}
        />
        <span id={counterId} className="chat-room__counter">
          <span aria-hidden="true">{t('counter', { count: text.length, max: CHAT_TEXT_LENGTH_MAX })}</span>
          <span className="visually-hidden">{t('counterLabel', { count: text.length, max: CHAT_TEXT_LENGTH_MAX })}</span>
        </span>
        <button type="submit" className="button button--primary chat-room__send" disabled={!canSend}>
          {send.isPending ? t('sending') : t('send')}
        </button>
        {send.isError && (
          <p id={errorId} className="chat-room__error" role="alert">
            {errorText(send.error)}
          </p>
        )}
      </form>
    </section>
  );
}
