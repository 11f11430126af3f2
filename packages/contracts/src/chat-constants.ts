/*
 * The chat room's limits and names, with no schema library (the web client's chunks import these);
 * chat.ts validates the calls with zod.
 */

/** A message's text after trimming: 1 to this many characters. */
export const CHAT_TEXT_LENGTH_MAX = 200;
/** Messages per page of the room's history (the newest first page). */
export const CHAT_PAGE_SIZE_MAX = 50;
/** A member may post once per this many milliseconds... */
export const CHAT_POST_INTERVAL_MS = 2_000;
/** ...and at most this many messages a minute. */
export const CHAT_POSTS_PER_MINUTE_MAX = 20;
/** The site's own chat page, where `chatUrl` points. */
export const CHAT_PAGE_PATH = '/chatroom';
/** The room every merchant has. */
export const CHAT_DEFAULT_ROOM = 'public';
/** An operator mutes a member for 1 minute to 30 days. */
export const CHAT_MUTE_MINUTES_MAX = 30 * 24 * 60;
/** A colour for the chat page's header: `#rgb` or `#rrggbb`. */
export const CHAT_HEADER_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
