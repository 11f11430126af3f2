import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isSettingOn, useSettingsTree } from '../api/get-settings-tree.ts';
import { findResource, usePermission } from '../api/home-queries.ts';
import { useChatUnread } from '../features/chat/api/chat-api.ts';
import { useChatTranslation } from '../features/chat/i18n/register-translations.ts';
import { CustomerServiceButton } from '../features/customer-service/components/customer-service-button.tsx';
import { useRequireRealAccount } from '../hooks/use-require-real-account.ts';
import { useShellHomeTranslation } from '../i18n/shell-home/register-translations.ts';
import { unreadBadgeText } from '../lib/unread-badge.ts';
import { usePopupStore } from '../state/popup-store.ts';
import { useSessionStore } from '../state/session-store.ts';
import { useMemberCentreNavigation } from '../state/use-member-centre-navigation.ts';
import './right-bar.css';

/** The house chat room's dialog is its own chunk, loaded when a member opens it. */
const ChatPanel = lazy(async () => ({ default: (await import('../features/chat/components/chat-panel.tsx')).ChatPanel }));

/**
 * Whether the operator's CHATROOM resource names an outside chat service (an http(s) address of
 * another site), which opens in a new tab; any other address, or none, means the house chat room.
 */
export function isExternalChatUrl(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url, origin);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.origin !== origin;
  } catch {
    return false;
  }
}

/** Line drawings of the bar's entries, in the style of components/icon.tsx. */
const PATHS = {
  customerService: 'M4 13v-1a8 8 0 0116 0v1M4 13h3v6H5a1 1 0 01-1-1v-5zm16 0h-3v6h2a1 1 0 001-1v-5zM17 19a5 5 0 01-5 3',
  chatRoom: 'M4 5h16v11H9l-5 4V5zm4 5h.01M12 10h.01M16 10h.01',
  speedTest: 'M4 16a8 8 0 1116 0M12 16l4-5M8 20h8',
  help: 'M12 22a10 10 0 100-20 10 10 0 000 20zm-2.5-13a2.5 2.5 0 115 .5c-.5 1.5-2.5 1.5-2.5 3.5M12 17h.01',
  telegram: 'M21 4L3 11l6 2 2 6 3-4 5 4 2-15zM9 13l9-6',
  facebook: 'M15 3h-2a4 4 0 00-4 4v3H7v4h2v7h4v-7h3l1-4h-4V7a1 1 0 011-1h2V3z',
  phone: 'M5 3h4l2 5-3 2a11 11 0 006 6l2-3 5 2v4a2 2 0 01-2 2A17 17 0 013 5a2 2 0 012-2z',
  email: 'M3 6h18v12H3V6zm0 0l9 7 9-7',
  signal: 'M12 3a9 9 0 00-7.8 13.5L3 21l4.5-1.2A9 9 0 1012 3z',
  messages: 'M6 8a6 6 0 0112 0c0 7 3 9 3 9H3s3-2 3-9M10 21h4',
  collapse: 'M9 6l6 6-6 6',
} as const;
type BarIcon = keyof typeof PATHS;

function BarIconSvg({ name }: { name: BarIcon }) {
  return (
    <svg
      className="right-bar__icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

function Entry({ icon, label, children }: { icon: BarIcon; label: string; children: (content: ReactNode) => ReactNode }) {
  return (
    <li className="right-bar__item">
      {children(
        <>
          <BarIconSvg name={icon} />
          <span className="right-bar__label">{label}</span>
        </>,
      )}
    </li>
  );
}

/**
 * The spec's customer service: the fetched list's entry (the house live chat, a link, an encrypted
 * link; the VIP entry for a VIP member). Hidden when the operator has neither entries nor a link.
 */
function CustomerServiceEntry({ label, fallbackUrl, onLogin }: { label: string; fallbackUrl: string; onLogin: () => void }) {
  return (
    <li className="right-bar__item">
      <CustomerServiceButton className="right-bar__link" badgeClassName="right-bar__badge" fallbackUrl={fallbackUrl} onLogin={onLogin}>
        <BarIconSvg name="customerService" />
        <span className="right-bar__label">{label}</span>
      </CustomerServiceButton>
    </li>
  );
}

function External({ href, content, className = 'right-bar__link' }: { href: string; content: ReactNode; className?: string }) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  );
}

/** The address an EMAIL resource names (its url may be "mailto:…"). */
export function emailAddressOf(url: string): string {
  return (
    url
      .replace(/^mailto:/i, '')
      .split('?')[0]
      ?.trim() ?? ''
  );
}

/** The number a PHONE resource names, for the tel: link. */
function telHref(url: string): string {
  return /^tel:/i.test(url) ? url : `tel:${url.replace(/[^\d+]/g, '')}`;
}

/**
 * The right bar (spec section 2): customer service, chat room, speed test, help centre, the
 * operator's social and contact links (each only when its resource exists), platform messages for
 * a member, and a toggle that folds it to a tab. On phones it starts folded.
 */
export function RightBar() {
  const { t } = useShellHomeTranslation();
  const permission = usePermission();
  const tree = useSettingsTree();
  const isLogin = useSessionStore((s) => s.isLogin);
  const isTrial = useSessionStore((s) => s.isTrial);
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const { t: tChat, i18n } = useChatTranslation();
  const [isChatOpen, setChatOpen] = useState(false);
  const requireRealAccount = useRequireRealAccount();
  const { openPage } = useMemberCentreNavigation();
  const openPopup = usePopupStore((s) => s.open);
  const [isCollapsed, setCollapsed] = useState(() => window.matchMedia('(max-width: 767px)').matches);
  const [copyStatus, setCopyStatus] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!copyStatus) return;
    const timer = window.setTimeout(() => setCopyStatus(null), 2500);
    return () => window.clearTimeout(timer);
  }, [copyStatus]);

  const data = permission.data;
  // A part the operator switched off in the settings tree is hidden; before the tree arrives, all show.
  const isOn = (modId: string) => !tree.data || isSettingOn(tree.data, modId);
  const serviceUrl = data?.customerService.url ?? '';
  const chatRoom = findResource(data, 'CHATROOM');
  const externalChatUrl = chatRoom && isExternalChatUrl(chatRoom.url, window.location.origin) ? chatRoom.url : null;
  const isHouseChat = isOn('CHATROOM') && externalChatUrl === null;
  const unread = useChatUnread(customerId, i18n.language, isHouseChat && isLogin && !isTrial);
  const unreadCount = unread.data ?? 0;
  const speedTest = findResource(data, 'SPEEDTEST');
  const telegram = findResource(data, 'TELEGRAM');
  const facebook = findResource(data, 'FACEBOOK');
  const phone = findResource(data, 'PHONE');
  const email = findResource(data, 'EMAIL');
  const signal = findResource(data, 'SIGNAL');
  const emailAddress = email ? emailAddressOf(email.url) : '';

  const copyEmail = async () => {
    try {
      await navigator.clipboard.writeText(emailAddress);
      setCopyStatus('copied');
    } catch {
      setCopyStatus('failed');
    }
  };

  return (
    <aside className={`right-bar${isCollapsed ? ' right-bar--collapsed' : ''}`} aria-label={t('rightBar.label')}>
      <button
        type="button"
        className="right-bar__toggle"
        aria-expanded={!isCollapsed}
        aria-controls="right-bar-list"
        aria-label={isCollapsed ? t('rightBar.expand') : t('rightBar.collapse')}
        onClick={() => setCollapsed((collapsed) => !collapsed)}
      >
        <BarIconSvg name="collapse" />
      </button>
      <ul id="right-bar-list" className="right-bar__list" hidden={isCollapsed}>
        {isOn('CUSTOMERSERVICE') && (
          <CustomerServiceEntry label={t('rightBar.customerService')} fallbackUrl={serviceUrl} onLogin={() => openPopup('login')} />
        )}
        {isOn('CHATROOM') && (
          <Entry icon="chatRoom" label={t('rightBar.chatRoom')}>
            {(content) => (
              <button
                type="button"
                className="right-bar__link"
                aria-haspopup={externalChatUrl ? undefined : 'dialog'}
                onClick={() =>
                  requireRealAccount(() =>
                    // An outside chat service the operator configured opens as before; otherwise the house room.
                    externalChatUrl ? window.open(externalChatUrl, '_blank', 'noopener,noreferrer') : setChatOpen(true),
                  )
                }
              >
                {content}
                {isHouseChat && unreadCount > 0 && (
                  <>
                    <span className="right-bar__badge" aria-hidden="true" data-testid="chat-unread">
                      {unreadBadgeText(unreadCount)}
                    </span>
                    <span className="visually-hidden">{tChat('unread', { count: unreadCount })}</span>
                  </>
                )}
              </button>
            )}
          </Entry>
        )}
        {isOn('SPEEDTEST') && (
          <Entry icon="speedTest" label={t('rightBar.speedTest')}>
            {(content) =>
              // The operator's own speed-test page when it has one; otherwise the site's, over its lines.
              speedTest ? (
                <External href={speedTest.url} content={content} />
              ) : (
                <button type="button" className="right-bar__link" onClick={() => openPopup('speedTest')}>
                  {content}
                </button>
              )
            }
          </Entry>
        )}
        {isOn('HELP') && (
          <Entry icon="help" label={t('rightBar.help')}>
            {(content) => (
              <Link className="right-bar__link" to="/help">
                {content}
              </Link>
            )}
          </Entry>
        )}
        {telegram && (
          <Entry icon="telegram" label={t('rightBar.telegram')}>
            {(content) => <External href={telegram.url} content={content} />}
          </Entry>
        )}
        {facebook && (
          <Entry icon="facebook" label={t('rightBar.facebook')}>
            {(content) => <External href={facebook.url} content={content} />}
          </Entry>
        )}
        {phone && (
          <Entry icon="phone" label={t('rightBar.phone')}>
            {(content) => (
              <a className="right-bar__link" href={telHref(phone.url)}>
                {content}
              </a>
            )}
          </Entry>
        )}
        {emailAddress && (
          <Entry icon="email" label={t('rightBar.email')}>
            {(content) => (
              <button
                type="button"
                className="right-bar__link"
                aria-label={t('rightBar.copyEmail', { email: emailAddress })}
                onClick={() => void copyEmail()}
              >
                {content}
              </button>
            )}
          </Entry>
        )}
        {signal && (
          <Entry icon="signal" label={t('rightBar.signal')}>
            {(content) => <External href={signal.url} content={content} />}
          </Entry>
        )}
        {isLogin && (
          <Entry icon="messages" label={t('rightBar.messages')}>
            {(content) => (
              <button type="button" className="right-bar__link" onClick={() => requireRealAccount(() => openPage('messageV2'))}>
                {content}
              </button>
            )}
          </Entry>
        )}
      </ul>
      {isChatOpen && (
        <Suspense fallback={null}>
          <ChatPanel onClose={() => setChatOpen(false)} />
        </Suspense>
      )}
      <p className="right-bar__status" role="status">
        {copyStatus === 'copied' ? t('copy_success') : copyStatus === 'failed' ? t('copy_failed') : ''}
      </p>
    </aside>
  );
}
