import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { asianLineText, lineText, MAX_ODDS, MIN_ODDS } from '@platform/sportsbook/model';
import { formatOdds, ODDS_FORMATS, type OddsFormat } from '@platform/sportsbook/odds-format';
import { describe, expect, it } from 'vitest';
import { renderSportsbookPage } from './sportsbook-page.ts';

/** The page's odds script as the browser runs it: a plain script that sets globalThis.SportsbookOdds. */
type PageOdds = {
  formatOdds: (odds: number, format: OddsFormat) => string;
  lineText: (quarters: number) => string;
  asianLine: (quarters: number, signed: boolean) => string;
};
function pageOdds(): PageOdds {
  const code = readFileSync(new URL('../public/sportsbook-odds.js', import.meta.url), 'utf8');
  const context: { SportsbookOdds?: PageOdds } = {};
  runInNewContext(code, context);
  if (!context.SportsbookOdds) throw new Error('sportsbook-odds.js set no SportsbookOdds');
  return context.SportsbookOdds;
}

const input = { sessionId: 's"1', currency: 'VND', returnUrl: 'javascript:alert(1)' };

describe('the sportsbook page', () => {
  const page = pageOdds();

  it("writes every price the book can quote (1.01 to 1000, in thousandths) as the engine's formatOdds does, in all four formats", () => {
    let checked = 0;
    for (let odds = MIN_ODDS; odds <= MAX_ODDS; odds += odds < 20_000 ? 1 : odds < 100_000 ? 7 : 97) {
      for (const format of ODDS_FORMATS) {
        const expected = formatOdds(odds, format);
        if (page.formatOdds(odds, format) !== expected) expect(`${odds} ${format}: ${page.formatOdds(odds, format)}`).toBe(expected);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100_000);
    // The formats' turning points, spelled out (docs/sportsbook.md, "Odds formats").
    expect(['decimal', 'hongkong', 'malay', 'indonesian'].map((f) => page.formatOdds(1800, f as OddsFormat))).toEqual([
      '1.80',
      '0.80',
      '0.80',
      '-1.25',
    ]);
    expect(['decimal', 'hongkong', 'malay', 'indonesian'].map((f) => page.formatOdds(2500, f as OddsFormat))).toEqual([
      '2.50',
      '1.50',
      '-0.67',
      '1.50',
    ]);
  });

  it('writes lines as the engine does, quarter lines as the two half lines they split on', () => {
    for (let q = -400; q <= 800; q += 1) {
      expect(page.lineText(q)).toBe(lineText(q));
      expect(page.asianLine(q, true)).toBe(asianLineText(q, true));
      expect(page.asianLine(q, false)).toBe(asianLineText(q));
    }
    expect([-3, -1, 0, 1, 2, 9].map((q) => asianLineText(q, true))).toEqual(['-0.5/1', '-0/0.5', '0', '+0/0.5', '+0.5', '+2/2.5']);
  });

  it('speaks Vietnamese or English, escapes what it shows, drops a return link that is no web address, and carries no inline code', () => {
    const vi = renderSportsbookPage({ ...input, language: 'vi-VN' });
    const en = renderSportsbookPage({ ...input, language: 'en' });
    expect(vi).toContain('lang="vi"');
    expect(vi).toContain('Phiếu cược');
    expect(vi).toContain('Hồng Kông');
    expect(en).toContain('lang="en"');
    expect(en).toContain('Bet slip');
    expect(en).toContain('<option value="indonesian">Indonesian</option>');
    expect(en).toContain('data-session="s&quot;1"');
    expect(en).not.toContain('javascript:');
    expect(en).not.toMatch(/<script>(?!<)/);
    expect(en).not.toMatch(/\sstyle=/);
    expect(en).toContain('<script src="/static/sportsbook-odds.js" defer></script>');
    expect(en).toContain('<script src="/static/sportsbook.js" defer></script>');
    // VND has no minor unit: the stake steps by 1.
    expect(en).toContain('step="1"');
    expect(renderSportsbookPage({ ...input, currency: 'USD', language: 'en' })).toContain('step="0.01"');
  });

  it("shows an e-sports brand's name and colour class, and never a code that is not a brand code", () => {
    const av = renderSportsbookPage({ ...input, language: 'en', brand: { code: 'AV', name: 'AV <E-sports>' } });
    expect(av).toContain('<title>AV &lt;E-sports&gt;</title>');
    expect(av).toContain('brand--av');
    expect(av).toContain('<span class="brand-mark">AV</span>');
    const odd = renderSportsbookPage({ ...input, language: 'en', brand: { code: 'x" onload="', name: 'X' } });
    expect(odd).not.toContain('brand--');
    expect(odd).toContain('<title>Sports</title>');
  });
});
