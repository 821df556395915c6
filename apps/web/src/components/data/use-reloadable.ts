import { useCallback, useEffect, useRef, useState } from 'react';
import type { Loaded } from './use-loaded';

/**
 * The result of `load`, run again whenever `load` changes (callers wrap it in useCallback with what
 * it reads) or `reload` is called. A reload after an action keeps showing what is there until the
 * fresh answer arrives, so the screen does not flash a loader. An answer that arrives after the
 * next load started is dropped.
 */
export function useReloadable<T>(load: () => Promise<T>) {
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
