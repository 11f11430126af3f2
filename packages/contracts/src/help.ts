import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

/**
 * The help centre (GET /wps/system/helpCenter) and the feedback form (PUT /wps/feedback). Help texts
 * exist per language; a visitor gets each article in the language asked for, else the merchant's
 * default language (Vietnamese), else English (docs/help-centre.md).
 */

/** A language code such as vi, en, zh or pt-BR; compared in lower case. */
export const helpLanguageSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'a language code such as vi or en')
  .transform((value) => value.toLowerCase());

/** A category's or article's stable key, used in `?topic=` deep links. */
export const helpKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lower-case letters, digits and dashes');

export const helpCenterQuerySchema = z.object({ language: helpLanguageSchema.optional() });

export const helpArticleSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  /** Sanitised HTML (the content module's allow-list). */
  body: z.string(),
  /** The language the title and body are in (the one asked for, or a fallback). */
  language: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpCategorySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  articles: z.array(helpArticleSchema),
});
export type HelpCategory = z.infer<typeof helpCategorySchema>;

export const helpCenterValueSchema = z.object({
  language: z.string(),
  categories: z.array(helpCategorySchema),
});
export type HelpCenter = z.infer<typeof helpCenterValueSchema>;
export const helpCenterResponseSchema = okEnvelope(helpCenterValueSchema);

// Back office.

const titleSchema = z.string().trim().min(1).max(120);
/** A language code as the back office stores it: lower case, such as vi, en or pt-br. */
const storedLanguageSchema = z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, 'a lower-case language code such as vi or en');
/** Texts per language: at least one. */
const perLanguage = <T extends z.ZodType>(value: T) =>
  z
    .record(storedLanguageSchema, value)
    .refine((texts) => Object.keys(texts).length >= 1, 'at least one language')
    .refine((texts) => Object.keys(texts).length <= 30, 'at most 30 languages');

export const helpCategoryInputSchema = z.strictObject({
  key: helpKeySchema,
  sort: z.number().int().min(0).max(100_000).default(0),
  isEnabled: z.boolean().default(true),
  titles: perLanguage(titleSchema),
});
export type HelpCategoryInput = z.infer<typeof helpCategoryInputSchema>;

export const helpArticleInputSchema = z.strictObject({
  categoryId: z.number().int().positive(),
  key: helpKeySchema,
  sort: z.number().int().min(0).max(100_000).default(0),
  isEnabled: z.boolean().default(true),
  texts: perLanguage(z.strictObject({ title: titleSchema, body: z.string().trim().min(1).max(50_000) })),
});
export type HelpArticleInput = z.infer<typeof helpArticleInputSchema>;

/**
 * PUT /admin-api/help/order: the merchant's categories, or one category's articles, in their new
 * order (each id once; the server writes 10, 20, … as their sort).
 */
export const helpOrderInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('category'), ids: z.array(z.number().int().positive()).min(1).max(500) }),
  z.strictObject({
    kind: z.literal('article'),
    categoryId: z.number().int().positive(),
    ids: z.array(z.number().int().positive()).min(1).max(500),
  }),
]);
export type HelpOrderInput = z.infer<typeof helpOrderInputSchema>;

/** POST /admin-api/help/articles/preview: the texts to clean as the site will show them. */
export const helpPreviewInputSchema = z.strictObject({ texts: helpArticleInputSchema.shape.texts });
export const helpPreviewSchema = z.object({ texts: z.record(z.string(), z.object({ title: z.string(), body: z.string() })) });

export const adminHelpArticleSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  key: z.string(),
  sort: z.number().int(),
  isEnabled: z.boolean(),
  texts: z.record(z.string(), z.object({ title: z.string(), body: z.string() })),
  updatedAt: z.string(),
});
export type AdminHelpArticle = z.infer<typeof adminHelpArticleSchema>;

export const adminHelpCategorySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  sort: z.number().int(),
  isEnabled: z.boolean(),
  titles: z.record(z.string(), z.string()),
  articles: z.array(adminHelpArticleSchema),
  updatedAt: z.string(),
});
export type AdminHelpCategory = z.infer<typeof adminHelpCategorySchema>;

// Feedback.

/** Spec section 3: deposit, withdraw, game, customer-service, application and other issues. */
export const FEEDBACK_QUESTION_TYPES = ['deposit', 'withdraw', 'game', 'customer_service', 'application', 'other'] as const;
export type FeedbackQuestionType = (typeof FEEDBACK_QUESTION_TYPES)[number];
/** The feedback text: required, at most 140 characters (spec section 5). */
export const FEEDBACK_MAX_CHARS = 140;
/** A member may send this many feedback messages per rolling hour. */
export const FEEDBACK_PER_HOUR = 5;

/** Characters as a person counts them (code points after NFC), not UTF-16 units. */
export function feedbackLength(text: string): number {
  return Array.from(text.normalize('NFC').trim()).length;
}

export const feedbackRequestSchema = z.strictObject({
  questionType: z.enum(FEEDBACK_QUESTION_TYPES),
  // The length rule is the service's, so the answer names it (feedback_text_required / _too_long).
  content: z.string().max(2_000),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackSchema = z.object({
  id: z.number().int(),
  questionType: z.enum(FEEDBACK_QUESTION_TYPES),
  content: z.string(),
  createdAt: z.string(),
});
export const feedbackResponseSchema = okEnvelope(feedbackSchema);

export const FEEDBACK_STATUSES = ['open', 'handled'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const adminFeedbackSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  questionType: z.enum(FEEDBACK_QUESTION_TYPES),
  content: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;

export const adminFeedbackQuerySchema = z.strictObject({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminFeedbackPageSchema = z.object({
  list: z.array(adminFeedbackSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const feedbackHandleSchema = z.strictObject({ note: z.string().trim().max(500).optional() });
