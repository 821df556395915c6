import type { Visit } from '@opencare/schemas/entities/appointments';
import type { VisitSession } from '@opencare/schemas/entities/visits';
import { useCallback, useState } from 'react';
import { errorKeyOf } from '../../api/error-message';
import { trpc } from '../../api/trpc';

export type JoinState =
  | { step: 'loading' }
  | { step: 'notFound'; error: unknown }
  | { step: 'ready'; visit: Visit; error: unknown }
  | { step: 'joining'; visit: Visit }
  /** This person is in the visit on another device: offer to take over. */
  | { step: 'activeElsewhere'; visit: Visit }
  /** Joined, and in the waiting room until a clinician lets this device in. */
  | { step: 'waiting'; visit: Visit; session: VisitSession }
  | { step: 'joined'; visit: Visit; session: VisitSession };

/** Where this device is in joining, once the visit is known. */
type Attempt =
  | { step: 'ready'; error: unknown }
  | { step: 'joining' }
  | { step: 'activeElsewhere' }
  | { step: 'waiting'; session: VisitSession }
  | { step: 'joined'; session: VisitSession };

/**
 * Check in to a visit by its code (`visits.byCode`) and join it from this device (`visits.join`,
 * spec §2, §5). A refusal keeps the pre-join screen with the reason (joinTooEarly names the
 * minutes); `visitActiveElsewhere` offers to take over, which joins again with `takeOver` (the other
 * device is told and leaves). A device not let in yet waits (no way to call); once let in it joins
 * again from the waiting room, and keeps its place.
 */
export function useVisitJoin(code: string, deviceId: string) {
  const byCode = trpc.visits.byCode.useQuery({ code });
  const joinMutation = trpc.visits.join.useMutation();
  const [attempt, setAttempt] = useState<Attempt>({ step: 'ready', error: null });

  let state: JoinState;
  const visit = byCode.data;
  if (!visit) {
    state = byCode.status === 'error' ? { step: 'notFound', error: byCode.error } : { step: 'loading' };
  } else if (attempt.step === 'joined' || attempt.step === 'waiting') {
    state = { step: attempt.step, visit: attempt.session.visit, session: attempt.session };
  } else if (attempt.step === 'ready') {
    state = { step: 'ready', visit, error: attempt.error };
  } else {
    state = { step: attempt.step, visit };
  }

  const { mutateAsync } = joinMutation;
  const join = useCallback(
    async (takeOver = false): Promise<VisitSession | null> => {
      if (!visit || attempt.step === 'joining' || attempt.step === 'joined') return null;
      setAttempt({ step: 'joining' });
      try {
        const session = await mutateAsync({ id: visit.id, deviceId, takeOver });
        setAttempt({ step: session.waiting ? 'waiting' : 'joined', session });
        return session;
      } catch (error) {
        setAttempt(
          errorKeyOf(error) === 'visitActiveElsewhere' && !takeOver
            ? { step: 'activeElsewhere' }
            : { step: 'ready', error },
        );
        return null;
      }
    },
    [visit, attempt.step, mutateAsync, deviceId],
  );

  /** Back to the pre-join screen (after leaving, to rejoin). */
  const reset = useCallback(() => setAttempt({ step: 'ready', error: null }), []);

  return { state, join, reset };
}
