import { lazy, Suspense } from 'react';

const VendorLogo = lazy(() => import('./vendor-logo.tsx').then((m) => ({ default: m.VendorLogo })));

type Props = { code: string; name: string; className?: string };

/**
 * The vendor's drawn logo for the shell (vendor menu, footer), loaded when first shown: the shell is
 * in every page's first load, the emblems are not needed for its first paint. Until it arrives an
 * empty picture of the same box keeps the layout.
 */
export function LazyVendorLogo(props: Props) {
  const placeholder = (
    <svg
      className={`vendor-logo${props.className ? ` ${props.className}` : ''}`}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <VendorLogo {...props} />
    </Suspense>
  );
}
