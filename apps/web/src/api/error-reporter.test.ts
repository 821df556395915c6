import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorLog } from '../session/error-log';
import { ApiError } from './api-error';
import { reportClientError } from './error-reporter';

describe('client error reports', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('are only a console warning outside production builds', async () => {
    const fetch = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await reportClientError({ error: new Error('boom') }, { production: false, fetch });
    expect(fetch).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('are sent to POST /api/v1/logs in production, without the query string', async () => {
    window.history.replaceState(null, '', '/signup/verify?token=secret');
    const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 201 })));
    const crash = new TypeError('x is undefined');
    await reportClientError({ error: crash, info: 'route render' }, { production: true, fetch });

    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/logs');
    expect(init.method).toBe('POST');
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ key: 'unknown', message: 'x is undefined', info: 'route render' });
    expect(body.stack).toContain('TypeError');
    expect(body.environment).toMatchObject({ url: `${location.origin}/signup/verify` });
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('carry the catalogue key of an API error', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 201 })));
    await reportClientError({ error: ApiError.of('invalidResponseData') }, { production: true, fetch });
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string) as { key: string };
    expect(body.key).toBe('invalidResponseData');
  });

  it('only warn when reporting fails', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(reportClientError({ key: 'languageError' }, { production: true, fetch })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('are kept in this tab’s error log, newest first', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await reportClientError({ key: 'invalidDate' }, { production: false });
    await reportClientError({ key: 'languageError' }, { production: false });
    expect(errorLog.list().map((r) => r.key)).toEqual(['languageError', 'invalidDate']);
  });
});
