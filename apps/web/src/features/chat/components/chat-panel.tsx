import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { useChatUrl } from '../api/chat-api.ts';
import { useChatTranslation } from '../i18n/register-translations.ts';
import { ChatRoom } from './chat-room.tsx';
import '../chat.css';

/**
 * The right bar's chat room: the spec's "chat URL" call names the room for the member's language,
 * and the room is shown right here in a dialog (the whole screen on a phone). The same room is at
 * the bare `/chatroom` page the URL points at, for embedding elsewhere.
 */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const { t } = useChatTranslation();
  const { i18n } = useTranslation();
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const chatUrl = useChatUrl({ b2c: 1, title: t('title'), language: i18n.language }, customerId);
  return (
    <ModalDialog title={t('title')} onClose={onClose} bodyClassName="chat-panel">
      {customerId === null ? (
        <p className="chat-panel__status">{t('loginNeeded')}</p>
      ) : chatUrl.isPending ? (
        <p className="chat-panel__status">{t('loading')}</p>
      ) : chatUrl.isError ? (
        <p className="chat-panel__status" role="alert">
          {errorText(chatUrl.error)}
        </p>
      ) : (
        <ChatRoom room={chatUrl.data.room} customerId={customerId} />
      )}
    </ModalDialog>
  );
}
