import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type TestEdge } from './testing/test-edge';

/**
 * The built web app as the edge serves it (issue 16): the files the build precompressed, in the
 * encoding the browser accepts, hashed assets kept a year, the rest revalidated. The web build is
 * stood in for by a folder laid out as apps/web/vite.config.ts writes it (`.br` and `.gz` beside
 * each file). Requests go through inject(), which hands back the bytes as sent.
 */
describe('the web build: precompressed, cached by kind', () => {
  let t: TestEdge;
  // Repetitive like a real bundle, so that compression pays.
  const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = () => "opencare ${i}";\n`).join(''));
  const html = '<!doctype html><html><head><script type="module" src="/assets/index-AbC123xy.js"></script></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'opencare-web-'));
    mkdirSync(join(web, 'assets'));
    const files: Record<string, Buffer> = {
      'index.html': Buffer.from(html),
      'assets/index-AbC123xy.js': script,
      'sw.js': Buffer.from("importScripts('/sw-manifest.js');\n".repeat(40)),
      'sw-manifest.js': Buffer.from('self.OPENCARE_SW = {"release":"abc","files":[]};\n'),
      'manifest.webmanifest': Buffer.from('{"name":"OpenCare","start_url":"/"}'),
    };
    for (const [name, data] of Object.entries(files)) {
      writeFileSync(join(web, name), data);
      writeFileSync(join(web, `${name}.br`), brotliCompressSync(data));
      writeFileSync(join(web, `${name}.gz`), gzipSync(data));
    }
    t = await startTestEdge({ env: { WEB_DIST: web } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  }, 60_000);

  const get = (url: string, headers: Record<string, string> = {}) => t.edge.app.inject({ method: 'GET', url, headers });

  it('sends brotli when accepted, gzip when only that is, the raw file otherwise; each says it varies by Accept-Encoding', async () => {
    const br = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.rawPayload).equals(script)).toBe(true);

    const gz = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(script.length);
    expect(gunzipSync(gz.rawPayload).equals(script)).toBe(true);

    const identity = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(script)).toBe(true);
    const none = await get('/assets/index-AbC123xy.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload.equals(script)).toBe(true);

    for (const res of [br, gz, identity, none]) expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('keeps hashed assets a year, and revalidates index.html, client routes, the service worker and the manifest', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const asset = await get('/assets/index-AbC123xy.js', { 'accept-encoding': encoding });
      expect(asset.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
    const revalidated = {
      '/': await get('/', { accept: 'text/html', 'accept-encoding': 'br' }),
      '/index.html': await get('/index.html', { accept: 'text/html' }),
      // A client route: the not-found handler answers index.html.
      '/patients': await get('/patients', { accept: 'text/html', 'accept-encoding': 'gzip, br' }),
      '/sw.js': await get('/sw.js', { 'accept-encoding': 'br' }),
      '/sw-manifest.js': await get('/sw-manifest.js'),
      '/manifest.webmanifest': await get('/manifest.webmanifest', { 'accept-encoding': 'gzip' }),
    };
    for (const [url, res] of Object.entries(revalidated)) {
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect(revalidated['/patients'].headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(revalidated['/patients'].rawPayload).toString()).toBe(html);
    // The security headers stay on static answers.
    expect(revalidated['/patients'].headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('does not serve the compressed copies as files of their own, and leaves the API uncached', async () => {
    expect((await get('/assets/index-AbC123xy.js.br')).statusCode).toBe(404);
    const api = await get('/api/v1/profile');
    expect(api.headers['cache-control']).toBe('no-store');
  });
});
