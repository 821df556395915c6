import type { ApiError } from './api-error';

type Listener<T> = (value: T) => void;

/** A minimal typed event source: the API client tells the app shell what it cannot show itself. */
export function eventSource<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    on(listener: Listener<T>): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(value: T): void {
      for (const listener of listeners) listener(value);
    },
  };
}

export interface ApiEvents {
  /** A call could not reach the server, after its retries (spec §8: reported globally). */
  networkError: ReturnType<typeof eventSource<ApiError>>;
  /** Re-authentication was refused or impossible: the session is over and has been cleared. */
  sessionEnded: ReturnType<typeof eventSource<ApiError>>;
}
