import type { MemberCentrePage } from './member-centre-pages.ts';

/**
 * What the main bundle needs to open the member centre: the avatar menu and the deposit button
 * open pages by key; the page list, the dialog and the pages are chunks of their own.
 */

/** The query parameter that opens the member centre on a page: `?mc=withdraw`. */
export const MEMBER_CENTRE_PARAM = 'mc';

export const DEFAULT_MEMBER_CENTRE_PAGE: MemberCentrePage = 'securityCenter';
