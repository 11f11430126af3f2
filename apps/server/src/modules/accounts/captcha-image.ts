import { randomInt } from 'node:crypto';
import { encodeGreyscalePng } from './png-encoder.ts';

/** 5x7 bitmaps of the digits, one string per row, '#' inked. */
const GLYPHS: Record<string, readonly string[]> = {
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['#####', '...#.', '..#..', '...#.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
};

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 44;
const SCALE = 4;

/**
 * Draws the digits on a speckled background, each glyph shifted and thickened at random, with a
 * few stray lines. It stops naive OCR and scripted guessing; the lockout is the real defence.
 */
export function renderCaptchaPng(text: string): Buffer {
  const pixels = new Uint8Array(CAPTCHA_WIDTH * CAPTCHA_HEIGHT);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 200 + randomInt(56);
  const ink = (x: number, y: number, level: number) => {
    if (x >= 0 && x < CAPTCHA_WIDTH && y >= 0 && y < CAPTCHA_HEIGHT) pixels[y * CAPTCHA_WIDTH + x] = level;
  };
  const slot = Math.floor(CAPTCHA_WIDTH / Math.max(text.length, 1));
  [...text].forEach((char, index) => {
    const glyph = GLYPHS[char];
    if (!glyph) throw new RangeError(`no glyph for ${char}`);
    const originX = index * slot + Math.floor((slot - 5 * SCALE) / 2) + randomInt(-3, 4);
    const originY = Math.floor((CAPTCHA_HEIGHT - 7 * SCALE) / 2) + randomInt(-4, 5);
    const level = randomInt(0, 90);
    glyph.forEach((row, gy) => {
      [...row].forEach((cell, gx) => {
        if (cell !== '#') return;
        for (let dy = 0; dy < SCALE; dy++) {
          for (let dx = 0; dx < SCALE; dx++) ink(originX + gx * SCALE + dx, originY + gy * SCALE + dy, level);
        }
      });
    });
  });
  for (let line = 0; line < 4; line++) {
    let y = randomInt(CAPTCHA_HEIGHT);
    const slope = randomInt(-2, 3);
    for (let x = 0; x < CAPTCHA_WIDTH; x++) {
      if (x % 6 === 0) y += slope > 0 ? 1 : slope < 0 ? -1 : 0;
      ink(x, ((y % CAPTCHA_HEIGHT) + CAPTCHA_HEIGHT) % CAPTCHA_HEIGHT, 60 + randomInt(100));
    }
  }
  return encodeGreyscalePng(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, pixels);
}

export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}
