import { useDebouncedValue } from '@mantine/hooks';
import { signupInputSchema } from '@opencare/schemas/entities/auth';
import { useEffect, useState } from 'react';
import { usernameAvailable } from './signup-api';

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
  const [answer, setAnswer] = useState<{ name: string; availability: Availability } | null>(null);
  const checkable = signupInputSchema.shape.username.safeParse(debounced).success;

  useEffect(() => {
    if (!checkable) return;
    let current = true;
    usernameAvailable(debounced).then(
      (available) => {
        if (current) setAnswer({ name: debounced, availability: available ? 'available' : 'taken' });
      },
      () => {
        if (current) setAnswer({ name: debounced, availability: 'unknown' });
      },
    );
    return () => {
      current = false;
    };
  }, [debounced, checkable]);

  if (!signupInputSchema.shape.username.safeParse(name).success) return 'idle';
  // Still typing, or the answer is for an earlier name: the shown state must be about this name.
  if (answer?.name !== name) return 'checking';
  return answer.availability;
}
