/*
 * Customer service and the house live chat: limits and names with no schema library (the web
 * client's chunks import these); support-chat.ts validates the calls with zod.
 */

/**
 * How a customer-service entry is opened (the spec's `csType`):
 * 1 the house live chat (a member-to-operator conversation), 2 a link opened in a new tab,
 * 3 a link served encrypted, decrypted by the client and opened in a popup window.
 */
export const CS_TYPE = { liveChat: 1, link: 2, encryptedLink: 3 } as const;
export type CsType = (typeof CS_TYPE)[keyof typeof CS_TYPE];
/** The entry of this position is the VIP customer service, listed only to members above `CS_VIP_RANK_LEVEL_MIN - 1`. */
export const CS_POSITION_VIP = 'VIP';
/** Members whose `clubLabel.rankLevel` is above 4 get the VIP customer service. */
export const CS_VIP_RANK_LEVEL_MIN = 5;

/** A message's text after trimming: 1 to this many characters. */
export const SUPPORT_CHAT_TEXT_LENGTH_MAX = 1_000;
/** Messages per page of a conversation's history. */
export const SUPPORT_CHAT_PAGE_SIZE_MAX = 50;
/** A member may write once per this many milliseconds... */
export const SUPPORT_CHAT_POST_INTERVAL_MS = 1_000;
/** ...and at most this many messages a minute. */
export const SUPPORT_CHAT_POSTS_PER_MINUTE_MAX = 20;
/** The badge counts unread messages up to this many and shows "99+" beyond. */
export const SUPPORT_CHAT_UNREAD_COUNT_MAX = 100;
