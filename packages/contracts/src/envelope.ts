import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/** Every response is `{ success: true, value }` or `{ success: false, code, message }`. */
export function okEnvelope<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
});

export type ErrorEnvelope = { success: false; code: ErrorCode | (string & {}); message: string };
export type OkEnvelope<T> = { success: true; value: T };
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

export function ok<T>(value: T): OkEnvelope<T> {
  return { success: true, value };
}

/** The error responses every route may give, for the OpenAPI document. */
export const commonErrorResponses = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  429: errorEnvelope,
  500: errorEnvelope,
  503: errorEnvelope,
} as const;
