import { useId, useState } from 'react';
import { artSeed, PALETTES } from './art-palette.ts';

/**
 * Artwork drawn here rather than fetched: every game, vendor and category gets a picture even when
 * the vendor sends none (the demo vendors, a broken image). The game's picture carries its name in
 * the member's language: it is drawn inline from the name the catalogue answered for that language,
 * so nothing is cached per address and a language switch redraws it. Its letters and digits are set
 * in the page's own typeface (inherited), so the artwork makes the browser find and load no other.
 */

type Motif = 'sevens' | 'fruit' | 'dice' | 'coin' | 'wheel' | 'balls' | 'cards' | 'fish' | 'ball' | 'gamepad' | 'rocket' | 'reels';

/** The picture a game's theme calls for: from its code first (the demo's titles), then its category. */
export function motifOf(code: string, category: string): Motif {
  const c = code.toLowerCase();
  if (c.includes('seven') || c.includes('777')) return 'sevens';
  if (c.includes('fruit') || c.includes('cherry')) return 'fruit';
  if (c.includes('dice') || c.includes('sicbo') || c.includes('taixiu')) return 'dice';
  if (c.includes('coin')) return 'coin';
  if (c.includes('wheel') || c.includes('roulette')) return 'wheel';
  if (c.includes('poker') || c.includes('blackjack') || c.includes('hi-lo')) return 'cards';
  if (c.includes('plinko')) return 'balls';
  if (c.includes('mines')) return 'gamepad';
  switch (category.toUpperCase()) {
    case 'LOTT':
    case 'ELOTT':
      return 'balls';
    case 'LIVE':
      return 'wheel';
    case 'PVP':
    case 'TABLE':
      return 'cards';
    case 'FISH':
      return 'fish';
    case 'SPORTS':
      return 'ball';
    case 'ESPORTS':
    case 'ARCADE':
      return 'gamepad';
    case 'CRASH':
      return 'rocket';
    case 'MINIGAMES':
    case 'COCKFIGHT':
      return 'dice';
    default:
      return 'reels';
  }
}

/** Digits for a lottery game's balls, from its code, so the fast games do not all look alike. */
function digitsOf(seed: number): number[] {
  return [0, 1, 2, 3].map((i) => Math.floor(seed / 10 ** i) % 10);
}

type SuitKind = 'star' | 'diamond' | 'club' | 'spade' | 'heart' | 'sun';

/** A five-pointed star in the 40 by 40 box the suits are drawn in. */
const STAR_POINTS = Array.from({ length: 10 }, (_, k) => {
  const r = k % 2 === 0 ? 20 : 8;
  const a = ((-90 + 36 * k) * Math.PI) / 180;
  return `${(20 + r * Math.cos(a)).toFixed(1)},${(21 + r * Math.sin(a)).toFixed(1)}`;
}).join(' ');

/**
 * A card suit or slot symbol drawn as a shape, centred on (x, y) and `size` units wide. Shapes rather
 * than characters: a symbol character is in few typefaces, so each size of it sent the browser looking
 * for another one, and phones drew it differently.
 */
function Suit({ kind, x, y, size, fill }: { kind: SuitKind; x: number; y: number; size: number; fill: string }) {
  const at = `translate(${x - size / 2} ${y - size / 2}) scale(${size / 40})`;
  switch (kind) {
    case 'star':
      return <polygon transform={at} points={STAR_POINTS} fill={fill} />;
    case 'diamond':
      return <path transform={at} d="M20 1l16 19-16 19-16-19z" fill={fill} />;
    case 'heart':
      return (
        <path transform={at} d="M20 37C7 27 1 20 1 12 1 6 6 2 11 2c4 0 7 2 9 6 2-4 5-6 9-6 5 0 10 4 10 10 0 8-6 15-19 25z" fill={fill} />
      );
    case 'spade':
      return (
        <path
          transform={at}
          d="M20 2C33 13 39 19 39 26c0 6-4 9-9 9-3 0-6-2-8-4l3 8H15l3-8c-2 2-5 4-8 4-5 0-9-3-9-9 0-7 6-13 19-24z"
          fill={fill}
        />
      );
    case 'club':
      return (
        <g transform={at} fill={fill}>
          <circle cx="20" cy="11" r="8.5" />
          <circle cx="10.5" cy="24" r="8.5" />
          <circle cx="29.5" cy="24" r="8.5" />
          <path d="M18 24h4l3 15H15z" />
        </g>
      );
    default:
      return (
        <g transform={at} fill={fill} stroke={fill} strokeWidth="3.5" strokeLinecap="round">
          <circle cx="20" cy="20" r="8.5" stroke="none" />
          <path d="M20 2v6M20 32v6M2 20h6M32 20h6M7 7l4.5 4.5M28.5 28.5L33 33M7 33l4.5-4.5M28.5 11.5L33 7" fill="none" />
        </g>
      );
  }
}

function MotifShape({ motif, ink, seed }: { motif: Motif; ink: string; seed: number }) {
  switch (motif) {
    case 'sevens':
      return (
        <g>
          <rect x="22" y="44" width="196" height="92" rx="14" fill="none" stroke={ink} strokeWidth="4" />
          <g fill={ink} fontWeight="700" fontSize="78" textAnchor="middle">
            <text x="62" y="118">
              7
            </text>
            <text x="120" y="118">
              7
            </text>
            <text x="178" y="118">
              7
            </text>
          </g>
        </g>
      );
    case 'fruit':
      return (
        <g>
          <path d="M104 50c10 22 26 34 46 40" fill="none" stroke="#7cc36b" strokeWidth="6" strokeLinecap="round" />
          <path d="M104 50c-6 22-16 36-32 44" fill="none" stroke="#7cc36b" strokeWidth="6" strokeLinecap="round" />
          <circle cx="72" cy="110" r="28" fill="#e63946" />
          <circle cx="150" cy="106" r="28" fill="#e63946" />
          <circle cx="64" cy="100" r="7" fill="#fff" opacity=".55" />
          <circle cx="142" cy="96" r="7" fill="#fff" opacity=".55" />
          <path d="M104 50c12-10 30-10 40-2-12 8-28 8-40 2z" fill="#7cc36b" />
        </g>
      );
    case 'dice':
      return (
        <g>
          <rect x="44" y="52" width="72" height="72" rx="14" fill="#fff" transform="rotate(-12 80 88)" />
          <rect x="124" y="58" width="72" height="72" rx="14" fill={ink} transform="rotate(10 160 94)" />
          <g fill="#b91c1c">
            <circle cx="64" cy="74" r="7" />
            <circle cx="80" cy="88" r="7" />
            <circle cx="96" cy="102" r="7" />
          </g>
          <g fill="#1f2937">
            <circle cx="146" cy="80" r="7" />
            <circle cx="174" cy="80" r="7" />
            <circle cx="146" cy="108" r="7" />
            <circle cx="174" cy="108" r="7" />
          </g>
        </g>
      );
    case 'coin':
      return (
        <g>
          <circle cx="120" cy="92" r="54" fill={ink} />
          <circle cx="120" cy="92" r="42" fill="none" stroke="#b7791f" strokeWidth="5" />
          <text x="120" y="114" fill="#8a5a00" fontWeight="700" fontSize="60" textAnchor="middle">
            ₫
          </text>
        </g>
      );
    case 'wheel': {
      const slices = 8;
      return (
        <g>
          {Array.from({ length: slices }, (_, i) => {
            const a0 = (i / slices) * Math.PI * 2;
            const a1 = ((i + 1) / slices) * Math.PI * 2;
            const r = 56;
            const d = `M120 92L${120 + r * Math.cos(a0)} ${92 + r * Math.sin(a0)}A${r} ${r} 0 0 1 ${120 + r * Math.cos(a1)} ${92 + r * Math.sin(a1)}z`;
            return <path key={a0} d={d} fill={i % 2 === 0 ? ink : '#ffffff'} opacity={i % 2 === 0 ? 1 : 0.85} />;
          })}
          <circle cx="120" cy="92" r="56" fill="none" stroke={ink} strokeWidth="5" />
          <circle cx="120" cy="92" r="10" fill="#1f2937" />
          <path d="M120 26l10 18h-20z" fill="#fff" />
        </g>
      );
    }
    case 'balls': {
      const digits = digitsOf(seed);
      const spots = [
        [70, 72],
        [124, 64],
        [96, 118],
        [160, 112],
      ] as const;
      return (
        <g fontWeight="700" fontSize="28" textAnchor="middle">
          {spots.map(([x, y], i) => (
            <g key={`${x}-${y}`}>
              <circle cx={x} cy={y} r="27" fill={ink} />
              <circle cx={x - 9} cy={y - 10} r="6" fill="#fff" opacity=".6" />
              <text x={x} y={y + 10} fill="#1f2937">
                {digits[i]}
              </text>
            </g>
          ))}
        </g>
      );
    }
    case 'cards':
      return (
        <g fontWeight="700" textAnchor="middle">
          <rect x="58" y="44" width="70" height="96" rx="10" fill="#fff" transform="rotate(-14 93 92)" />
          <rect x="112" y="40" width="70" height="96" rx="10" fill="#fff" transform="rotate(10 147 88)" />
          <text x="88" y="106" fontSize="44" fill="#1f2937" transform="rotate(-14 93 92)">
            A
          </text>
          <g transform="rotate(10 147 88)">
            <Suit kind="heart" x={150} y={90} size={32} fill="#c1121f" />
          </g>
        </g>
      );
    case 'fish':
      return (
        <g>
          <path d="M50 92c30-40 90-40 120 0-30 40-90 40-120 0z" fill={ink} />
          <path d="M168 92l30-26v52z" fill={ink} />
          <circle cx="80" cy="86" r="7" fill="#1f2937" />
          <circle cx="196" cy="50" r="8" fill="none" stroke="#fff" strokeWidth="3" opacity=".7" />
          <circle cx="182" cy="34" r="5" fill="none" stroke="#fff" strokeWidth="3" opacity=".7" />
        </g>
      );
    case 'ball':
      return (
        <g>
          <circle cx="120" cy="92" r="52" fill="#fff" />
          <path d="M120 66l24 17-9 28h-30l-9-28z" fill="#1f2937" />
          <path d="M120 40v26M144 83l25-8M135 111l15 22M105 111l-15 22M96 83l-25-8" stroke="#1f2937" strokeWidth="4" />
          <circle cx="120" cy="92" r="52" fill="none" stroke={ink} strokeWidth="5" />
        </g>
      );
    case 'gamepad':
      return (
        <g>
          <path d="M62 64h116c22 0 34 22 38 50 3 22-16 32-30 18l-20-20H74l-20 20c-14 14-33 4-30-18 4-28 16-50 38-50z" fill={ink} />
          <path d="M74 80v28M60 94h28" stroke="#1f2937" strokeWidth="7" strokeLinecap="round" />
          <circle cx="160" cy="84" r="7" fill="#1f2937" />
          <circle cx="176" cy="100" r="7" fill="#1f2937" />
        </g>
      );
    case 'rocket':
      return (
        <g>
          <path d="M40 140C90 130 150 100 196 44" fill="none" stroke={ink} strokeWidth="6" strokeLinecap="round" />
          <path d="M196 44l-6 24-16-14z" fill={ink} />
          <text x="84" y="92" fill="#fff" fontWeight="700" fontSize="34" textAnchor="middle">
            2.4×
          </text>
        </g>
      );
    default: {
      const symbols: readonly SuitKind[] = ['star', 'diamond', 'club', 'spade', 'heart', 'sun'];
      return (
        <g>
          <rect x="22" y="44" width="196" height="92" rx="14" fill="none" stroke={ink} strokeWidth="4" />
          {[62, 120, 178].map((x, i) => (
            <Suit key={x} kind={symbols[(seed >>> (i * 3)) % symbols.length] as SuitKind} x={x} y={91} size={40} fill={ink} />
          ))}
        </g>
      );
    }
  }
}

/** Splits a name into at most two lines that fit the picture's width. */
function nameLines(name: string): string[] {
  const limit = 15;
  if (name.length <= limit) return [name];
  const words = name.split(/\s+/);
  const lines: string[] = [''];
  for (const word of words) {
    const last = lines[lines.length - 1] as string;
    if (last && `${last} ${word}`.length > limit && lines.length < 2) lines.push(word);
    else lines[lines.length - 1] = last ? `${last} ${word}` : word;
  }
  return lines.map((line) => (line.length > limit + 4 ? `${line.slice(0, limit + 2)}…` : line));
}

type GameArtProps = { code: string; name: string; category: string };

/** `compact`: a small icon beside the name, so the picture leaves the name out. */

/** A game's generated picture: its theme's motif on its colours, with its name. */
export function GameArt({ code, name, category, compact = false }: GameArtProps & { compact?: boolean }) {
  const id = useId();
  const seed = artSeed(code);
  const [top, bottom, ink] = PALETTES[seed % PALETTES.length] as (typeof PALETTES)[number];
  const lines = nameLines(name);
  // Bold text is about 0.64 em a character: the longest line must fit in 220 of the 240 units.
  const longest = Math.max(...lines.map((line) => line.length));
  const fontSize = Math.min(lines.length > 1 ? 18 : 22, Math.floor(220 / (0.64 * longest)));
  return (
    // Always shown beside the game's name, so it is not read out a second time.
    <svg
      className="game-art"
      viewBox={compact ? '40 -9 160 160' : '0 0 240 180'}
      aria-hidden="true"
      focusable="false"
      data-testid="game-art"
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
      </defs>
      <rect x="0" y="-10" width="240" height="200" fill={`url(#${id}-bg)`} />
      <circle cx={30 + (seed % 180)} cy="20" r="60" fill="#fff" opacity=".06" />
      <g transform="translate(24 0) scale(0.8)">
        <MotifShape motif={motifOf(code, category)} ink={ink} seed={seed} />
      </g>
      {!compact && <rect x="0" y="126" width="240" height="54" fill="#000" opacity=".28" />}
      {!compact && (
        <g fill="#fff" fontWeight="700" fontSize={fontSize} textAnchor="middle">
          {lines.map((line, i) => (
            <text key={line} x="120" y={lines.length > 1 ? 148 + i * 22 : 161}>
              {line}
            </text>
          ))}
        </g>
      )}
    </svg>
  );
}

/**
 * A game's picture: the vendor's image when it sends one that loads, otherwise the generated art.
 * Our own demo vendors send none, so their games always show the art in the member's language.
 */
export function GameArtwork({ src, code, name, category }: GameArtProps & { src: string }) {
  const [isBroken, setIsBroken] = useState(false);
  return (
    <span className="game-image">
      {src && !isBroken ? (
        <img src={src} alt="" loading="lazy" decoding="async" onError={() => setIsBroken(true)} data-testid="game-image" />
      ) : (
        <GameArt code={code} name={name} category={category} />
      )}
    </span>
  );
}

/** A game category's picture (`LIVE`, `RNG`, `LOTT` …): its motif on the category's colours. */
export function CategoryArt({ gameType, className }: { gameType: string; className?: string }) {
  const id = useId();
  const seed = artSeed(gameType);
  const [top, bottom, ink] = PALETTES[seed % PALETTES.length] as (typeof PALETTES)[number];
  return (
    <svg className={`category-art${className ? ` ${className}` : ''}`} viewBox="0 10 240 160" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-c`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
      </defs>
      <rect y="10" width="240" height="160" fill={`url(#${id}-c)`} />
      <circle cx="210" cy="20" r="60" fill="#fff" opacity=".07" />
      <MotifShape motif={motifOf('', gameType)} ink={ink} seed={seed} />
    </svg>
  );
}
