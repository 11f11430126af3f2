import { useSyncExternalStore } from 'react';

const PHONE_QUERY = '(max-width: 767px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True on a phone-sized screen: the lobby scrolls on endlessly there instead of showing a pager. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE_QUERY).matches);
}
