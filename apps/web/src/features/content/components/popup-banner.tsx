import { useBanners } from '../api/content-queries.ts';
import '../content.css';

/**
 * The operator's banner for an account popup (spec banner groups `w_login` and `w_register`): the
 * group's first banner as a picture with its title. Nothing while it loads, when the group is empty
 * or when the call fails, so the form never waits for it.
 */
export function PopupBanner({ groupName }: { groupName: 'w_login' | 'w_register' }) {
  const { data } = useBanners(groupName);
  const banner = data?.[0];
  if (!banner) return null;
  return (
    <figure className="popup-banner" data-group={groupName}>
      <img className="popup-banner__image" src={banner.url} alt="" decoding="async" />
      {banner.title && <figcaption className="popup-banner__caption">{banner.title}</figcaption>}
    </figure>
  );
}
