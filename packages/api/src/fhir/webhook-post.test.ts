import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, postWebhook, PrivateAddressError } from './webhook-post';

let server: Server;
let port: number;
let received = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    received += 1;
    req.resume();
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = (host: string, allowPrivate: boolean) => postWebhook(`http://${host}:${port}/hook`, { 'content-type': 'application/fhir+json' }, '{}', { timeoutMs: 5_000, allowPrivate });

describe('subscription webhooks in production', () => {
  it('know the machine itself and private, shared, link-local and reserved networks from public addresses', () => {
    const inside = ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.10', '100.64.0.1', '169.254.169.254', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '[::1]'];
    const outside = ['8.8.8.8', '172.32.0.1', '93.184.216.34', '2001:4860:4860::8888', '::ffff:8.8.8.8'];
    expect(inside.filter((address) => !isPrivateAddress(address))).toEqual([]);
    expect(outside.filter((address) => isPrivateAddress(address))).toEqual([]);
  });

  it('refuse this machine by address, by name, and by a name that resolves to it, before anything is sent', async () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]', hostname()]) {
      await expect(post(host, false), host).rejects.toBeInstanceOf(PrivateAddressError);
    }
    expect(received).toBe(0);
  });

  it('reach it outside production, and give the answer’s status', async () => {
    await expect(post('127.0.0.1', true)).resolves.toEqual({ status: 200 });
    expect(received).toBe(1);
  });
});
