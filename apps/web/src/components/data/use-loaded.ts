import { useCallback, useEffect, useState, type DependencyList } from 'react';

export type Loaded<T> =
  { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; error: unknown };

/**
 * What `load` gives, fetched again when `deps` change or on `reload()`. An answer that arrives after
 * newer deps is dropped, so a slow answer for an earlier request never replaces the current one.
 */
export function useLoaded<T>(
  load: () => Promise<T>,
  deps: DependencyList,
): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (data) => current && setState({ status: 'loaded', data }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
    // `load` is a new function each render; what it reads is in deps.
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
