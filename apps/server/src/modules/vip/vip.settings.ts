import { VIP_WINDOWS } from '@platform/contracts/vip';
import { z } from 'zod';
import { defineSetting } from '../settings/settings.service.ts';

/**
 * VIP levels per merchant (docs/vip-and-rebates.md): the window thresholds are measured over, the
 * last 30 days (`rolling30`, a downgrade once the member held its level for a whole window) or the
 * calendar month so far (`calendarMonth`, a downgrade only at the month's last day).
 */
export const vipPolicySchema = z.object({ window: z.enum(VIP_WINDOWS) });
export type VipPolicy = z.infer<typeof vipPolicySchema>;

export const vipPolicySetting = defineSetting('vip.policy', vipPolicySchema, { window: 'rolling30' });
