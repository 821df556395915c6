import type { Visit } from '@opencare/schemas/entities/appointments';
import type { VisitSession } from '@opencare/schemas/entities/visits';
import { useCallback, useState } from 'react';
import { errorKeyOf } from '../../api/error-message';
import { trpc } from '../../api/trpc';
import { emitWithAck, type EventResult } from '../../realtime/emit-with-ack';
import type { PeopleSocket } from '../../realtime/realtime-context';

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

/** A join's answer, and the call's room when it was entered in the same step. */
export type Joined = EventResult<'visit:join'>;

/**
 * Check in to a visit by its code (`visits.byCode`) and join it from this device (`visits.join`,
 * spec §2, §5). A refusal keeps the pre-join screen with the reason (joinTooEarly names the
 * minutes); `visitActiveElsewhere` offers to take over, which joins again with `takeOver` (the other
 * device is told and leaves). A device not let in yet waits (no way to call); once let in it joins
 * again from the waiting room, and keeps its place.
 *
 * With the socket connected, the join goes over it (`visit:join`) and enters the call's room in the
 * same round trip (call set-up); otherwise over tRPC, and the call enters the room afterwards.
 */
export function useVisitJoin(code: string, deviceId: string, socket: PeopleSocket | null) {
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
    async (takeOver = false): Promise<Joined | null> => {
      if (!visit || attempt.step === 'joining' || attempt.step === 'joined') return null;
      setAttempt({ step: 'joining' });
      try {
        const joined: Joined = socket?.connected
          ? await emitWithAck(socket, 'visit:join', { visitId: visit.id, deviceId, takeOver })
          : { session: await mutateAsync({ id: visit.id, deviceId, takeOver }), room: null };
        const { session } = joined;
        setAttempt({ step: session.waiting ? 'waiting' : 'joined', session });
        return joined;
      } catch (error) {
        setAttempt(
          errorKeyOf(error) === 'visitActiveElsewhere' && !takeOver
            ? { step: 'activeElsewhere' }
            : { step: 'ready', error },
        );
        return null;
      }
    },
    [visit, attempt.step, mutateAsync, deviceId, socket],
  );

  /** Back to the pre-join screen (after leaving, to rejoin). */
  const reset = useCallback(() => setAttempt({ step: 'ready', error: null }), []);

  return { state, join, reset };
}
