/** A rate in parts per million as a percentage in the page's language (4,000 → "0.4 %", 12,500 → "1.25 %"). */
export function ratePpmText(ratePpm: number, language: string): string {
  return `${(ratePpm / 10_000).toLocaleString(language, { maximumFractionDigits: 4 })} %`;
}
