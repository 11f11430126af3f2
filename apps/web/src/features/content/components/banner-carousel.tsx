import type { Banner } from '@platform/contracts/content';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { useBanners } from '../api/content-queries.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import '../content.css';

/** Spec section 9: autoplay every 5000 ms when there is more than one banner. */
export const BANNER_AUTOPLAY_MS = 5000;
/** A horizontal swipe this long (px) turns the slide on a touch screen. */
const SWIPE_PX = 40;

function BannerLink({ banner, isActive, children }: { banner: Banner; isActive: boolean; children: ReactNode }) {
  const tabIndex = isActive ? undefined : -1;
  if (banner.linkageType === 'ROUTE' && banner.linkageTarget) {
    return (
      <Link className="banner__link" to={banner.linkageTarget} tabIndex={tabIndex}>
        {children}
      </Link>
    );
  }
  if (banner.linkageType === 'URL' && banner.linkageTarget) {
    return (
      <a className="banner__link" href={banner.linkageTarget} target="_blank" rel="noopener noreferrer" tabIndex={tabIndex}>
        {children}
      </a>
    );
  }
  return <div className="banner__link banner__link--static">{children}</div>;
}

/**
 * The home banners. More than one: they turn every 5 s, except while the pointer or focus is on the
 * carousel, after the visitor pauses it, or when the system asks for reduced motion. Dots are
 * buttons; a swipe turns the slide on phones. With no banner (or a failed call) it draws nothing and
 * the page shows its welcome block instead.
 */
export function BannerCarousel({ groupName = 'w_home', fallback }: { groupName?: string; fallback: ReactNode }) {
  const { t } = useTranslation();
  const { data, isPending } = useBanners(groupName);
  const banners = data ?? [];
  const count = banners.length;
  const [index, setIndex] = useState(0);
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const [isStopped, setStopped] = useState(false);
  const isReducedMotion = useReducedMotion();
  const touchStartX = useRef<number | null>(null);
  const current = count > 0 ? index % count : 0;
  const canAutoplay = count > 1 && !isReducedMotion && !isStopped;
  const isPlaying = canAutoplay && !isHovered && !isFocused;

  useEffect(() => {
    if (!isPlaying) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((i) => (i + 1) % count);
    }, BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [isPlaying, count]);

  if (isPending) return <div className="banner-carousel banner-carousel--loading" aria-hidden="true" />;
  if (count === 0) return <>{fallback}</>;

  const go = (next: number) => setIndex((next + count) % count);
  return (
    <section
      className="banner-carousel"
      aria-roledescription="carousel"
      aria-label={t('content.banners')}
      data-playing={isPlaying ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onTouchStart={(event) => {
        touchStartX.current = event.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(event) => {
        const start = touchStartX.current;
        const end = event.changedTouches[0]?.clientX;
        touchStartX.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
        const isRtl = document.documentElement.dir === 'rtl';
        go(current + (end < start !== isRtl ? 1 : -1));
      }}
    >
      <div className="banner-carousel__slides" aria-live={isPlaying ? 'off' : 'polite'}>
        {banners.map((banner, i) => {
          const isActive = i === current;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the carousel pattern names each slide a group with a slide role description.
            <div
              key={banner.bannerId}
              className={`banner${isActive ? ' is-active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t('content.slide', { index: i + 1, count })}
              aria-hidden={!isActive}
              inert={!isActive}
            >
              <BannerLink banner={banner} isActive={isActive}>
                <img className="banner__image" src={banner.url} alt="" loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
                {banner.title && <span className="banner__caption">{banner.title}</span>}
              </BannerLink>
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="banner-carousel__controls">
          {!isReducedMotion && (
            <button
              type="button"
              className="banner-carousel__toggle"
              aria-label={isStopped ? t('content.play') : t('content.pause')}
              onClick={() => setStopped((s) => !s)}
            >
              <Icon name={isStopped ? 'play' : 'pause'} />
            </button>
          )}
          <div className="banner-carousel__dots">
            {banners.map((banner, i) => (
              <button
                key={banner.bannerId}
                type="button"
                className="banner-carousel__dot"
                aria-label={t('content.goToSlide', { index: i + 1, title: banner.title })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
