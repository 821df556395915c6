/** The parts of a query QueryView reads. */
interface QueryLike<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

/**
 * Several queries a screen shows together, as one for QueryView: there once each has data (a later
 * background refetch that fails keeps what is shown), failed when one failed with nothing to show,
 * and "Try again" fetches again what failed.
 */
export function allQueries<T extends Record<string, unknown>>(queries: {
  [K in keyof T]: QueryLike<T[K]>;
}): QueryLike<{ [K in keyof T]: NonNullable<T[K]> }> {
  const parts = Object.values<QueryLike<unknown>>(queries);
  const failed = parts.filter((query) => query.data === undefined && query.status === 'error');
  const ready = parts.every((query) => query.data !== undefined);
  return {
    status: ready ? 'success' : failed.length > 0 ? 'error' : 'pending',
    data: ready
      ? (Object.fromEntries(
          Object.entries<QueryLike<unknown>>(queries).map(([key, query]) => [key, query.data]),
        ) as { [K in keyof T]: NonNullable<T[K]> })
      : undefined,
    error: failed[0]?.error,
    refetch: () => failed.forEach((query) => void query.refetch()),
  };
}
