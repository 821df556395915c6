import { storedItem } from './stored-item';

/** One problem this tab met: what /error-log lists, so a person can tell support what happened. */
export interface ErrorLogRecord {
  key: string;
  message: string;
  /** ISO time. */
  at: string;
}

const LIMIT = 50;

function isRecord(value: unknown): value is ErrorLogRecord {
  const r = value as Partial<ErrorLogRecord> | null;
  return typeof r?.key === 'string' && typeof r.message === 'string' && typeof r.at === 'string';
}

// sessionStorage: the log dies with the tab, like the session itself; it never holds stack traces.
const item = storedItem<ErrorLogRecord[]>('session', 'opencare.errorLog', (raw) =>
  Array.isArray(raw) ? raw.filter(isRecord) : null,
);

const list = (): ErrorLogRecord[] => item.get() ?? [];

export const errorLog = {
  list,
  add: (record: Omit<ErrorLogRecord, 'at'>, at = new Date()): void => {
    item.set([{ ...record, at: at.toISOString() }, ...list()].slice(0, LIMIT));
  },
  clear: (): void => item.clear(),
};
