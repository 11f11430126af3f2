import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { clientRequestIdSchema } from './request-id.ts';

/**
 * The agent programme's applications (the /join page): a visitor or member applies, an operator
 * answers, the applicant reads the answer by the reference the page showed (docs/agent-applications.md).
 */

/** How much the applicant has done this before: the form's three choices. */
export const AGENT_EXPERIENCE_LEVELS = ['new', 'some', 'professional'] as const;
export type AgentExperience = (typeof AGENT_EXPERIENCE_LEVELS)[number];

export const AGENT_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AgentApplicationStatus = (typeof AGENT_APPLICATION_STATUSES)[number];

export const AGENT_APPLICATION_DECISIONS = ['approve', 'reject'] as const;

export const AGENT_NAME_MIN = 2;
export const AGENT_NAME_MAX = 64;
export const AGENT_CONTACT_MAX = 64;
export const AGENT_EMAIL_MAX = 120;
export const AGENT_MESSAGE_MAX = 500;
export const AGENT_ANSWER_MAX = 500;
/** Applications one member, or one address without a session, may send per rolling hour. */
export const AGENT_APPLICATIONS_PER_HOUR = 3;

/** A mobile number: digits, with an optional leading +, 8 to 15 digits (E.164's longest). */
export const AGENT_MOBILE_PATTERN = /^\+?[0-9]{8,15}$/;
/** A plain e-mail shape; the operator replies by phone first, so it only has to look deliverable. */
export const AGENT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The reference the page shows: AG, a dash and ten letters or digits that cannot be misread. */
export const AGENT_REFERENCE_PATTERN = /^AG-[0-9A-HJKMNP-TV-Z]{10}$/;

/** Spaces inside a mobile number are a way of writing it, not part of it. */
export function normaliseMobile(text: string): string {
  return text.replace(/[\s.-]/g, '');
}

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const agentApplicationRequestSchema = z.strictObject({
  requestId: clientRequestIdSchema,
  // An empty name asks for one; a one-letter name states the minimum.
  realName: z.string().trim().min(1).min(AGENT_NAME_MIN).max(AGENT_NAME_MAX),
  mobileNum: z.string().transform(normaliseMobile).pipe(z.string().regex(AGENT_MOBILE_PATTERN)),
  email: z
    .string()
    .trim()
    .max(AGENT_EMAIL_MAX)
    .refine((value) => value === '' || AGENT_EMAIL_PATTERN.test(value))
    .optional(),
  contact: optionalText(AGENT_CONTACT_MAX),
  experience: z.enum(AGENT_EXPERIENCE_LEVELS),
  message: optionalText(AGENT_MESSAGE_MAX),
});
export type AgentApplicationRequest = z.input<typeof agentApplicationRequestSchema>;

export const agentApplicationLookupSchema = z.strictObject({
  reference: z.string().trim().toUpperCase().regex(AGENT_REFERENCE_PATTERN),
  mobileNum: z.string().transform(normaliseMobile).pipe(z.string().regex(AGENT_MOBILE_PATTERN)),
});
export type AgentApplicationLookup = z.input<typeof agentApplicationLookupSchema>;

/** What the applicant sees: the reference, where it stands and the operator's answer once given. */
export const agentApplicationStatusSchema = z.object({
  reference: z.string(),
  status: z.enum(AGENT_APPLICATION_STATUSES),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  answer: z.string().nullable(),
});
export type AgentApplicationStatusValue = z.infer<typeof agentApplicationStatusSchema>;
export const agentApplicationStatusResponseSchema = okEnvelope(agentApplicationStatusSchema);

// Operator calls.

export const adminAgentApplicationSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  memberId: z.number().int().nullable(),
  username: z.string().nullable(),
  realName: z.string(),
  mobileNum: z.string(),
  email: z.string().nullable(),
  contact: z.string().nullable(),
  experience: z.enum(AGENT_EXPERIENCE_LEVELS),
  message: z.string().nullable(),
  language: z.string(),
  status: z.enum(AGENT_APPLICATION_STATUSES),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  answeredBy: z.number().int().nullable(),
  answer: z.string().nullable(),
});
export type AdminAgentApplication = z.infer<typeof adminAgentApplicationSchema>;

export const adminAgentApplicationQuerySchema = z.strictObject({
  status: z.enum(AGENT_APPLICATION_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminAgentApplicationQuery = z.infer<typeof adminAgentApplicationQuerySchema>;

export const adminAgentApplicationPageSchema = z.object({
  list: z.array(adminAgentApplicationSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const agentApplicationAnswerSchema = z.strictObject({
  decision: z.enum(AGENT_APPLICATION_DECISIONS),
  message: z.string().trim().min(1).max(AGENT_ANSWER_MAX),
});
export type AgentApplicationAnswer = z.infer<typeof agentApplicationAnswerSchema>;
