import { z } from 'zod';
import { defineSetting } from '../settings/settings.service.ts';

/**
 * Automatic approval of a withdrawal request, per merchant. Off by default. When on, a request at or
 * under `maxAmountMinor` is approved by the system as soon as it is made if every rule switched on
 * holds; otherwise it waits for an operator as before, with an audit row naming the rules that failed.
 *
 * - `requireWageringMet`: no bonus wagering left (the request itself refuses while some is left, so
 *   this repeats that check at the moment of approval).
 * - `requireNoBonusSinceLastWithdrawal`: no `promotion` transfer reached the member since their last
 *   paid withdrawal (or ever, before the first one). There is no promotions module yet (issue 19):
 *   every bonus is a ledger transfer with the code `promotion` whatever grants it, so the rule reads
 *   the ledger and covers the promotions once they exist without a change here.
 * - `requireNoLinkedAccounts`: no other member shares a login address (with or without the same
 *   device), a bank card number or a payee with this one (the member file's linked members).
 * - `allowedVipLevels`: the member's VIP level must be one of these; empty allows every level.
 */
export const autoApprovalSettingSchema = z.object({
  isEnabled: z.boolean(),
  maxAmountMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  requireWageringMet: z.boolean(),
  requireNoBonusSinceLastWithdrawal: z.boolean(),
  requireNoLinkedAccounts: z.boolean(),
  allowedVipLevels: z.array(z.number().int().min(0).max(1000)).max(100),
});
export type AutoApprovalSetting = z.infer<typeof autoApprovalSettingSchema>;

export const autoApprovalSetting = defineSetting('withdrawals.autoApproval', autoApprovalSettingSchema, {
  isEnabled: false,
  maxAmountMinor: 5_000_000,
  requireWageringMet: true,
  requireNoBonusSinceLastWithdrawal: true,
  requireNoLinkedAccounts: true,
  allowedVipLevels: [],
});

export type AutoApprovalRule = 'amount' | 'wagering' | 'bonus' | 'linked' | 'vipLevel';

/** What the rules look at, read when the request is made. */
export type AutoApprovalFacts = {
  amount: number;
  wageringRemaining: number;
  bonusSinceLastWithdrawal: boolean;
  linkedMembers: number;
  vipLevel: number;
};

/** The rules switched on, each with whether it holds; approval needs every one to hold. */
export function autoApprovalChecks(setting: AutoApprovalSetting, facts: AutoApprovalFacts): { rule: AutoApprovalRule; passed: boolean }[] {
  const checks: { rule: AutoApprovalRule; passed: boolean }[] = [{ rule: 'amount', passed: facts.amount <= setting.maxAmountMinor }];
  if (setting.requireWageringMet) checks.push({ rule: 'wagering', passed: facts.wageringRemaining <= 0 });
  if (setting.requireNoBonusSinceLastWithdrawal) checks.push({ rule: 'bonus', passed: !facts.bonusSinceLastWithdrawal });
  if (setting.requireNoLinkedAccounts) checks.push({ rule: 'linked', passed: facts.linkedMembers === 0 });
  if (setting.allowedVipLevels.length > 0) checks.push({ rule: 'vipLevel', passed: setting.allowedVipLevels.includes(facts.vipLevel) });
  return checks;
}
