import type { PlatformModule } from '../module.ts';
import { chatAdminRoutes } from './chat.admin-routes.ts';
import { chatRoutes } from './chat.routes.ts';
import { type ChatService, createChatService } from './chat.service.ts';

/**
 * The house chat room. Its dependencies are functions (the settings tree, the responsible-gaming
 * check, the time zone, the realtime push) so that app.ts names where each comes from.
 */
export function createChatModule(deps: Parameters<typeof createChatService>[0]): PlatformModule<'chat', ChatService> {
  const chat = createChatService(deps);
  return { name: 'chat', service: chat, routes: chatRoutes(chat), adminRoutes: chatAdminRoutes(chat) };
}
