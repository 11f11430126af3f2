import type { ChatMessage } from '@platform/contracts/chat';
import { CHAT_TEXT_LENGTH_MAX } from '@platform/contracts/chat-constants';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import * as z from 'zod/mini';
import { errorText } from '../../../lib/api-client.ts';
import { hourMinuteOf } from '../../../lib/time-format.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { messagesOf, useChatMessages, useMarkChatRead, usePostChatMessage } from '../api/chat-api.ts';
import { useChatTranslation } from '../i18n/register-translations.ts';
import '../chat.css';

/**
 * A message as the server takes it (the rule of `chatPostRequestSchema`): some text, at most the
 * room's limit, sent trimmed. Written with zod/mini so the chat page's chunk stays small.
 */
const messageSchema = z.object({ text: z.string().check(z.trim(), z.minLength(1), z.maxLength(CHAT_TEXT_LENGTH_MAX)) });

/** How close to the bottom (px) still counts as "following" the conversation. */
const FOLLOW_THRESHOLD_PX = 80;

function MessageItem({ message, youLabel }: { message: ChatMessage; youLabel: string }) {
  return (
    <li className={`chat-message${message.isOwn ? ' chat-message--own' : ''}`} data-message-id={message.id}>
      <div className="chat-message__meta">
        <span className="chat-message__name">{message.isOwn ? youLabel : message.displayName}</span>
        <time className="chat-message__time" dateTime={message.createdAt}>
          {hourMinuteOf(message.createdAt)}
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
  const form = useZodForm(messageSchema, { defaultValues: { text: '' } });
  const text = form.watch('text');
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

  // The send button is live: it turns on as soon as the text is one the room takes.
  const canSend = messageSchema.safeParse({ text }).success && !send.isPending;

  const onSubmit = form.handleSubmit(({ text: trimmed }) => {
    if (send.isPending) return;
    isFollowingRef.current = true;
    send.mutate(trimmed, { onSuccess: () => form.reset() });
  });

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
      <form className="chat-room__form" onSubmit={(event) => void onSubmit(event)}>
        <label className="visually-hidden" htmlFor={inputId}>
          {t('inputLabel')}
        </label>
        <input
          id={inputId}
          className="chat-room__input"
          type="text"
          maxLength={CHAT_TEXT_LENGTH_MAX}
          autoComplete="off"
          placeholder={t('placeholder')}
          aria-describedby={`${counterId}${send.isError ? ` ${errorId}` : ''}`}
          aria-invalid={send.isError || undefined}
          {...form.register('text', {
            onChange: () => {
              if (send.isError) send.reset();
            },
          })}
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
