/**
 * The pages a pager shows (spec: page range 3, 1 margin page): the first and last page, up to three
 * around the current one, and a gap (null) where pages are left out.
 */
export function pageRange(current: number, total: number, range = 3, margin = 1): (number | null)[] {
  const pages = new Set<number>();
  for (let p = 1; p <= Math.min(margin, total); p += 1) pages.add(p);
  for (let p = Math.max(1, total - margin + 1); p <= total; p += 1) pages.add(p);
  const start = Math.max(1, Math.min(current - Math.floor(range / 2), total - range + 1));
  for (let p = start; p < start + range && p <= total; p += 1) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push(null);
    out.push(p);
  }
  return out;
}
