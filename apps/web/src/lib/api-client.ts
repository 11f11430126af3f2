import i18next from 'i18next';
import { readSessionToken } from './session-storage.ts';

/** The spec's page-load time-out is for chunks; an API call that takes this long is treated as lost. */
export const API_TIMEOUT_MS = 15_000;

export type ApiErrorKind = 'server' | 'network' | 'timeout';

/** A failed call: `code` is the server's stable key when it answered with an envelope. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: string | null;
  readonly status: number | null;
  /** The failure envelope's value, e.g. the login's `{ captcha }`. */
  readonly value: unknown;

  constructor(kind: ApiErrorKind, message: string, code: string | null = null, status: number | null = null, value: unknown = undefined) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.status = status;
    this.value = value;
  }
}

type Envelope<T> = { success: true; value: T; captchaKey?: string } | { success: false; code: string; message: string; value?: unknown };

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type RequestOptions = { method?: ApiMethod; body?: unknown; signal?: AbortSignal };

/** Calls the server and returns the whole success envelope; the server writes its messages in the `lang` sent. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T> & { success: true }> {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const headers: Record<string, string> = { accept: 'application/json', lang: i18next.language };
  const token = readSessionToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const isForm = options.body instanceof FormData;
  // A form (file uploads) sets its own multipart content type with the boundary.
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError('timeout', i18next.t('error.timeout'));
    throw new ApiError('network', error instanceof Error ? error.message : 'network error');
  }
  let body: Envelope<T>;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError('server', i18next.t('error.unknown'), null, response.status);
  }
  if (!body.success) throw new ApiError('server', body.message, body.code, response.status, body.value);
  return body;
}

/** GETs a call and unwraps the envelope. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<T>(path, { signal })).value;
}

/** Sends a body and unwraps the envelope. */
export async function apiSend<T>(method: Exclude<ApiMethod, 'GET'>, path: string, body?: unknown): Promise<T> {
  return (await apiRequest<T>(path, { method, body })).value;
}

/** Posts a multipart form (files) and unwraps the envelope. */
export async function apiSendForm<T>(path: string, form: FormData): Promise<T> {
  return (await apiRequest<T>(path, { method: 'POST', body: form })).value;
}

/** The text to show for a failed call: the server's own (translated) message, else a generic one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return i18next.t('error.network');
    return error.message || i18next.t('error.unknown');
  }
  return i18next.t('error.unknown');
}
