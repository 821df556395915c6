import { expect, type APIRequestContext } from '@playwright/test';
import { apiLogin } from './authenticator';
import { DEMO_PASSWORD } from './demo-users';

type Login = Awaited<ReturnType<typeof apiLogin>>;
/** The admin's sign-in of this worker, while its access token (15 minutes) has time left. */
let admin: { login: Login; until: number } | undefined;

/**
 * A sign-in of `username`. The admin's is kept for the worker's later specs: each of its sign-ins
 * spends one of the admin's two-factor steps, which come one per 30 seconds.
 */
export async function apiSignIn(request: APIRequestContext, username: string): Promise<Login> {
  if (username !== 'admin') return apiLogin(request, username, DEMO_PASSWORD);
  if (!admin || admin.until < Date.now()) {
    admin = { login: await apiLogin(request, username, DEMO_PASSWORD), until: Date.now() + 10 * 60_000 };
  }
  return admin.login;
}

/**
 * The REST API as a demo user, for a spec's own setup data: their default account id, and JSON calls
 * with their token that fail the test, with the server's answer, when a call does not succeed.
 */
export async function apiAs(request: APIRequestContext, username: string) {
  const login = await apiSignIn(request, username);
  const body = login.body as { data: { accounts: { id: string; isDefault: boolean }[] } };
  const headers = { authorization: `Bearer ${login.token}` };
  const send = async <T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: object): Promise<T> => {
    const response = await request.fetch(`/api/v1${path}`, { method, headers, data });
    expect(response.ok(), `${method} ${path} ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: T }).data;
  };
  return {
    accountId: body.data.accounts.find((a) => a.isDefault)?.id ?? '',
    get: <T>(path: string) => send<T>('GET', path),
    post: <T>(path: string, data: object) => send<T>('POST', path, data),
    patch: <T>(path: string, data?: object) => send<T>('PATCH', path, data),
  };
}
