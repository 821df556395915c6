import type { ThreadListItem } from '@opencare/schemas/entities/mail';
import type { ListMeta } from '@opencare/schemas/envelope';
import { useCallback, useEffect, useState } from 'react';
import { fetchThreads } from './mail-api';

export type ThreadListState =
  | { status: 'loading' }
  | { status: 'loaded'; threads: ThreadListItem[]; meta: ListMeta | undefined }
  | { status: 'failed'; error: unknown };

/**
 * A page of the caller's threads. `refresh` fetches it again quietly (after a thread was read or
 * answered): what is shown stays until the fresh page arrives, so the list does not flash.
 */
export function useThreadList(page: number) {
  const [state, setState] = useState<ThreadListState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    fetchThreads({ page }).then(
      ({ threads, meta }) => current && setState({ status: 'loaded', threads, meta }),
      (error: unknown) => current && setState((previous) => (previous.status === 'loaded' ? previous : { status: 'failed', error })),
    );
    return () => {
      current = false;
    };
  }, [page, version]);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setVersion((v) => v + 1);
  }, []);
  return { state, refresh, retry };
}
