/** The site's mark and name. Decorative SVG; the text carries the name for screen readers. */
export function BrandLogo({ size = 'regular' }: { size?: 'regular' | 'large' }) {
  return (
    <span className={`brand-logo brand-logo--${size}`}>
      <svg className="brand-logo__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" />
        <path d="M32 14c5 6 7 12 7 18s-3 11-7 14c-4-3-7-8-7-14s2-12 7-18zm-16 12c6 1 10 4 13 8 2 3 3 7 3 12-6-1-11-3-14-7-2-3-3-8-2-13zm32 0c1 5 0 10-2 13-3 4-8 6-14 7 0-5 1-9 3-12 3-4 7-7 13-8z" />
      </svg>
      <span className="brand-logo__name">LOTUS</span>
    </span>
  );
}
