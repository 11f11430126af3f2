import type { MarqueeItem } from '@platform/contracts/content';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon.tsx';
import { useMarqueeNotices } from '../api/content-queries.ts';
import { openNotices } from '../hooks/notice-store.ts';
import '../content.css';

/** Longer text scrolls for longer, at about the same speed; classes only (the policy forbids inline styles). */
function speedClass(items: readonly MarqueeItem[]): string {
  const length = items.reduce((sum, item) => sum + item.title.length, 0);
  if (length < 80) return 'notice-marquee__track--s';
  if (length < 200) return 'notice-marquee__track--m';
  if (length < 400) return 'notice-marquee__track--l';
  return 'notice-marquee__track--xl';
}

function Items({ items, isCopy }: { items: readonly MarqueeItem[]; isCopy: boolean }) {
  return (
    <ul className={`notice-marquee__list${isCopy ? ' notice-marquee__list--copy' : ''}`} aria-hidden={isCopy || undefined}>
      {items.map((item) => (
        <li key={item.id} className="notice-marquee__item">
          <button type="button" className="notice-marquee__button" tabIndex={isCopy ? -1 : undefined} onClick={() => openNotices(item.id)}>
            {item.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The home notice marquee: titles scroll by and stop under the pointer or keyboard focus; with
 * reduced motion they stand still and wrap. A title opens the notice popup. Without notices, or
 * when the call fails, there is nothing to announce and the bar is left out.
 */
export function NoticeMarquee() {
  const { t } = useTranslation();
  const { data, isPending } = useMarqueeNotices();
  // The bar's place is kept while the notices load, so the page below does not jump when they arrive.
  if (isPending) return <div className="notice-marquee notice-marquee--pending" aria-hidden="true" />;
  if (!data || data.length === 0) return null;
  return (
    <section className="notice-marquee" aria-label={t('content.marquee')}>
      <button type="button" className="notice-marquee__icon" aria-label={t('content.openNotices')} onClick={() => openNotices()}>
        <Icon name="megaphone" />
      </button>
      <div className="notice-marquee__viewport">
        <div className={`notice-marquee__track ${speedClass(data)}`}>
          <Items items={data} isCopy={false} />
          <Items items={data} isCopy />
        </div>
      </div>
    </section>
  );
}
