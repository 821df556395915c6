import type { ErrorLogEntry } from '@opencare/schemas/entities/error-log';
import { env } from '../env';
import { errorLog } from '../session/error-log';
import { sessionStore } from '../session/session-store';
import { ApiError, asApiError } from './api-error';

export interface ClientErrorReport {
  /** Catalogue key; `unknown` for a crash. */
  key?: string;
  error?: unknown;
  /** Where it happened (a component stack, a language code); never patient data. */
  info?: string;
}

export interface ReporterOptions {
  production?: boolean;
  fetch?: typeof fetch;
}

const clip = (text: string | undefined, max: number) => (text === undefined ? undefined : text.slice(0, max));

/** The error log entry of spec §3, within the limits of the server's schema. */
export function errorLogEntry(report: ClientErrorReport): ErrorLogEntry {
  const error = asApiError(report.error);
  const key = report.key ?? (error instanceof ApiError ? error.key : 'unknown');
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : key;
  return {
    key: key.slice(0, 100),
    message: clip(message, 2000) ?? key,
    stack: clip(error instanceof Error ? error.stack : undefined, 8000),
    info: clip(report.info, 4000),
    environment: {
      userAgent: clip(navigator.userAgent, 500),
      // Path only: query strings can carry sign-up and invitation tokens.
      url: clip(`${location.origin}${location.pathname}`, 2000),
      release: env.release,
      mode: env.mode,
    },
  };
}

/**
 * Report a client error (spec §8): to `POST /api/v1/logs` in production builds, as a console warning
 * otherwise. It is also kept in this tab's error log. Reporting never throws: when it fails, that is
 * only warned, so an error report cannot become a second error.
 */
export async function reportClientError(report: ClientErrorReport, options: ReporterOptions = {}): Promise<void> {
  const entry = errorLogEntry(report);
  errorLog.add({ key: entry.key, message: entry.message });
  if (!(options.production ?? env.production)) {
    console.warn('Client error (reported to the server in production builds only):', entry);
    return;
  }
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    const token = sessionStore.accessToken.get();
    if (token) headers.authorization = `Bearer ${token}`;
    // Plain fetch, not the API client: a report must not trigger re-authentication or retries.
    const response = await (options.fetch ?? globalThis.fetch)('/api/v1/logs', {
      method: 'POST',
      headers,
      body: JSON.stringify(entry),
      credentials: 'same-origin',
    });
    if (!response.ok) console.warn(`Error report refused (${response.status}).`);
  } catch (failure) {
    console.warn('Error report could not be sent.', failure);
  }
}
