import type { ReferralIdentitySignal } from '@platform/contracts/referrals';
import { foldText } from '@platform/contracts/text-folding';

type Link = { kind: 'ip' | 'device' | 'bank_card' | 'payee'; value: string };

/**
 * The identity facts two members share, from the member file's links of one of them (shared login
 * addresses, the same device, bank cards and their payees) and both profiles (mobile number, payee
 * name, compared folded): the signals the promotions' abuse controls look at too.
 */
export function sharedIdentitySignals(
  linked: readonly { memberId: number; links: readonly Link[] }[],
  otherId: number,
  profiles: readonly [{ mobileNum: string | null; payeeName: string | null }, { mobileNum: string | null; payeeName: string | null }],
): ReferralIdentitySignal[] {
  const signals = new Set<ReferralIdentitySignal>();
  for (const link of linked.find((m) => m.memberId === otherId)?.links ?? []) signals.add(link.kind);
  const [a, b] = profiles;
  if (a.mobileNum && b.mobileNum && a.mobileNum.trim() === b.mobileNum.trim()) signals.add('phone');
  if (a.payeeName && b.payeeName && foldText(a.payeeName.trim()) === foldText(b.payeeName.trim())) signals.add('payee');
  return [...signals].sort();
}
