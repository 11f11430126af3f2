import i18next from 'i18next';

/** The spec's page-load time-out is for chunks; an API call that takes this long is treated as lost. */
export const API_TIMEOUT_MS = 15_000;

export type ApiErrorKind = 'server' | 'network' | 'timeout';

/** A failed call: `code` is the server's stable key when it answered with an envelope. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: string | null;
  readonly status: number | null;

  constructor(kind: ApiErrorKind, message: string, code: string | null = null, status: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.status = status;
  }
}

type Envelope<T> = { success: true; value: T } | { success: false; code: string; message: string };

/** GETs a call and unwraps the envelope; the server writes its messages in the `lang` sent. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { accept: 'application/json', lang: i18next.language },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError('timeout', 'request timed out');
    throw new ApiError('network', error instanceof Error ? error.message : 'network error');
  }
  let body: Envelope<T>;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError('server', `unexpected response (${response.status})`, null, response.status);
  }
  if (!body.success) throw new ApiError('server', body.message, body.code, response.status);
  return body.value;
}
