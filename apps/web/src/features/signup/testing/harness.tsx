import { MantineProvider } from '@mantine/core';
import { listMeta } from '@opencare/schemas/envelope';
import { DEFAULT_PREFERENCES, type Preferences } from '@opencare/schemas/preferences';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import enCommon from '../../../i18n/locales/en-US/common.json';
import enFields from '../../../i18n/locales/en-US/fields.json';
import enInfo from '../../../i18n/locales/en-US/info.json';
import enSettings from '../../../i18n/locales/en-US/settings.json';
import enSignup from '../../../i18n/locales/en-US/signup.json';
import { DataProvider } from '../../../api/data-provider';
import { testQueryClient } from '../../../testing/query-client';
import { PreferencesContext, type PreferencesContextValue } from '../../../session/preferences-context';
import {
  SessionContext,
  type SessionContextValue,
  type SessionState,
} from '../../../session/session-context';

/**
 * The app's providers around a few routes, for component tests: en-US strings (a missing key
 * throws, as in development), a memory router, and preferences and session values the test owns.
 */
export interface HarnessOptions {
  path: string;
  session?: SessionState;
  preferences?: Partial<Preferences>;
}

function testI18n() {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    resources: { 'en-US': { common: enCommon, fields: enFields, info: enInfo, signup: enSignup, settings: enSettings } },
    lng: 'en-US',
    fallbackLng: 'en-US',
    ns: ['common', 'fields', 'info', 'signup', 'settings'],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => {
      throw new Error(`Missing translation key: ${ns}:${key}`);
    },
  });
  return i18n;
}

export function renderRoutes(routes: RouteObject[], options: HarnessOptions) {
  const setPreference = vi.fn<PreferencesContextValue['setPreference']>();
  const preferences: PreferencesContextValue = {
    preferences: { ...DEFAULT_PREFERENCES, ...options.preferences },
    setPreference,
  };
  const logout = vi.fn(() => Promise.resolve());
  const session: SessionContextValue = {
    state: options.session ?? { status: 'signed-out' },
    login: vi.fn(() => Promise.resolve(null)),
    completeLogin: vi.fn(),
    logout,
    switchAccount: vi.fn(),
    makeDefault: vi.fn(() => Promise.resolve()),
    calendarDate: '2026-01-01',
    setCalendarDate: vi.fn(),
  };
  const router = createMemoryRouter(
    [...routes, { path: '/', element: <p>home page</p> }, { path: '/login', element: <p>login page</p> }],
    { initialEntries: [options.path] },
  );
  const providers = (children: ReactNode) => (
    <I18nextProvider i18n={testI18n()}>
      <MantineProvider>
        <PreferencesContext value={preferences}>
          <SessionContext value={session}>
            <DataProvider queryClient={testQueryClient()}>{children}</DataProvider>
          </SessionContext>
        </PreferencesContext>
      </MantineProvider>
    </I18nextProvider>
  );
  const view = render(providers(<RouterProvider router={router} />));
  return { ...view, router, setPreference, logout };
}

interface FakeAnswer {
  status?: number;
  body: unknown;
}
/**
 * One call as the fake server saw it: a REST call by method and path (without /api/v1), or a tRPC
 * procedure by name (`alerts.list`), method `query` or `mutation` and its input as `body`.
 */
export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}
export type FakeRoute = (request: FakeCall) => FakeAnswer | undefined;

const NOT_FOUND: FakeAnswer = {
  status: 404,
  body: { success: false, key: 'notFound', message: 'We could not find what you asked for.' },
};

/** An envelope answer as tRPC sends it: the data, or the error with its catalogue key. */
function trpcAnswer(answer: FakeAnswer, path: string) {
  const body = answer.body as { success?: boolean; data?: unknown; key?: string; message?: string; errors?: unknown };
  if (body.success) return { result: { data: body.data ?? null } };
  const httpStatus = answer.status ?? 500;
  return { error: { message: body.message ?? '', code: -32600, data: { key: body.key, errors: body.errors, httpStatus, path } } };
}

/** The calls of one batched tRPC request (`/trpc/a.b,c.d?batch=1&input={"0":…}`). */
function trpcCalls(url: URL, init?: RequestInit): FakeCall[] {
  const names = decodeURIComponent(url.pathname.replace(/^.*\/trpc\//, '')).split(',');
  const mutation = (init?.method ?? 'GET') === 'POST';
  const raw = mutation ? init?.body : url.searchParams.get('input');
  const inputs = (typeof raw === 'string' ? JSON.parse(raw) : {}) as Record<string, unknown>;
  return names.map((path, index) => ({ method: mutation ? 'mutation' : 'query', path, body: inputs[String(index)] }));
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A fetch that answers from `route` and records every call: REST paths without /api/v1, and each
 * procedure of a tRPC batch by name, answered with the same `ok(…)`/`fail(…)` helpers.
 */
export function fakeFetch(route: FakeRoute) {
  const calls: FakeCall[] = [];
  const fetch = vi.fn((input: string | URL | Request, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    if (url.pathname.startsWith('/trpc/')) {
      const answers = trpcCalls(url, init).map((call) => {
        calls.push(call);
        return { call, answer: route(call) ?? NOT_FOUND };
      });
      const statuses = new Set(answers.map(({ answer }) => answer.status ?? 200));
      const status = statuses.size === 1 ? [...statuses][0]! : 207;
      return Promise.resolve(json(answers.map(({ call, answer }) => trpcAnswer(answer, call.path)), status));
    }
    const path = href.replace(/^.*\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const answer = route({ method, path, body }) ?? NOT_FOUND;
    return Promise.resolve(json(answer.body, answer.status ?? 200));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

export const ok = (data: unknown, status = 200): FakeAnswer => ({
  status,
  body: { success: true, message: 'OK', data },
});
/** A list procedure's answer: one page (20 a page) of `items` out of `total`. */
export const okList = (items: unknown[], page = 1, total = items.length): FakeAnswer =>
  ok({ items, meta: listMeta(total, page, 20) });
export const fail = (status: number, key: string, message: string, errors?: unknown): FakeAnswer => ({
  status,
  body: { success: false, key, message, errors },
});
