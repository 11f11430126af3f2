import { vi } from 'vitest';

export type Call = { method: string; path: string; body: unknown; headers: Record<string, string> };
type Answer = { status?: number; body: unknown };
type Route = (call: Call) => Answer | undefined;

export const ok = (value: unknown): Answer => ({ body: { success: true, value } });
export const refused = (status: number, code: string, message: string): Answer => ({ status, body: { success: false, code, message } });

/**
 * Stands in for the server: each call goes to the first route that answers it; every call is kept
 * for the test to check. An unanswered call is a 404 envelope.
 */
export function fakeServer(routes: Route[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://console.test');
    const call: Call = {
      method: init.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const answer = routes.map((route) => route(call)).find((each) => each !== undefined) ?? refused(404, 'not_found', 'Not found.');
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** An empty page of any queue (both paging shapes). */
export const emptyPage = { list: [], pageNo: 1, pageSize: 20, totalCount: 0, totalPages: 1, page: 1, total: 0 };
