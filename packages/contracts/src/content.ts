import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { pageOf } from './pagination.ts';

/**
 * Site content an operator publishes: banners per page group and announcements (notices). The
 * visitor calls answer in the caller's language (vi or en, the other as fallback) and only what is
 * in effect by the server's clock.
 */

/**
 * Announcement types (spec section 9): B bulletin, PL player, PU popup, PR promotion, H headline; and
 * ours, N news (the site's news page, /news).
 */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H', 'N'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
/** The type the notice list shows when none is asked for (the spec's "B is executed"). */
export const DEFAULT_ANNOUNCEMENT_TYPE: AnnouncementType = 'B';
/** Where an announcement shows: every client, the web site ('W', the spec's platform) or the app ('M'). */
export const ANNOUNCEMENT_PLATFORMS = ['ALL', 'W', 'M'] as const;
export type AnnouncementPlatform = (typeof ANNOUNCEMENT_PLATFORMS)[number];
/**
 * How often a popup announcement (PU) shows: once per browser session unless the operator marks it
 * to show on every page load. Never over the game pages either way.
 */
export const POPUP_REPEATS = ['session', 'every_load'] as const;
export type PopupRepeat = (typeof POPUP_REPEATS)[number];
/** Notices per page (spec section 9). */
export const NOTICES_PAGE_SIZE = 9;
/** Marquee items at most. */
export const MARQUEE_LIMIT = 10;

/** How a banner is clickable: a route of the site or an outside address; null means not clickable. */
export const BANNER_LINKAGE_TYPES = ['ROUTE', 'URL'] as const;
export type BannerLinkageType = (typeof BANNER_LINKAGE_TYPES)[number];
/** Page groups named by the spec, the home carousel's and the promotions page's. */
export const BANNER_GROUPS = ['w_home', 'w_login', 'w_register', 'w_deposit20', 'w_bet20', 'w_promotion'] as const;
export const bannerGroupSchema = z.string().regex(/^[a-z][a-z0-9_]{1,39}$/, 'a group name such as w_home');

/** Spec entity Banner, plus the title (alt text) and the link target. */
export const bannerSchema = z.object({
  bannerId: z.number().int(),
  url: z.string(),
  groupName: z.string(),
  linkageType: z.enum(BANNER_LINKAGE_TYPES).nullable(),
  linkageTarget: z.string().nullable(),
  title: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannersQuerySchema = z.strictObject({ groupName: bannerGroupSchema.default('w_home') });
export const bannersResponseSchema = okEnvelope(z.array(bannerSchema));

/** Spec entity Notice / announcement; `startDate` is ISO 8601 so a client can show its own time zone. */
export const announcementSchema = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  /** YYYY-MM-DD HH:mm:ss in the site's time zone (Asia/Ho_Chi_Minh). */
  startDateStr: z.string(),
  startDate: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  popupRepeat: z.enum(POPUP_REPEATS),
});
export type Announcement = z.infer<typeof announcementSchema>;

const platformQuery = z.enum(['W', 'M']).default('W');

export const announcementsQuerySchema = z.strictObject({
  type: z.enum(ANNOUNCEMENT_TYPES).default(DEFAULT_ANNOUNCEMENT_TYPE),
  platform: platformQuery,
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(NOTICES_PAGE_SIZE),
});
export const announcementPageSchema = pageOf(announcementSchema);
export type AnnouncementPage = z.infer<typeof announcementPageSchema>;
export const announcementsResponseSchema = okEnvelope(announcementPageSchema);

/** Comma list of types, e.g. `PU` or `B,PL,PU,PR,H`. */
const typesList = z
  .string()
  .max(40)
  .transform((v, ctx) => {
    const parts = [...new Set(v.split(',').map((p) => p.trim().toUpperCase()))].filter(Boolean);
    for (const part of parts) {
      if (!(ANNOUNCEMENT_TYPES as readonly string[]).includes(part)) {
        ctx.addIssue({ code: 'custom', message: `unknown announcement type ${part}` });
        return z.NEVER;
      }
    }
    return parts as AnnouncementType[];
  });

export const announcementContentQuerySchema = z.strictObject({
  types: typesList.default(['PU']),
  platform: platformQuery,
  /**
   * The spec's client sends `execution` with this call (announcement types table: "B is executed").
   * It selects nothing here: the answer is the same with or without it, so it is accepted and ignored.
   */
  execution: z.string().max(40).optional(),
});
/** The announcement result groups popup, player, banners (bulletins) and promotion (spec section 3), plus headline. */
export const announcementContentSchema = z.object({
  popup: z.array(announcementSchema),
  player: z.array(announcementSchema),
  banners: z.array(announcementSchema),
  promotion: z.array(announcementSchema),
  headline: z.array(announcementSchema),
});
export type AnnouncementContent = z.infer<typeof announcementContentSchema>;
export const announcementContentResponseSchema = okEnvelope(announcementContentSchema);

export const marqueeItemSchema = z.object({ id: z.number().int(), type: z.enum(ANNOUNCEMENT_TYPES), title: z.string() });
export type MarqueeItem = z.infer<typeof marqueeItemSchema>;
export const marqueeQuerySchema = z.strictObject({ platform: platformQuery });
export const marqueeResponseSchema = okEnvelope(z.array(marqueeItemSchema));

// Back office

const isoDate = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);
/** A site path (`/banners/x.svg`) or an https address (banners, promotion images). */
export const imageUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)[A-Za-z0-9._~\-/]+|https:\/\/[^\s"'<>]+)$/, 'a site path or an https address');

export const bannerInputSchema = z
  .strictObject({
    groupName: bannerGroupSchema,
    imageUrl,
    linkageType: z.enum(BANNER_LINKAGE_TYPES).nullable().default(null),
    linkageTarget: z.string().trim().max(500).nullable().default(null),
    title: z.strictObject({ vi: text(200).default(''), en: text(200).default('') }),
    sort: z.number().int().min(-10_000).max(10_000).default(0),
    startsAt: isoDate.nullable().default(null),
    endsAt: isoDate.nullable().default(null),
    enabled: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    if ((b.linkageType === null) !== (b.linkageTarget === null)) {
      ctx.addIssue({ code: 'custom', path: ['linkageTarget'], message: 'a link type needs a target and a target needs a type' });
    } else if (b.linkageType === 'ROUTE' && !/^\/(?!\/)[^\s"'<>]*$/.test(b.linkageTarget ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['linkageTarget'], message: 'a route of the site, starting with /' });
    } else if (b.linkageType === 'URL' && !/^https?:\/\/[^\s"'<>]+$/.test(b.linkageTarget ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['linkageTarget'], message: 'an http or https address' });
    }
    if (b.startsAt && b.endsAt && Date.parse(b.endsAt) <= Date.parse(b.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
    }
  });
export type BannerInput = z.output<typeof bannerInputSchema>;

export const announcementInputSchema = z
  .strictObject({
    type: z.enum(ANNOUNCEMENT_TYPES),
    title: z.strictObject({ vi: text(200).default(''), en: text(200).default('') }),
    body: z.strictObject({ vi: z.string().max(20_000).default(''), en: z.string().max(20_000).default('') }),
    platform: z.enum(ANNOUNCEMENT_PLATFORMS).default('ALL'),
    popupRepeat: z.enum(POPUP_REPEATS).default('session'),
    startsAt: isoDate,
    endsAt: isoDate.nullable().default(null),
    sort: z.number().int().min(-10_000).max(10_000).default(0),
    enabled: z.boolean().default(true),
  })
  .superRefine((a, ctx) => {
    if (a.title.vi === '' && a.title.en === '') ctx.addIssue({ code: 'custom', path: ['title'], message: 'a title in vi or en' });
    if (a.endsAt && Date.parse(a.endsAt) <= Date.parse(a.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
    }
  });
export type AnnouncementInput = z.output<typeof announcementInputSchema>;

export const adminBannerSchema = z.object({
  id: z.number().int(),
  groupName: z.string(),
  imageUrl: z.string(),
  linkageType: z.enum(BANNER_LINKAGE_TYPES).nullable(),
  linkageTarget: z.string().nullable(),
  title: z.object({ vi: z.string(), en: z.string() }),
  sort: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

export const adminAnnouncementSchema = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.object({ vi: z.string(), en: z.string() }),
  body: z.object({ vi: z.string(), en: z.string() }),
  platform: z.enum(ANNOUNCEMENT_PLATFORMS),
  popupRepeat: z.enum(POPUP_REPEATS),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;
