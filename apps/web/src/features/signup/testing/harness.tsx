import { MantineProvider } from '@mantine/core';
import { DEFAULT_PREFERENCES, type Preferences } from '@opencare/schemas/preferences';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import enCommon from '../../../i18n/locales/en-US/common.json';
import enInfo from '../../../i18n/locales/en-US/info.json';
import enSettings from '../../../i18n/locales/en-US/settings.json';
import enSignup from '../../../i18n/locales/en-US/signup.json';
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
    resources: { 'en-US': { common: enCommon, info: enInfo, signup: enSignup, settings: enSettings } },
    lng: 'en-US',
    fallbackLng: 'en-US',
    ns: ['common', 'info', 'signup', 'settings'],
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
          <SessionContext value={session}>{children}</SessionContext>
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
export type FakeRoute = (request: { method: string; path: string; body: unknown }) => FakeAnswer | undefined;

/** A fetch that answers from `route` (paths without /api/v1) and records every call. */
export function fakeFetch(route: FakeRoute) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn((input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const answer = route({ method, path, body }) ?? {
      status: 404,
      body: { success: false, key: 'notFound', message: 'We could not find what you asked for.' },
    };
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

export const ok = (data: unknown, status = 200): FakeAnswer => ({
  status,
  body: { success: true, message: 'OK', data },
});
export const fail = (status: number, key: string, message: string, errors?: unknown): FakeAnswer => ({
  status,
  body: { success: false, key, message, errors },
});
