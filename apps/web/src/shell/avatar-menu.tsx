import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvailablePromoCount } from '../api/promotions.ts';
import { useUnreadCount } from '../features/inbox/api/inbox-api.ts';
import { avatarBadgeCount, badgeText } from '../features/inbox/badge.ts';
import { avatarSource, usePlayerAvatar } from '../features/profile/api/get-player-avatar.ts';
import { useRequireRealAccount } from '../hooks/use-require-real-account.ts';
import type { MemberCentrePage } from '../state/member-centre-pages.ts';
import { usePopupStore } from '../state/popup-store.ts';
import { useSessionStore } from '../state/session-store.ts';
import { useAgentCentreNavigation } from '../state/use-agent-centre-navigation.ts';
import { useMemberCentreNavigation } from '../state/use-member-centre-navigation.ts';

/**
 * `page`: the member-centre page the item opens; `agentCentre`: the item opens the agent centre,
 * shown to agents and to trial accounts (which get the real-account warning), never to players.
 */
type Item = { key: string; page?: MemberCentrePage; agentCentre?: boolean };

const ITEMS: readonly Item[] = [
  { key: 'account.memberCenter', page: 'securityCenter' },
  { key: 'account.agentCenter', agentCentre: true },
  { key: 'account.withdraw', page: 'withdraw' },
  { key: 'account.accountRecord', page: 'transactionHistory' },
  { key: 'account.bettingRecord', page: 'personalHistoryCopy' },
];

/** The avatar and its menu: member and agent centres, money and records, sign out. */
export function AvatarMenu() {
  const { t, i18n } = useTranslation();
  const userInfo = useSessionStore((s) => s.userInfo);
  const isAgent = useSessionStore((s) => s.isAgent);
  const isTrial = useSessionStore((s) => s.isTrial);
  const open = usePopupStore((s) => s.open);
  const requireRealAccount = useRequireRealAccount();
  const { openPage } = useMemberCentreNavigation();
  const agentCentre = useAgentCentreNavigation();
  const picture = avatarSource(usePlayerAvatar().data);
  // Unread messages and the promotions the member can join, claim or apply for (availablePromoCount).
  const badgeCount = avatarBadgeCount({ unreadMessages: useUnreadCount(), availablePromoCount: useAvailablePromoCount(i18n.language) });
  const badge = badgeText(badgeCount);
  const [isOpen, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    function onPointer(event: PointerEvent): void {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent): void {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
        return;
      }
      // A menu moves with the arrow keys (WAI-ARIA menu pattern); Tab leaves it.
      const items = [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
      const index = items.indexOf(document.activeElement as HTMLElement);
      const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
      if (next === undefined || items.length === 0) return;
      event.preventDefault();
      items[(next + items.length) % items.length]?.focus();
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  const name = userInfo?.nickname || userInfo?.username || '';
  const choose = (item: Item) => {
    setOpen(false);
    const { page } = item;
    // The member centre is for real accounts (spec: any token of a type other than 4); the agent
    // centre for agents, and a trial account gets the real-account warning.
    if (item.agentCentre) requireRealAccount(() => agentCentre.openPage());
    else if (page) requireRealAccount(() => openPage(page));
    else open('comingSoon', { featureKey: item.key });
  };

  return (
    <div className="avatar-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="avatar-menu__button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar-menu__figure">
          <span className="avatar-menu__avatar" aria-hidden="true">
            {picture ? <img className="avatar-menu__image" src={picture} alt="" /> : name.slice(0, 1).toUpperCase()}
          </span>
          {badge && (
            <span className="avatar-menu__badge" data-testid="avatar-badge" aria-hidden="true">
              {badge}
            </span>
          )}
        </span>
        {/* The name is in the button's text, not an aria-label, so what shows is part of what is read. */}
        <span className="visually-hidden">
          {t('account.menu', { name })}
          {badge && `, ${t('account.notifications', { count: badgeCount })}`}
        </span>
        <span className="avatar-menu__name" aria-hidden="true">
          {name}
        </span>
      </button>
      {isOpen && (
        <div id={menuId} className="avatar-menu__list" role="menu" aria-label={t('account.menu', { name })}>
          {ITEMS.filter((item) => !item.agentCentre || isAgent || isTrial).map((item) => (
            <button key={item.key} type="button" role="menuitem" className="avatar-menu__item" onClick={() => choose(item)}>
              {t(item.key)}
            </button>
          ))}
          <button
            type="button"
            role="menuitem"
            className="avatar-menu__item avatar-menu__item--danger"
            onClick={() => {
              setOpen(false);
              open('logout');
            }}
          >
            {t('account.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
