import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
beforeAll(async () => {
  t = await startTestEdge();
});
afterAll(() => t.close());

describe('health and headers', () => {
  it('is alive and ready while its database answers', async () => {
    expect((await t.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await t.call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(['pglite', 'postgres']).toContain(ready.body.database);
  });

  it('sends a strict content security policy and the usual protections', async () => {
    const res = await t.call('GET', '/healthz');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('is not ready once its database is gone', async () => {
    const edge = await startTestEdge();
    await edge.edge.database.close();
    const res = await edge.call('GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.body.key).toBe('serviceUnavailable');
    await edge.edge.app.close();
  });
});
