import { MASKED_SECRET, type SocialProviderSetting, socialProviderSettingSchema } from '@platform/contracts/social-sign-in';
import { z } from 'zod';
import { defineSetting } from '../settings/settings.service.ts';

type ProvidersValue = { providers: SocialProviderSetting[] };

/**
 * The merchant's third-party sign-in providers (OpenID Connect). None by default: an operator adds
 * them through PUT /admin-api/settings/socialSignIn.providers (docs/social-sign-in.md).
 */
export const socialProvidersSetting = defineSetting(
  'socialSignIn.providers',
  z.object({
    providers: z
      .array(socialProviderSettingSchema)
      .max(10)
      .refine((list) => new Set(list.map((p) => p.key)).size === list.length, 'two providers have the same key'),
  }),
  { providers: [] },
  {
    redact: (value: ProvidersValue) => ({ providers: value.providers.map((p) => ({ ...p, clientSecret: MASKED_SECRET })) }),
    restore: (next: ProvidersValue, stored: ProvidersValue) => ({
      providers: next.providers.map((p) =>
        p.clientSecret === MASKED_SECRET ? { ...p, clientSecret: stored.providers.find((s) => s.key === p.key)?.clientSecret ?? '' } : p,
      ),
    }),
  },
);
