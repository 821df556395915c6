import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayInfoSchema } from '@opencare/schemas/entities/gateways';
import { silentLogger } from '../logger';
import { PairingError, pollForToken } from './request-token';

const servers: Array<{ close(): void }> = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** A stand-in edge answering request-token with the given statuses and bodies, in turn. */
async function edge(answers: Array<[number, unknown]>) {
  const bodies: unknown[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      bodies.push(JSON.parse(text));
      const [status, body] = answers.shift() ?? [500, {}];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, bodies };
}

const base = { mac: 'AABBCCDDEEFF', pairingCode: 'ABCDEFGH2345', info: gatewayInfoSchema.parse({}), log: silentLogger(), delayMs: () => 1 };

describe('pollForToken', () => {
  it('rides out errors and pending answers until paired, saying "pending" once', async () => {
    const gatewayId = randomUUID();
    const e = await edge([
      [503, { success: false, key: 'serviceUnavailable' }],
      [200, { success: true, data: { status: 'pending', gatewayId } }],
      [200, { success: true, data: { status: 'pending', gatewayId } }],
      [200, { success: true, data: { status: 'paired', gatewayId, token: 'tok' } }],
    ]);
    let pendingCalls = 0;
    const result = await pollForToken({ ...base, edgeUrl: e.url, onPending: () => (pendingCalls += 1) });
    expect(result).toEqual({ gatewayId, token: 'tok' });
    expect(pendingCalls).toBe(1);
    expect(e.bodies[0]).toMatchObject({ mac: 'AABBCCDDEEFF', pairingCode: 'ABCDEFGH2345' });
  });

  it('stops with a clear message when the edge knows this MAC with another pairing code', async () => {
    const e = await edge([[403, { success: false, key: 'forbidden', message: 'Forbidden' }]]);
    await expect(pollForToken({ ...base, edgeUrl: e.url })).rejects.toThrow(PairingError);
  });

  it('can be stopped while waiting', async () => {
    const e = await edge(Array.from({ length: 50 }, () => [200, { success: true, data: { status: 'pending', gatewayId: randomUUID() } }] as [number, unknown]));
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 50);
    await expect(pollForToken({ ...base, edgeUrl: e.url, delayMs: () => 20, signal: abort.signal })).rejects.toThrow('stopped');
  });
});
