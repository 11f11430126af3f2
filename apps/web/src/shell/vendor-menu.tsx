import type { VendorCard } from '@platform/contracts/games';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Icon } from '../components/icon.tsx';
import { LazyVendorLogo } from '../components/lazy-vendor-logo.tsx';
import { useShellHomeTranslation } from '../i18n/shell-home/register-translations.ts';

/** Spec section 9: up to 11 vendors per category, then a 'more' entry; 6 or more are not centred. */
export const VENDOR_MENU_MAX = 11;
export const VENDOR_MENU_UNCENTRED_FROM = 6;
/** Scroll arrows show past 7 vendors. */
export const VENDOR_MENU_ARROWS_PAST = 7;

/** Where a vendor's games are listed: the game list by category and vendor. */
export function vendorPath(gameType: string, vassalage: string): string {
  return `/games/${gameType.toLowerCase()}/vassalage/${encodeURIComponent(vassalage)}`;
}

type Props = {
  label: string;
  path: string;
  gameType: string;
  vendors: readonly VendorCard[];
  onNavigate?: () => void;
};

/**
 * A category of the header with its vendors: the category link, and a toggle that opens the
 * vendor list (on hover too with a mouse). Arrow keys move through the list, Escape closes it and
 * returns to the toggle.
 */
export function VendorMenu({ label, path, gameType, vendors, onNavigate }: Props) {
  const { t } = useShellHomeTranslation();
  const [isOpen, setOpen] = useState(false);
  // The vendor list is drawn the first time the menu opens, then kept: a closed menu on every page's
  // header costs nothing at the page's start (docs/web-shell.md, "First paint").
  const [isDrawn, setDrawn] = useState(false);
  if (isOpen && !isDrawn) setDrawn(true);
  // A pointer resting on the category opens the menu; a click on the toggle then keeps it open.
  const isHoverOpenRef = useRef(false);
  const menuId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const stripRef = useRef<HTMLUListElement>(null);
  const shown = vendors.slice(0, VENDOR_MENU_MAX);
  const hasArrows = shown.length > VENDOR_MENU_ARROWS_PAST;

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const links = () => [...(stripRef.current?.parentElement?.querySelectorAll<HTMLAnchorElement>('.vendor-menu__link') ?? [])];
  const focusLink = (index: number) => {
    const all = links();
    if (all.length === 0) return;
    const target = all[(index + all.length) % all.length];
    target?.focus();
    target?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  const close = (returnFocus: boolean) => {
    isHoverOpenRef.current = false;
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };
  const onToggleKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusLink(0));
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === forward) {
      event.preventDefault();
      focusLink(index + 1);
    } else if (event.key === 'ArrowUp' || event.key === backward) {
      event.preventDefault();
      focusLink(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusLink(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusLink(all.length - 1);
    }
  };
  const scrollBy = (direction: 1 | -1) => {
    const strip = stripRef.current;
    if (!strip) return;
    const sign = document.documentElement.dir === 'rtl' ? -1 : 1;
    strip.scrollBy({ left: direction * sign * strip.clientWidth * 0.8, behavior: 'smooth' });
  };
  const picked = () => {
    setOpen(false);
    onNavigate?.();
  };

  return (
    <li
      ref={itemRef}
      className={`main-nav__item main-nav__item--menu${isOpen ? ' is-open' : ''}`}
      onMouseEnter={() => {
        if (!isOpen && matchMedia('(hover: hover)').matches) {
          isHoverOpenRef.current = true;
          setOpen(true);
        }
      }}
      onMouseLeave={() => {
        isHoverOpenRef.current = false;
        if (matchMedia('(hover: hover)').matches) setOpen(false);
      }}
      onBlur={(event) => {
        if (!itemRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <NavLink className="main-nav__link" to={path} onClick={onNavigate}>
        {label}
      </NavLink>
      <button
        ref={toggleRef}
        type="button"
        className="main-nav__toggle"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label={t('vendors.open', { category: label })}
        onClick={() => {
          if (isHoverOpenRef.current) {
            isHoverOpenRef.current = false;
            setOpen(true);
          } else setOpen((open) => !open);
        }}
        onKeyDown={onToggleKey}
      >
        <Icon name="chevronDown" />
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the key handler serves the links inside. */}
      <div
        id={menuId}
        className={`vendor-menu${shown.length >= VENDOR_MENU_UNCENTRED_FROM ? ' vendor-menu--wide' : ' vendor-menu--centred'}`}
        hidden={!isOpen}
        onKeyDown={onMenuKey}
      >
        {isDrawn && hasArrows && (
          <button
            type="button"
            className="vendor-menu__arrow"
            tabIndex={-1}
            aria-label={t('vendors.scrollBack')}
            onClick={() => scrollBy(-1)}
          >
            <Icon name="chevronLeft" />
          </button>
        )}
        <ul ref={stripRef} className="vendor-menu__list" aria-label={t('vendors.list', { category: label })}>
          {isDrawn &&
            shown.map((vendor) => (
              <li key={vendor.vassalage}>
                <Link className="vendor-menu__link" to={vendorPath(gameType, vendor.vassalage)} onClick={picked}>
                  {vendor.logoUrl ? (
                    <img className="vendor-menu__logo" src={vendor.logoUrl} alt="" width={72} height={40} loading="lazy" />
                  ) : (
                    <LazyVendorLogo className="vendor-menu__logo" code={vendor.vassalage} name={vendor.displayName} />
                  )}
                  <span className="vendor-menu__name">{vendor.displayName}</span>
                  {vendor.isMaintenance && <span className="vendor-menu__badge">{t('vendors.maintenance')}</span>}
                </Link>
              </li>
            ))}
          {isDrawn && (
            <li>
              <Link className="vendor-menu__link vendor-menu__link--more" to={path} onClick={picked}>
                <span className="vendor-menu__logo vendor-menu__logo--blank" aria-hidden="true">
                  …
                </span>
                <span className="vendor-menu__name">{t('vendors.more')}</span>
              </Link>
            </li>
          )}
        </ul>
        {isDrawn && hasArrows && (
          <button type="button" className="vendor-menu__arrow" tabIndex={-1} aria-label={t('vendors.scrollOn')} onClick={() => scrollBy(1)}>
            <Icon name="chevronRight" />
          </button>
        )}
      </div>
    </li>
  );
}
