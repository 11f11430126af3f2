/**
 * A member's name as other people see it (chat, winner boards, tables, raffle lists, referral
 * lists): the middle hidden, `player123` -> `pl***23`. Names of up to 3 characters keep their first
 * only, up to 5 their first and last, so a short name is never shown nearly whole.
 */
export function maskName(name: string): string {
  const chars = Array.from(name);
  const take = (from: number, to?: number) => chars.slice(from, to).join('');
  if (chars.length <= 3) return `${take(0, 1)}***`;
  if (chars.length <= 5) return `${take(0, 1)}***${take(-1)}`;
  return `${take(0, 2)}***${take(-2)}`;
}
