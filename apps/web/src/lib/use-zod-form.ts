import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type * as z from 'zod/v4/core';

/**
 * A form's schema, zod or zod/mini (both are zod 4): its messages are the texts the member reads
 * (built with the form's `t`).
 */
export type FormSchema = z.$ZodType<FieldValues, FieldValues>;

export type ZodForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * The one way to build a form (ADR 0010): react-hook-form with the form's zod schema as resolver.
 * Checked when the member submits, and again only at the next submit: a message stays until then,
 * as the site's forms always behaved, and the focus stays where the member left it. The schema may
 * change between renders (rules that arrive from the server, the language); the latest one checks.
 * The submit handler receives the schema's output (trimmed texts, parsed amounts).
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    ...options,
    resolver: zodResolver(schema),
  });
}

/** A message on one field from a schema's cross-field check (`superRefine`). */
export function addFieldIssue(ctx: Pick<z.$RefinementCtx, 'addIssue'>, field: string, message: string): void {
  ctx.addIssue({ code: 'custom', path: [field], message });
}

/** A message for the whole form (no one field): shown where the form shows a refused call, `formState.errors.root`. */
export function addFormIssue(ctx: Pick<z.$RefinementCtx, 'addIssue'>, message: string): void {
  ctx.addIssue({ code: 'custom', path: ['root'], message });
}
