import { useDebouncedValue } from '@mantine/hooks';
import { signupInputSchema } from '@opencare/schemas/entities/auth';
import { trpc } from '../../api/trpc';

export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

/** Wait this long after the last keystroke: the check is rate-limited per address (20 a minute). */
export const AVAILABILITY_DEBOUNCE_MS = 400;

/**
 * Whether a username is free, asked of the server as the person types. Only a name the schema
 * accepts is sent; a failed check says `unknown` and leaves the final word to the sign-up call.
 */
export function useUsernameAvailability(username: string): Availability {
  const name = username.trim();
  const [debounced] = useDebouncedValue(name, AVAILABILITY_DEBOUNCE_MS);
  const checkable = signupInputSchema.shape.username.safeParse(debounced).success;
  // One answer per name, kept: going back to a name already checked asks nothing again.
  const check = trpc.users.usernameAvailable.useQuery({ name: debounced }, { enabled: checkable, staleTime: 60_000 });

  if (!signupInputSchema.shape.username.safeParse(name).success) return 'idle';
  // Still typing, or the answer is for an earlier name: the shown state must be about this name.
  if (debounced !== name || check.isPending) return 'checking';
  if (check.isError) return 'unknown';
  return check.data.available ? 'available' : 'taken';
}
