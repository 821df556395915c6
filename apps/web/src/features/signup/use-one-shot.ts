import { useEffect, useRef, useState } from 'react';

export type OneShot<T> =
  { status: 'pending' } | { status: 'done'; data: T } | { status: 'failed'; error: unknown };

/**
 * Run a call (a mutation's `mutateAsync`) once per key and follow its result. Completing a sign-up is not repeatable (a second
 * call says "already activated"), and React's development mode mounts effects twice, so the call's
 * promise is kept in a ref that the second mount reuses instead of calling again.
 */
export function useOneShot<T>(key: string, run: () => Promise<T>): OneShot<T> {
  const call = useRef<{ key: string; promise: Promise<T> } | null>(null);
  const [state, setState] = useState<{ key: string; result: OneShot<T> }>({
    key,
    result: { status: 'pending' },
  });

  useEffect(() => {
    if (call.current?.key !== key) call.current = { key, promise: run() };
    let current = true;
    call.current.promise.then(
      (data) => current && setState({ key, result: { status: 'done', data } }),
      (error: unknown) => current && setState({ key, result: { status: 'failed', error } }),
    );
    return () => {
      current = false;
    };
    // `run` is a new function each render; the key says when the call is a different one.
  }, [key]);

  return state.key === key ? state.result : { status: 'pending' };
}
