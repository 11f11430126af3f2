/** A rate in parts per million as a percentage (4,000 → "0.4 %"). */
export function rateText(ratePpm: number, language: string): string {
  return `${(ratePpm / 10_000).toLocaleString(language, { maximumFractionDigits: 4 })} %`;
}
