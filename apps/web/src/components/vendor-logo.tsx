import { stripDiacritics } from '@platform/contracts/text-folding';
import { useId } from 'react';
import { artSeed, PALETTES } from './art-palette.ts';

/** A vendor's initials: the first letter of up to three words ("Lotus Transfer Studio" → LTS). */
export function vendorInitials(name: string): string {
  const words = stripDiacritics(name)
    .split(/[\s_-]+/)
    .filter(Boolean);
  return words
    .slice(0, 3)
    .map((word) => (word[0] as string).toUpperCase())
    .join('');
}

/** A vendor's generated logo: an emblem (shape and colours from its code) and its initials. */
export function VendorLogo({ code, name, className }: { code: string; name: string; className?: string }) {
  const id = useId();
  const seed = artSeed(code);
  const [top, bottom, ink] = PALETTES[(seed >>> 3) % PALETTES.length] as (typeof PALETTES)[number];
  const shapes = [
    'M20 2l16 9v18l-16 9-16-9V11z',
    'M20 2l18 18-18 18L2 20z',
    'M6 4h28l2 16-16 18L4 20z',
    'M20 2a18 18 0 110 36 18 18 0 010-36z',
  ];
  const initials = vendorInitials(name);
  return (
    <svg className={`vendor-logo${className ? ` ${className}` : ''}`} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-v`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
      </defs>
      <path d={shapes[seed % shapes.length]} fill={`url(#${id}-v)`} stroke={ink} strokeWidth="1.5" />
      <text
        x="20"
        y={initials.length > 2 ? 24.5 : 25.5}
        fill={ink}
        fontWeight="800"
        fontSize={initials.length > 2 ? 10 : 13}
        textAnchor="middle"
      >
        {initials}
      </text>
    </svg>
  );
}
