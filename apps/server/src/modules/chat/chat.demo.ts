import { CHAT_DEFAULT_ROOM } from '@platform/contracts/chat';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as repo from './chat.repository.ts';
import { CHAT_DEFAULT_ROOM_NAME } from './chat.service.ts';

/** The demo merchant's public chat room (for every language), ready before anyone calls the chat. */
export async function seedDemoChat(trx: Kysely<DB>, merchantId: number): Promise<void> {
  await repo.ensureRoom(trx, merchantId, CHAT_DEFAULT_ROOM, CHAT_DEFAULT_ROOM_NAME);
}
