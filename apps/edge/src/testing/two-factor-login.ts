import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '@opencare/api/demo/demo-data';
import { Secret, TOTP } from 'otpauth';

/**
 * The demo admin's authenticator, from an independent implementation (the `otpauth` package, not
 * the server's auth/totp.ts): what a person's phone would show for the secret the demo prints.
 */
export const authenticator = (base32Secret: string) => new TOTP({ secret: Secret.fromBase32(base32Secret), algorithm: 'SHA1', digits: 6, period: 30 });
export const demoAuthenticator = authenticator(DEMO_TOTP_SECRET);
const STEP_MS = 30_000;
const stepAt = (ms: number) => Math.floor(ms / STEP_MS);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
  body: any;
}
type Post = (path: string, body: unknown, token?: string) => Promise<Answer>;

interface UserState {
  /** The user's authenticator: the demo secret, or the one this helper enrolled. */
  app: TOTP;
  /** The last time step this helper spent: the server accepts each step once (no replay). */
  lastStep: number;
  /** Recovery codes at hand, so a burst of sign-ins need not wait half a minute for the next step. */
  recovery: string[];
  queue: Promise<unknown>;
}

/**
 * Signs demo users in the way a person does, answering the two-factor step when the login asks for
 * it: with the demo admin's published secret in demo mode; outside it (test edges are not in demo
 * mode, so the published secret is refused) the first sign-in enrols an authenticator of its own,
 * through the enrolment the login demands, and uses it from then on. One per database: the server takes each authenticator step once, so the helper keeps count of
 * the steps it spent and, for bursts (the access matrix signs the admin in dozens of times a minute),
 * keeps a stock of recovery codes made with the product's own "new recovery codes" endpoint.
 */
export function demoSignIn(defaultPost?: Post) {
  const users = new Map<string, UserState>();

  /** A code no sign-in of this helper has spent: the next step in the ±1 window, or a recovery code, or wait. */
  async function nextCode(state: UserState): Promise<string> {
    const now = Date.now();
    const step = Math.max(stepAt(now), state.lastStep + 1);
    if (step <= stepAt(now) + 1) {
      state.lastStep = step;
      return state.app.generate({ timestamp: step * STEP_MS });
    }
    const recovery = state.recovery.shift();
    if (recovery) return recovery;
    await sleep((step - 1) * STEP_MS - now + 100);
    state.lastStep = step;
    return state.app.generate({ timestamp: step * STEP_MS });
  }

  /** After a sign-in, top the stock of recovery codes up while a free step (or the last code) pays for it. */
  async function restock(post: Post, state: UserState, token: string): Promise<void> {
    if (state.recovery.length > 1) return;
    const now = Date.now();
    const step = Math.max(stepAt(now), state.lastStep + 1);
    let code = state.recovery.shift();
    if (step <= stepAt(now) + 1) {
      if (code) state.recovery.unshift(code);
      state.lastStep = step;
      code = state.app.generate({ timestamp: step * STEP_MS });
    }
    if (!code) return;
    const res = await post('/api/v1/auth/two-factor/recovery-codes', { code }, token);
    if (res.status === 200) state.recovery = [...(res.body.data.recoveryCodes as string[])];
  }

  /** The enrolment a login demands: scan (read the secret), confirm with a first code, keep the recovery codes. */
  async function enrol(post: Post, state: UserState, challengeToken: string): Promise<Answer> {
    const setup = await post('/api/v1/auth/login/two-factor/setup', { challengeToken });
    if (setup.status !== 200) return setup;
    state.app = authenticator(setup.body.data.secret as string);
    state.lastStep = 0;
    const res = await post('/api/v1/auth/login/two-factor/enrol', { challengeToken, code: await nextCode(state) });
    if (res.status !== 200) return res;
    state.recovery = [...(res.body.data.recoveryCodes as string[])];
    // The login answers the user alone; this one also carries the recovery codes.
    return { ...res, body: { ...res.body, data: res.body.data.user } };
  }

  async function signIn(username: string, password: string, post: Post): Promise<Answer> {
    const state = users.get(username) ?? { app: demoAuthenticator, lastStep: 0, recovery: [], queue: Promise.resolve() };
    users.set(username, state);
    const run = state.queue.then(async () => {
      for (let attempt = 0; ; attempt += 1) {
        const first = await post('/api/v1/auth/login', { username, password });
        const challenge = first.status === 200 ? first.body?.data?.twoFactor : undefined;
        if (!challenge) return first;
        if (challenge.kind === 'enrol') return enrol(post, state, challenge.challengeToken as string);
        const res = await post('/api/v1/auth/login/two-factor', { challengeToken: challenge.challengeToken, code: await nextCode(state) });
        if (res.status === 200) {
          await restock(post, state, res.headers.get('x-access-token') ?? '');
          return res;
        }
        // Another helper (another edge process on the same database) spent the step: take a later one.
        if (res.status !== 400 || attempt >= 3) return res;
        state.lastStep = Math.max(state.lastStep, stepAt(Date.now()) + 1);
        state.recovery = [];
      }
    });
    state.queue = run.catch(() => undefined);
    return run;
  }

  return {
    /** Through `post` (another edge over the same database), or the default one. */
    signIn: (username: string, password = DEMO_PASSWORD, post = defaultPost) => {
      if (!post) throw new Error('demoSignIn: no edge to sign in at');
      return signIn(username, password, post);
    },
  };
}

/** demoSignIn over fetch against one edge URL. */
export function fetchPost(url: string): Post {
  return async (path, body, token) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
}
