import { createQueryClient } from '../api/trpc';

/** A cache of the test's own, as the app makes it, but retrying at once instead of after seconds. */
export const testQueryClient = () => createQueryClient({ retryDelayMs: () => 0 });
