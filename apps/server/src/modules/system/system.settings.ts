import { z } from 'zod';
import { defineSetting } from '../settings/settings.service.ts';

/**
 * The spec's whitelabel flags. Several modules read them (registration, login, agents), so they are
 * declared once here.
 * - CHNGPASSVERIF3: changing the password asks for a verification step.
 * - REGMOBVERF3: mobile registration needs an SMS code.
 * - MOBILEVERCODELOGIN3: login by mobile number and SMS code is offered.
 * - DIRECTREG3: registration logs the new member in directly.
 * - CBS3, AGENTPOLICY3: feature switches for the client (customer-service button style, agent policy page).
 * - FREEPLAY3: free-play (trial) login is offered.
 */
export const WHITELABEL_FLAGS = [
  'CHNGPASSVERIF3',
  'REGMOBVERF3',
  'MOBILEVERCODELOGIN3',
  'DIRECTREG3',
  'CBS3',
  'AGENTPOLICY3',
  'FREEPLAY3',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

export const whitelabelFlagsSchema = z.object(
  Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, z.boolean()])) as Record<WhitelabelFlag, z.ZodBoolean>,
);
export type WhitelabelFlags = z.infer<typeof whitelabelFlagsSchema>;

export const whitelabelSetting = defineSetting('system.whitelabel', whitelabelFlagsSchema, {
  CHNGPASSVERIF3: false,
  REGMOBVERF3: true,
  MOBILEVERCODELOGIN3: true,
  DIRECTREG3: true,
  CBS3: false,
  AGENTPOLICY3: true,
  FREEPLAY3: true,
});
