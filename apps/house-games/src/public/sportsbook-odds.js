// The sportsbook page's odds and lines as text. The page is a plain script (it imports nothing), so
// this mirrors @platform/sportsbook's formatOdds (odds-format.ts) and lineText (model.ts);
// sportsbook/sportsbook-page.test.ts checks that both agree for every price and line the book uses.
// Prices arrive as decimal odds in thousandths (1.95 is 1950); lines in quarters (-3 is -0.75).
globalThis.SportsbookOdds = (() => {
  /** The member's format from decimal odds D: Hong Kong D − 1; Malay and Indonesian as in odds-format.ts. */
  function toFormat(decimal, format) {
    const net = decimal - 1;
    if (format === 'hongkong') return net;
    if (format === 'malay') return net <= 1 ? net : -1 / net;
    if (format === 'indonesian') return net >= 1 ? net : -1 / net;
    return decimal;
  }

  /** Two decimals, three when the value is below 0.1 in size (as formatOdds). */
  function formatOdds(oddsMilli, format) {
    const value = toFormat(oddsMilli / 1000, format);
    return value.toFixed(Math.abs(value) < 0.1 ? 3 : 2);
  }

  /** A line in quarters as text: -3 → "-0.75", 2 → "0.5" (as lineText). */
  function lineText(quarters) {
    const abs = Math.abs(quarters);
    return `${quarters < 0 ? '-' : ''}${Math.floor(abs / 4)}${['', '.25', '.5', '.75'][abs % 4]}`;
  }

  /**
   * A line as Asian books write it: a quarter line is the two half lines it splits the stake on
   * (-0.75 → "-0.5/1", 2.25 → "2/2.5"); `signed` puts + on a positive handicap.
   */
  function asianLine(quarters, signed) {
    const abs = Math.abs(quarters);
    const sign = quarters < 0 ? '-' : signed && quarters > 0 ? '+' : '';
    if (abs % 2 === 0) return `${sign}${lineText(abs)}`;
    return `${sign}${lineText(abs - 1)}/${lineText(abs + 1)}`;
  }

  return { formatOdds, lineText, asianLine };
})();
