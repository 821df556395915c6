import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
beforeAll(async () => {
  t = await startTestEdge();
});
afterAll(() => t.close());

const open: Socket[] = [];
function connect(auth: Record<string, unknown>): Socket {
  const socket = io(t.url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  open.push(socket);
  return socket;
}
afterAll(() => open.forEach((s) => s.disconnect()));

function outcome(socket: Socket): Promise<{ connected: true } | { connected: false; data: unknown }> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ connected: true }));
    socket.once('connect_error', (error: Error & { data?: unknown }) => resolve({ connected: false, data: error.data }));
  });
}

describe('Socket.IO handshake', () => {
  it('refuses a handshake without a token, or with a bad one', async () => {
    expect(await outcome(connect({}))).toEqual({ connected: false, data: { error: 'tokenRequired', message: 'A token is required. Please log in again.' } });
    expect(await outcome(connect({ token: 'forged.token.value' }))).toMatchObject({ connected: false, data: { error: 'tokenInvalid' } });
  });

  it('accepts a live access token and knows who is there', async () => {
    const { token, body } = await t.login('physician');
    const socket = connect({ token });
    expect(await outcome(socket)).toEqual({ connected: true });
    const answer: unknown = await socket.emitWithAck('session:whoami', {});
    expect(answer).toEqual({ data: { userId: body.data.id, accountId: body.data.accounts[0].id, roles: [101] } });
    const bad: unknown = await socket.emitWithAck('session:whoami', { extra: true });
    expect(bad).toMatchObject({ error: 'validationFailed' });
  });

  it('refuses a signed-out session', async () => {
    const { token } = await t.login('nurse');
    await t.call('POST', '/api/v1/auth/logout', { token });
    expect(await outcome(connect({ token }))).toMatchObject({ connected: false, data: { error: 'sessionExpired' } });
  });
});
