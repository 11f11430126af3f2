import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import { supportChatAdminRoutes } from './support-chat.admin-routes.ts';
import { supportChatRoutes } from './support-chat.routes.ts';
import { createSupportChatService, type SupportChatService } from './support-chat.service.ts';

/**
 * Customer service: the entries list and the house live chat (member-to-operator conversations).
 * Its dependencies are functions (the entries setting, the rank level, the realtime push) so that
 * app.ts names where each comes from.
 */
export function createSupportChatModule(
  deps: Parameters<typeof createSupportChatService>[0] & { merchants: MerchantService },
): PlatformModule<'supportChat', SupportChatService> {
  const support = createSupportChatService(deps);
  return {
    name: 'supportChat',
    service: support,
    routes: supportChatRoutes(support, deps.merchants),
    adminRoutes: supportChatAdminRoutes(support),
  };
}
