import i18next from 'i18next';
import { currentSession, setSession } from './session-store.ts';

/** A call that takes longer is treated as lost. */
const API_TIMEOUT_MS = 15_000;

/** A refused or failed call; `code` is the envelope's stable key (null when the network failed). */
export class AdminApiError extends Error {
  readonly code: string | null;
  readonly status: number | null;

  constructor(message: string, code: string | null, status: number | null) {
    super(message);
    this.name = 'AdminApiError';
    this.code = code;
    this.status = status;
  }
}

type Envelope<T> = { success: true; value: T } | { success: false; code: string; message: string };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function headersFor(accept: string): Record<string, string> {
  // The server writes Vietnamese and English; a Chinese console asks for English and translates the code itself.
  const headers: Record<string, string> = { accept, lang: i18next.language === 'zh' ? 'en' : i18next.language };
  const token = currentSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/**
 * Calls `/admin-api/...` with the operator's bearer token and unwraps the envelope (the body is
 * JSON, or a FormData sent as it is). The server writes
 * its message in the `lang` sent. A 401 `admin_unauthorized` ends the session here, so the console
 * goes back to the sign-in page.
 */
export async function adminCall<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers = headersFor('application/json');
  const token = currentSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  // A form (a file upload) sets its own multipart type and boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/admin-api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch {
    throw new AdminApiError('network', null, null);
  }
  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch {
    throw new AdminApiError('unreadable', null, response.status);
  }
  return envelopeValue<T>(envelope, response.status, token);
}

/**
 * The value of an answer's envelope, or its refusal thrown as an `AdminApiError` (a 401
 * `admin_unauthorized` of a signed-in call ends the session); `adminCall` and the upload share it.
 */
export function envelopeValue<T>(body: unknown, status: number, token: string | undefined): T {
  const envelope = body as Envelope<T> | null;
  if (envelope === null || typeof envelope !== 'object' || typeof envelope.success !== 'boolean') {
    throw new AdminApiError('unreadable', null, status);
  }
  if (!envelope.success) {
    if (envelope.code === 'admin_unauthorized' && token) setSession(null, 'expired');
    throw new AdminApiError(envelope.message, envelope.code, status);
  }
  return envelope.value;
}

export const adminGet = <T>(path: string) => adminCall<T>('GET', path);

/**
 * Saves a file the server answers (a small CSV) under `name`: read with the bearer header, which a
 * plain link cannot carry, then handed to the browser. A refusal is thrown like `adminCall`'s.
 */
export async function adminDownload(path: string, name: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/admin-api${path}`, {
      headers: headersFor('text/csv'),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch {
    throw new AdminApiError('network', null, null);
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new AdminApiError(envelope?.message ?? 'unreadable', envelope?.code ?? null, response.status);
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}

/** A query string from the filled-in filters (empty ones left out). */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
