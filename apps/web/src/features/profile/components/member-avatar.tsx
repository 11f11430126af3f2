import { avatarSource, usePlayerAvatar } from '../api/get-player-avatar.ts';

/** The member's picture, or the first letter of the name while none is chosen. */
export function MemberAvatar({ name, size = 'large' }: { name: string; size?: 'large' | 'small' }) {
  const avatar = usePlayerAvatar();
  const source = avatarSource(avatar.data);
  return (
    <span className={`mc-avatar mc-avatar--${size}`} aria-hidden="true">
      {source ? <img className="mc-avatar__image" src={source} alt="" /> : name.slice(0, 1).toUpperCase()}
    </span>
  );
}
