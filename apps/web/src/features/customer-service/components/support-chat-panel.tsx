import type { SupportChatMessage } from '@platform/contracts/support-chat';
import { SUPPORT_CHAT_TEXT_LENGTH_MAX } from '@platform/contracts/support-chat-constants';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import * as z from 'zod/mini';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { hourMinuteOf } from '../../../lib/time-format.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { supportMessagesOf, useMarkSupportChatRead, usePostSupportMessage, useSupportChatMessages } from '../api/customer-service-api.ts';
import { useCustomerServiceTranslation } from '../i18n/register-translations.ts';
import '../customer-service.css';

/** A message as the server takes it (`supportChatPostRequestSchema`): some text, at most the limit, sent trimmed. */
const messageSchema = z.object({ text: z.string().check(z.trim(), z.minLength(1), z.maxLength(SUPPORT_CHAT_TEXT_LENGTH_MAX)) });

function Message({ message, you, staff }: { message: SupportChatMessage; you: string; staff: string }) {
  const isOwn = message.author === 'member';
  return (
    <li className={`support-chat__message${isOwn ? ' support-chat__message--own' : ''}`} data-author={message.author}>
      <span className="support-chat__meta">
        {isOwn ? you : staff} · <time dateTime={message.createdAt}>{hourMinuteOf(message.createdAt)}</time>
      </span>
      {/* Text only: never markup. */}
      <p className="support-chat__text">{message.text}</p>
    </li>
  );
}

/** The conversation with the operators and the send box; an operator's answer arrives by the realtime push. */
function SupportConversation({ customerId }: { customerId: number }) {
  const { t } = useCustomerServiceTranslation();
  const messages = useSupportChatMessages(customerId);
  const send = usePostSupportMessage(customerId);
  const markRead = useMarkSupportChatRead(customerId);
  const form = useZodForm(messageSchema, { defaultValues: { text: '' } });
  const text = form.watch('text');
  const logRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const errorId = useId();
  const list = supportMessagesOf(messages.data);
  const conversation = messages.data?.pages[0]?.conversation ?? null;
  const newestId = list.at(-1)?.id ?? 0;

  // Showing an answer reads it: the badge clears.
  const markReadRef = useRef(markRead.mutate);
  markReadRef.current = markRead.mutate;
  const readUpToRef = useRef(0);
  useEffect(() => {
    if (newestId > readUpToRef.current) {
      readUpToRef.current = newestId;
      markReadRef.current();
    }
  }, [newestId]);
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && newestId) log.scrollTop = log.scrollHeight;
  }, [newestId]);

  const canSend = messageSchema.safeParse({ text }).success && !send.isPending;
  const onSubmit = form.handleSubmit(({ text: trimmed }) => {
    if (!send.isPending) send.mutate(trimmed, { onSuccess: () => form.reset() });
  });

  return (
    <section className="support-chat" aria-label={t('title')}>
      <div ref={logRef} className="support-chat__log" role="log" aria-label={t('messages')} aria-live="polite">
        {messages.hasNextPage && (
          <button
            type="button"
            className="support-chat__older"
            disabled={messages.isFetchingNextPage}
            onClick={() => void messages.fetchNextPage()}
          >
            {t('older')}
          </button>
        )}
        {messages.isPending && <p className="support-chat__note">{t('loading')}</p>}
        {messages.isError && (
          <div className="support-chat__note" role="alert">
            <p>{errorText(messages.error) || t('loadError')}</p>
            <button type="button" className="button" onClick={() => void messages.refetch()}>
              {t('retry')}
            </button>
          </div>
        )}
        {messages.isSuccess && list.length === 0 && <p className="support-chat__note">{t('empty')}</p>}
        <ol className="support-chat__list">
          {list.map((message) => (
            <Message key={message.id} message={message} you={t('you')} staff={t('staff')} />
          ))}
        </ol>
        {conversation?.status === 'closed' && <p className="support-chat__note">{t('closedNote')}</p>}
      </div>
      <form className="support-chat__form" onSubmit={(event) => void onSubmit(event)}>
        <label className="visually-hidden" htmlFor={inputId}>
          {t('inputLabel')}
        </label>
        <input
          id={inputId}
          className="support-chat__input"
          type="text"
          maxLength={SUPPORT_CHAT_TEXT_LENGTH_MAX}
          autoComplete="off"
          placeholder={t('placeholder')}
          aria-describedby={send.isError ? errorId : undefined}
          aria-invalid={send.isError || undefined}
          {...form.register('text', { onChange: () => send.isError && send.reset() })}
        />
        <button type="submit" className="button button--primary" disabled={!canSend}>
          {send.isPending ? t('sending') : t('send')}
        </button>
        {send.isError && (
          <p id={errorId} className="support-chat__error" role="alert">
            {errorText(send.error)}
          </p>
        )}
      </form>
    </section>
  );
}

/**
 * The house live chat in a dialog (the whole screen on a phone). A visitor is asked to log in
 * (`onLogin` when the page has the login popup), a trial account is told it cannot chat.
 */
export function SupportChatPanel({ onClose, isVip = false, onLogin }: { onClose: () => void; isVip?: boolean; onLogin?: () => void }) {
  const { t } = useCustomerServiceTranslation();
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const isTrial = useSessionStore((s) => s.isTrial);
  return (
    <ModalDialog title={isVip ? t('vipTitle') : t('title')} onClose={onClose} bodyClassName="support-chat-panel">
      {customerId === null ? (
        <div className="support-chat__note">
          <p>{t('loginNeeded')}</p>
          {onLogin && (
            <button type="button" className="button button--primary" onClick={onLogin}>
              {t('login')}
            </button>
          )}
        </div>
      ) : isTrial ? (
        <p className="support-chat__note" role="alert">
          {t('trialRefused')}
        </p>
      ) : (
        <SupportConversation customerId={customerId} />
      )}
    </ModalDialog>
  );
}
