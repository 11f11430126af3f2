/**
 * Draws the installed app's icons (the web app manifest's and the iOS home-screen icon) from one
 * description of the Lotus mark, as PNG files and an SVG, into public/icons/. No image comes from
 * outside: the mark is five petals, each the overlap of two circles, on the brand's colour.
 *
 *   npm run icons:web
 *
 * The files are committed; run this again after changing the mark and commit what it writes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

const BRAND: Rgb = [0xc2, 0x18, 0x5b];
const PETAL_FRONT: Rgb = [0xff, 0xff, 0xff];
const PETAL_MIDDLE: Rgb = [0xfc, 0xe4, 0xec];
const PETAL_BACK: Rgb = [0xf8, 0xbb, 0xd0];

/** One petal: a lens pointing away from the base point, turned by `angle` degrees from upright. */
type Petal = { angle: number; length: number; width: number; colour: Rgb };

/** In a 100-unit square; the base of every petal is at (50, 74). Back petals first. */
const BASE = { x: 50, y: 74 };
const PETALS: readonly Petal[] = [
  { angle: -62, length: 38, width: 15, colour: PETAL_BACK },
  { angle: 62, length: 38, width: 15, colour: PETAL_BACK },
  { angle: -30, length: 46, width: 17, colour: PETAL_MIDDLE },
  { angle: 30, length: 46, width: 17, colour: PETAL_MIDDLE },
  { angle: 0, length: 52, width: 20, colour: PETAL_FRONT },
];

/** The two circles whose overlap is a lens of this length and width (centres either side of its axis). */
function lensCircles(length: number, width: number): { radius: number; offset: number } {
  const sum = (length * length) / (2 * width);
  return { radius: (width / 2 + sum) / 2, offset: (sum - width / 2) / 2 };
}

/** Whether a point (in the 100-unit square, scaled by `scale` about the centre) lies in the petal. */
function inPetal(petal: Petal, x: number, y: number): boolean {
  const rad = (petal.angle * Math.PI) / 180;
  // Into the petal's own frame: base at the origin, pointing up along -v.
  const dx = x - BASE.x;
  const dy = y - BASE.y;
  const u = dx * Math.cos(rad) + dy * Math.sin(rad);
  const v = -dx * Math.sin(rad) + dy * Math.cos(rad);
  const { radius, offset } = lensCircles(petal.length, petal.width);
  const cy = -petal.length / 2;
  const inLeft = (u + offset) ** 2 + (v - cy) ** 2 <= radius * radius;
  const inRight = (u - offset) ** 2 + (v - cy) ** 2 <= radius * radius;
  return inLeft && inRight;
}

/** The colour of one point of the mark: the last petal that covers it, else the background. */
function colourAt(x: number, y: number): Rgb | null {
  for (let i = PETALS.length - 1; i >= 0; i -= 1) {
    const petal = PETALS[i];
    if (petal && inPetal(petal, x, y)) return petal.colour;
  }
  return null;
}

/** Whether a point lies inside the rounded square (corner radius in the same units). */
function inRoundedSquare(x: number, y: number, corner: number): boolean {
  const cx = Math.min(Math.max(x, corner), 100 - corner);
  const cy = Math.min(Math.max(y, corner), 100 - corner);
  return (x - cx) ** 2 + (y - cy) ** 2 <= corner * corner;
}

type Shape = { size: number; corner: number; markScale: number };

/** RGBA pixels, 4×4 samples a pixel for smooth edges. */
function render({ size, corner, markScale }: Shape): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / size) * 100;
          const y = ((py + (sy + 0.5) / samples) / size) * 100;
          if (!inRoundedSquare(x, y, corner)) continue;
          // The mark is scaled about the square's centre (a maskable icon keeps it in the safe zone).
          const colour = colourAt(50 + (x - 50) / markScale, 50 + (y - 50) / markScale) ?? BRAND;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const at = (py * size + px) * 4;
      if (a > 0) {
        pixels[at] = Math.round(r / a);
        pixels[at + 1] = Math.round(g / a);
        pixels[at + 2] = Math.round(b / a);
      }
      pixels[at + 3] = Math.round((a / (samples * samples)) * 255);
    }
  }
  return pixels;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of 8-bit RGBA rows, each with filter 0. */
function encodePng(size: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0;
    Buffer.from(pixels.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** The same mark as an SVG: each petal the overlap of its two circles, drawn as two arcs. */
function svg(): string {
  const petals = PETALS.map((petal) => {
    const { radius } = lensCircles(petal.length, petal.width);
    const r = radius.toFixed(3);
    const tip = `${BASE.x} ${BASE.y - petal.length}`;
    const d = `M${BASE.x} ${BASE.y}A${r} ${r} 0 0 1 ${tip}A${r} ${r} 0 0 1 ${BASE.x} ${BASE.y}Z`;
    return `<path fill="${hex(petal.colour)}" transform="rotate(${petal.angle} ${BASE.x} ${BASE.y})" d="${d}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><title>Lotus</title><rect width="100" height="100" rx="22" fill="${hex(BRAND)}"/>${petals}</svg>\n`;
}

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

/** name → shape: the manifest's icons (rounded, and full-bleed maskable) and iOS's (full square, iOS rounds it). */
const ICONS: Record<string, Shape> = {
  'icon-192.png': { size: 192, corner: 22, markScale: 1 },
  'icon-512.png': { size: 512, corner: 22, markScale: 1 },
  'icon-maskable-512.png': { size: 512, corner: 0, markScale: 0.78 },
  'apple-touch-icon.png': { size: 180, corner: 0, markScale: 0.9 },
};

mkdirSync(OUT, { recursive: true });
for (const [name, shape] of Object.entries(ICONS)) {
  writeFileSync(path.join(OUT, name), encodePng(shape.size, render(shape)));
}
writeFileSync(path.join(OUT, 'icon.svg'), svg());
console.log(`wrote ${Object.keys(ICONS).length + 1} icons to ${path.relative(process.cwd(), OUT)}`);
