import { adjustmentApprovalSettingSchema } from '@platform/contracts/admin-money';
import { defineSetting } from '../settings/settings.service.ts';

/**
 * Manual adjustments of more than `approvalThresholdMinor` wait for a second operator's approval.
 * The default (in minor units: 5,000,000 VND) suits the demo merchant; operators set their own.
 */
export const adjustmentApprovalSetting = defineSetting('adminMoney.approval', adjustmentApprovalSettingSchema, {
  approvalThresholdMinor: 5_000_000,
});
