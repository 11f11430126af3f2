import { useState } from 'react';

/** The default game icon, drawn here so a missing image never needs another request. */
function DefaultGameIcon() {
  return (
    <svg className="game-image__default" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect x="6" y="16" width="52" height="32" rx="14" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M20 26v12M14 32h12" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      <circle cx="42" cy="28" r="3.5" fill="currentColor" />
      <circle cx="48" cy="36" r="3.5" fill="currentColor" />
    </svg>
  );
}

/** A game's picture, lazily loaded; a missing or broken image shows the default game icon. */
export function GameImage({ src }: { src: string }) {
  const [isBroken, setIsBroken] = useState(false);
  return (
    <span className="game-image">
      {src && !isBroken ? (
        <img src={src} alt="" loading="lazy" decoding="async" onError={() => setIsBroken(true)} data-testid="game-image" />
      ) : (
        <DefaultGameIcon />
      )}
    </span>
  );
}
