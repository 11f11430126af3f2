import { startTransition, useEffect, useState } from 'react';

/** Once per page load: after that, every page draws its lower parts at once. */
let isPastFirstView = false;

/**
 * False while the page's first view is being drawn, then true in a transition: the parts below or
 * beside it (the footer, the right bar, home's lists) are drawn after the frame that shows it, in
 * slices, so the page's start is not one long task (docs/web-shell.md, "First paint").
 */
export function useAfterFirstView(): boolean {
  const [isPast, setPast] = useState(isPastFirstView);
  useEffect(() => {
    if (isPast) return;
    const frame = requestAnimationFrame(() =>
      setTimeout(() =>
        startTransition(() => {
          isPastFirstView = true;
          setPast(true);
        }),
      ),
    );
    return () => cancelAnimationFrame(frame);
  }, [isPast]);
  return isPast;
}
