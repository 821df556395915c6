import type { Visit } from '@opencare/schemas/entities/appointments';
import type { VisitSession } from '@opencare/schemas/entities/visits';
import { useCallback, useEffect, useState } from 'react';
import { errorKeyOf } from '../../api/error-message';
import { fetchVisitByCode, joinVisit } from './visits-api';

export type JoinState =
  | { step: 'loading' }
  | { step: 'notFound'; error: unknown }
  | { step: 'ready'; visit: Visit; error: unknown }
  | { step: 'joining'; visit: Visit }
  /** This person is in the visit on another device: offer to take over. */
  | { step: 'activeElsewhere'; visit: Visit }
  | { step: 'joined'; visit: Visit; session: VisitSession };

export interface VisitJoinApi {
  fetchVisit: (code: string) => Promise<Visit>;
  join: (visitId: string, deviceId: string, takeOver: boolean) => Promise<VisitSession>;
}

const realApi: VisitJoinApi = { fetchVisit: fetchVisitByCode, join: joinVisit };

/**
 * Check in to a visit by its code and join it from this device (spec §2, §5). A refusal keeps the
 * pre-join screen with the reason (joinTooEarly names the minutes); `visitActiveElsewhere` offers
 * to take over, which joins again with `takeOver` (the other device is told and leaves).
 */
export function useVisitJoin(code: string, deviceId: string, api: VisitJoinApi = realApi) {
  const [state, setState] = useState<JoinState>({ step: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ step: 'loading' });
    api.fetchVisit(code).then(
      (visit) => live && setState({ step: 'ready', visit, error: null }),
      (error: unknown) => live && setState({ step: 'notFound', error }),
    );
    return () => {
      live = false;
    };
  }, [code, api]);

  const join = useCallback(
    async (takeOver = false): Promise<VisitSession | null> => {
      if (state.step !== 'ready' && state.step !== 'activeElsewhere') return null;
      const { visit } = state;
      setState({ step: 'joining', visit });
      try {
        const session = await api.join(visit.id, deviceId, takeOver);
        setState({ step: 'joined', visit: session.visit, session });
        return session;
      } catch (error) {
        setState(
          errorKeyOf(error) === 'visitActiveElsewhere' && !takeOver
            ? { step: 'activeElsewhere', visit }
            : { step: 'ready', visit, error },
        );
        return null;
      }
    },
    [state, api, deviceId],
  );

  /** Back to the pre-join screen (after leaving, to rejoin). */
  const reset = useCallback(() => {
    setState((current) =>
      'visit' in current ? { step: 'ready', visit: current.visit, error: null } : current,
    );
  }, []);

  return { state, join, reset };
}
