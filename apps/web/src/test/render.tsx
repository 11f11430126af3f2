import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';
import type { ReactElement } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';

type RenderOptions = {
  /** The site's language for this test: Vietnamese (the default) or English. */
  language?: 'vi' | 'en';
  /** The address the MemoryRouter starts at. */
  route?: string;
  /** For tests that drive fake timers: user-event then advances them instead of waiting. */
  advanceTimers?: (ms: number) => unknown;
};

let currentLocation: Location | null = null;

/** Records where the MemoryRouter is, for tests of navigation. */
function LocationProbe() {
  currentLocation = useLocation();
  return null;
}

/**
 * Renders a component as the site does: i18n in the chosen language, a fresh QueryClient (no
 * retries, so a refused call shows at once) and a MemoryRouter. Returns Testing Library's queries,
 * a user-event instance, the QueryClient and the router's current address.
 */
export function renderWithSite(ui: ReactElement, { language = 'vi', route = '/', advanceTimers }: RenderOptions = {}) {
  void i18next.changeLanguage(language);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  // No pause between keystrokes: typing costs no timer turns.
  const user = userEvent.setup(advanceTimers ? { advanceTimers, delay: null } : { delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  /** The router's current address: path, query and hash. */
  const location = () => (currentLocation ? `${currentLocation.pathname}${currentLocation.search}${currentLocation.hash}` : null);
  return { ...result, user, queryClient, location };
}

/** A call the fake server saw: method, path (with query) and the JSON body sent. */
export type ApiCall = { method: string; path: string; body: unknown };

type Answer = unknown | ((call: ApiCall) => unknown);

/** A refusal as the server sends it: the envelope's code and message. */
export class ApiRefusal {
  constructor(
    readonly code: string,
    readonly message: string,
    readonly value?: unknown,
    readonly status = 400,
  ) {}
}

const PAYLOAD_KEY_PATH = '/wps/system/encryption/key';

/** One key pair per test file (the page caches the server's key): the fake server opens sealed bodies with it. */
let payloadKeys: Promise<{ privateKey: CryptoKey; jwk: Record<string, unknown> }> | undefined;
function payloadKeyPair() {
  payloadKeys ??= generateKeyPair('ECDH-ES+A256KW', { crv: 'P-256', extractable: true }).then(async ({ privateKey, publicKey }) => ({
    privateKey: privateKey as CryptoKey,
    jwk: (await exportJWK(publicKey)) as Record<string, unknown>,
  }));
  return payloadKeys;
}

async function openBody(body: unknown): Promise<unknown> {
  if (!body || typeof body !== 'object' || !('encrypted' in body) || typeof body.encrypted !== 'string') return body;
  const { plaintext } = await compactDecrypt(body.encrypted, (await payloadKeyPair()).privateKey);
  return (JSON.parse(new TextDecoder().decode(plaintext)) as { data: unknown }).data;
}

/**
 * Replaces `fetch` with a fake server: `answers` maps 'METHOD /path' (the path without its query)
 * to the success value, a function of the call, or an ApiRefusal. Unknown calls fail the test
 * loudly. `calls` lists what was sent, for payload assertions; a sealed body (login, registration,
 * passwords) is opened first, so `body` is what the member's form sent.
 */
export function mockApi(answers: Record<string, Answer>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = await openBody(typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined));
    const key = `${method} ${url.pathname}`;
    if (key === `GET ${PAYLOAD_KEY_PATH}` && !(key in answers)) {
      const { jwk } = await payloadKeyPair();
      const value = { kid: 'test', alg: 'ECDH-ES+A256KW', enc: 'A256GCM', jwk, serverTime: Date.now() };
      return { status: 200, ok: true, json: async () => ({ success: true, value }) } as Response;
    }
    const call: ApiCall = { method, path: url.pathname + url.search, body };
    calls.push(call);
    if (!(key in answers)) throw new Error(`unexpected call ${key}`);
    const answer = answers[key];
    // An answer may be worked out asynchronously (sealing a text to the page's key, say).
    const value = await (typeof answer === 'function' ? (answer as (c: ApiCall) => unknown)(call) : answer);
    const envelope =
      value instanceof ApiRefusal
        ? { success: false, code: value.code, message: value.message, value: value.value }
        : { success: true, value: value ?? null };
    const status = value instanceof ApiRefusal ? value.status : 200;
    return {
      status,
      ok: status < 400,
      json: async () => envelope,
      arrayBuffer: async () => new TextEncoder().encode(JSON.stringify(envelope)).buffer,
    } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls to one 'METHOD /path'. */
  const callsTo = (key: string) => calls.filter((c) => `${c.method} ${c.path.split('?')[0]}` === key);
  return { calls, callsTo, fetchMock };
}
