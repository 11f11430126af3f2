import { CS_POSITION_VIP, CS_TYPE } from '@platform/contracts/support-chat-constants';
import type { CustomerServiceEntry } from '@platform/contracts/system';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unreadBadgeText } from '../../../lib/unread-badge.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { fetchOpenedLink, useCustomerServiceEntries, useSupportChatUnread } from '../api/customer-service-api.ts';
import { useCustomerServiceTranslation } from '../i18n/register-translations.ts';
import '../customer-service.css';

/** The live chat's dialog is its own chunk, loaded when a member opens it. */
const SupportChatPanel = lazy(async () => ({ default: (await import('./support-chat-panel.tsx')).SupportChatPanel }));

/** A link an entry may open: the web (http, https) or a path on this site; anything else is refused. */
export function isOpenableLink(link: string): boolean {
  if (link.startsWith('/') && !link.startsWith('//')) return true;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The entry this button opens: the first of the list (the server puts the VIP entry first for a
 * VIP member); with `preferLink` (the maintenance and block pages, where a visitor cannot log in)
 * a link is chosen over the live chat when a visitor asks.
 */
function chooseEntry(list: readonly CustomerServiceEntry[], preferLink: boolean): number {
  if (preferLink) {
    const link = list.findIndex((e) => e.csType === CS_TYPE.link || e.csType === CS_TYPE.encryptedLink);
    if (link >= 0) return link;
  }
  return list.length > 0 ? 0 : -1;
}

type Notice = 'popupBlocked' | 'openFailed' | null;

/**
 * The customer-service button: the spec's list of paths is fetched; the house live chat opens its
 * panel (with an unread badge), a link opens in a new window, and an encrypted link (type 3) is
 * fetched sealed to a key made for this click, decrypted and opened in a popup window. The popup
 * is opened synchronously on the click (popup blockers allow only that) and then navigated, or
 * closed when the fetch fails. Without any entry, the operator's plain link (`fallbackUrl`) if any.
 */
export function CustomerServiceButton({
  className,
  children,
  fallbackUrl = '',
  onLogin,
  preferLink = false,
  badgeClassName = 'customer-service__badge',
}: {
  className: string;
  children: ReactNode;
  fallbackUrl?: string;
  /** Opens the login popup: the spec prompts a visitor to log in before the live chat. */
  onLogin?: () => void;
  preferLink?: boolean;
  badgeClassName?: string;
}) {
  const { t } = useCustomerServiceTranslation();
  // A session that must change its password first may call nothing else: it counts as a visitor here.
  const customerId = useSessionStore((s) => (s.isLogin ? (s.userInfo?.customerId ?? null) : null));
  const isTrial = useSessionStore((s) => s.isTrial);
  const entries = useCustomerServiceEntries(customerId);
  const [isChatOpen, setChatOpen] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const list = entries.data?.list ?? [];
  const index = chooseEntry(list, preferLink && customerId === null);
  const entry = index >= 0 ? list[index] : undefined;
  const isLiveChat = entry?.csType === CS_TYPE.liveChat;
  const unread = useSupportChatUnread(customerId, isLiveChat && !isTrial);
  const unreadCount = isLiveChat ? (unread.data ?? 0) : 0;

  if (!entry) {
    if (!fallbackUrl) return null;
    return (
      <a className={className} href={fallbackUrl} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }

  const openInPopup = (link: () => Promise<string>) => {
    // Opened now, while the click still counts as the member's gesture; navigated once the link is known.
    const popup = window.open('about:blank', '_blank');
    if (!popup) {
      setNotice('popupBlocked');
      return;
    }
    popup.opener = null;
    link()
      .then((url) => {
        if (!isOpenableLink(url)) throw new Error('not a web link');
        popup.location.href = url;
      })
      .catch(() => {
        popup.close();
        setNotice('openFailed');
      });
  };

  const onClick = () => {
    setNotice(null);
    if (entry.csType === CS_TYPE.liveChat) {
      if (customerId === null && onLogin) onLogin();
      else setChatOpen(true);
    } else if (entry.csType === CS_TYPE.encryptedLink) {
      openInPopup(() => fetchOpenedLink(index));
    } else {
      openInPopup(() => Promise.resolve(entry.path));
    }
  };

  return (
    <>
      <button type="button" className={className} aria-haspopup={isLiveChat ? 'dialog' : undefined} onClick={onClick}>
        {children}
        {unreadCount > 0 && (
          <>
            <span className={badgeClassName} aria-hidden="true" data-testid="support-chat-unread">
              {unreadBadgeText(unreadCount)}
            </span>
            <span className="visually-hidden">{t('unread', { count: unreadCount })}</span>
          </>
        )}
      </button>
      {notice && (
        <p className="customer-service__notice" role="alert">
          {t(notice)}
        </p>
      )}
      {isChatOpen && (
        <Suspense fallback={null}>
          <SupportChatPanel isVip={entry.csPosition === CS_POSITION_VIP} onClose={() => setChatOpen(false)} onLogin={onLogin} />
        </Suspense>
      )}
    </>
  );
}

/** The maintenance, region-block and domain pages' button: a visitor cannot log in there, so a link is preferred. */
export function StatusPageCustomerService({ fallbackUrl }: { fallbackUrl: string }) {
  const { t } = useTranslation();
  return (
    <CustomerServiceButton className="button button--primary button--block" fallbackUrl={fallbackUrl} preferLink>
      <svg className="button__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 3a8 8 0 0 0-8 8v5a3 3 0 0 0 3 3h1v-7H6v-1a6 6 0 1 1 12 0v1h-2v7h2v1h-5v2h5a2 2 0 0 0 2-2v-8a8 8 0 0 0-8-8z" />
      </svg>
      {t('in_customer_service')}
    </CustomerServiceButton>
  );
}
