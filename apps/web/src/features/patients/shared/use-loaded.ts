import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> =
  { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; error: unknown };

/**
 * The result of `load`, run again whenever `load` changes (callers wrap it in useCallback with what
 * it reads) or `reload` is called. A reload keeps showing what is there until the fresh answer
 * arrives, so the screen does not flash a loader; an answer that arrives after the next load started
 * is dropped.
 */
export function useLoaded<T>(load: () => Promise<T>) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [lastLoad, setLastLoad] = useState(() => load);

  if (lastLoad !== load) {
    // A different question: forget the old answer at once (render-time reset, no flash of old data).
    setLastLoad(() => load);
    setState({ status: 'loading' });
  }

  useEffect(() => {
    let current = true;
    load().then(
      (data) => {
        if (current) setState({ status: 'loaded', data });
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
