interface QueryLike<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

/**
 * Two queries a screen needs together, as one for `QueryView`: waiting while either is, failed when
 * either failed ("Try again" asks again for what failed), and both answers once there.
 */
export function bothQueries<A, B>(a: QueryLike<A>, b: QueryLike<B>): QueryLike<[A, B]> {
  const failed = a.status === 'error' ? a : b.status === 'error' ? b : null;
  const status = failed ? 'error' : a.status === 'success' && b.status === 'success' ? 'success' : 'pending';
  return {
    status,
    data: status === 'success' ? [a.data as A, b.data as B] : undefined,
    error: failed?.error ?? null,
    refetch: () => {
      if (a.status === 'error') void a.refetch();
      if (b.status === 'error') void b.refetch();
    },
  };
}
