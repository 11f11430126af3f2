import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopupStore } from '../../layout/hooks/popup-store.ts';
import { useSessionStore } from '../hooks/session-store.ts';
import { useRequireRealAccount } from '../hooks/use-require-real-account.ts';

type Item = { key: string; agentOnly?: boolean; needsRealAccount?: boolean };

const ITEMS: readonly Item[] = [
  { key: 'account.memberCenter' },
  { key: 'account.agentCenter', agentOnly: true },
  { key: 'account.withdraw', needsRealAccount: true },
  { key: 'account.accountRecord' },
  { key: 'account.bettingRecord' },
];

/** The avatar and its menu: member and agent centres, money and records, sign out. */
export function AvatarMenu() {
  const { t } = useTranslation();
  const userInfo = useSessionStore((s) => s.userInfo);
  const isAgent = useSessionStore((s) => s.isAgent);
  const open = usePopupStore((s) => s.open);
  const requireRealAccount = useRequireRealAccount();
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
    const show = () => open('comingSoon', { featureKey: item.key });
    if (item.needsRealAccount) requireRealAccount(show);
    else show();
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
        aria-label={t('account.menu', { name })}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar-menu__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="avatar-menu__name">{name}</span>
      </button>
      {isOpen && (
        <div id={menuId} className="avatar-menu__list" role="menu" aria-label={t('account.menu', { name })}>
          {ITEMS.filter((item) => !item.agentOnly || isAgent).map((item) => (
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
