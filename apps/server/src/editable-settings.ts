import type { z } from 'zod';
import { freePlaySetting, loginPolicySetting, registrationSetting, smsPolicySetting } from './modules/accounts/accounts.settings.ts';
import { botCheckSetting } from './modules/accounts/bot-check.ts';
import { payloadSecuritySetting } from './modules/accounts/payload-encryption.ts';
import { secondFactorSetting } from './modules/accounts/second-factor.ts';
import { adjustmentApprovalSetting } from './modules/admin-money/admin-money.settings.ts';
import { bankCardPolicySetting } from './modules/bank-cards/bank-cards.settings.ts';
import { depositPolicySetting, walletModeSetting } from './modules/deposits/deposits.settings.ts';
import { memberTimeZoneSetting } from './modules/records/records.settings.ts';
import type { SettingDefinition } from './modules/settings/settings.service.ts';
import {
  analyticsSetting,
  cdnSetting,
  customerServiceSetting,
  domainRouteSetting,
  maintenanceSetting,
  regionRestrictionSetting,
  registerSwitchesSetting,
  resourcesSetting,
  settingsTreeSetting,
  whitelabelSetting,
} from './modules/system/system.settings.ts';
import { withdrawalRulesSetting } from './modules/withdrawals/withdrawals.settings.ts';

/** Every setting the operator may read and change through `/admin-api/settings`. */
export const EDITABLE_SETTINGS: readonly SettingDefinition<z.ZodType>[] = [
  registrationSetting,
  loginPolicySetting,
  smsPolicySetting,
  freePlaySetting,
  botCheckSetting,
  payloadSecuritySetting,
  secondFactorSetting,
  whitelabelSetting,
  maintenanceSetting,
  regionRestrictionSetting,
  customerServiceSetting,
  resourcesSetting,
  analyticsSetting,
  cdnSetting,
  domainRouteSetting,
  registerSwitchesSetting,
  settingsTreeSetting,
  memberTimeZoneSetting,
  adjustmentApprovalSetting,
  withdrawalRulesSetting,
  bankCardPolicySetting,
  depositPolicySetting,
  walletModeSetting,
];
