import { CHAT_DEFAULT_ROOM, CHAT_HEADER_COLOR_PATTERN } from '@platform/contracts/chat-constants';
import { type CSSProperties, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChatRoom } from '../features/chat/components/chat-room.tsx';
import { useChatTranslation } from '../features/chat/i18n/register-translations.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { isLanguage } from '../i18n/language.ts';
import { useLiveBalance } from '../shell/use-live-balance.ts';
import { useSessionStore } from '../state/session-store.ts';

/** Black or white, whichever reads better on the operator's header colour (`#rgb` or `#rrggbb`). */
export function textColourOn(hex: string): '#000000' | '#ffffff' {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white is (1.05)/(L+0.05), with black (L+0.05)/0.05: white wins below L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/**
 * /chatroom: the house chat room on its own, without the site's frame; the chat URL call points here
 * (`?room=…&lang=…&headerColor=…&title=…`). The member's session is the site's own: the URL never
 * carries the token. New messages arrive over the page's realtime socket.
 */
export function ChatRoomPage() {
  const { t, i18n } = useChatTranslation();
  const [params] = useSearchParams();
  useLiveBalance();
  const isLogin = useSessionStore((s) => s.isLogin);
  const isTrial = useSessionStore((s) => s.isTrial);
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const room = /^[a-z0-9-]{1,32}$/.test(params.get('room') ?? '') ? (params.get('room') as string) : CHAT_DEFAULT_ROOM;
  const title = params.get('title')?.trim().slice(0, 64) || t('title');
  const headerColor = params.get('headerColor') ?? '';
  const hasHeaderColor = CHAT_HEADER_COLOR_PATTERN.test(headerColor);
  const lang = params.get('lang')?.split(/[-_]/)[0]?.toLowerCase() ?? '';

  useEffect(() => {
    if (isLanguage(lang) && lang !== i18n.language) void changeLanguage(lang);
  }, [lang, i18n.language]);
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <main
      className="chat-page"
      style={
        hasHeaderColor
          ? ({ '--chat-header-color': headerColor, '--chat-header-text': textColourOn(headerColor) } as CSSProperties)
          : undefined
      }
    >
      <header className="chat-page__header">
        <h1 className="chat-page__title">{title}</h1>
      </header>
      <div className="chat-page__body">
        {!isLogin || customerId === null ? (
          <div className="chat-page__status">
            <p>{t('loginNeeded')}</p>
            <Link className="button button--primary" to="/login">
              {t('login')}
            </Link>
          </div>
        ) : isTrial ? (
          <p className="chat-page__status" role="alert">
            {t('trialRefused')}
          </p>
        ) : (
          <ChatRoom room={room} customerId={customerId} />
        )}
      </div>
    </main>
  );
}
