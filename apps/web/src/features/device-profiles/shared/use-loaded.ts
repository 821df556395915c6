import { useCallback, useEffect, useRef, useState } from 'react';

export type Loaded<T> =
  { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; error: unknown };

/**
 * The result of `load`, run again whenever `load` changes (wrap it in useCallback) or `reload` is
 * called. A reload keeps what is shown until the fresh answer arrives; a late answer to an earlier
 * load is dropped.
 */
export function useLoaded<T>(load: () => Promise<T>) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const lastLoad = useRef(load);

  useEffect(() => {
    let current = true;
    const sameLoad = lastLoad.current === load;
    lastLoad.current = load;
    setState((previous) => (sameLoad && previous.status === 'loaded' ? previous : { status: 'loading' }));
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
