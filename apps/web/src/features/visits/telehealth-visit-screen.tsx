import { Alert } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/error-message';
import { Loading } from '../../components/data/load-state';
import { useNotifyError } from '../../components/notifications/use-notify';
import { useSocket } from '../../realtime/use-realtime';
import { useSession } from '../../session/use-session';
import { appointmentsViewOf } from '../appointments/appointments-view';
import { usePreCallMedia } from '../call-check/use-pre-call-media';
import { useActiveCall, useCallSnapshot } from './call/use-active-call';
import { canCall, VisitCall } from './call/visit-call';
import { visitDeviceId } from './device-id';
import { AfterCall } from './screen/after-call';
import { CallView } from './screen/call-view';
import { PreJoin } from './screen/pre-join';
import { useVisitJoin } from './use-visit-join';
import { WaitingScreen } from './waiting/waiting-room';
import { useEndVisitMutation, useLeaveVisit } from './visit-queries';

/**
 * /telehealth-visit/:visitCode (spec §2): check in, join (or take over from another device), the
 * call, then leave, rejoin, or — for the clinician — end and complete it. The call itself lives in
 * the active-call provider, so this screen re-attaches to it when the user comes back from
 * elsewhere in the app during picture-in-picture.
 */
export function TelehealthVisitScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const notifyError = useNotifyError();
  const deviceId = useMemo(() => visitDeviceId(), []);
  const socket = useSocket();
  const active = useActiveCall();
  const { state: sessionState } = useSession();
  const clinician =
    sessionState.status === 'signed-in' && appointmentsViewOf(sessionState.account) === 'clinician';
  const screenPath = `/telehealth-visit/${encodeURIComponent(code)}`;
  const attached = active.screenPath === screenPath ? active.call : null;
  const snapshot = useCallSnapshot(attached);
  const { state, join, reset } = useVisitJoin(code, deviceId, socket);
  const leaveVisit = useLeaveVisit();
  const { mutateAsync: endVisit } = useEndVisitMutation();
  const wantsPreview =
    !attached &&
    (state.step === 'ready' || state.step === 'activeElsewhere' || state.step === 'joining' || state.step === 'waiting');
  const preview = usePreCallMedia(wantsPreview);

  // Leaving the screen leaves the call, unless it goes on in picture-in-picture.
  const latest = useRef({ call: attached, active });
  latest.current = { call: attached, active };
  useEffect(
    () => () => {
      const { call, active: context } = latest.current;
      if (!call || call.getSnapshot().state.pictureInPicture) return;
      void call.leave();
      context.setCall(null, null);
    },
    [],
  );

  const startCall = useCallback(
    async (takeOver: boolean) => {
      const joined = await join(takeOver);
      // In the waiting room: the call starts once this device is let in (it joins again then).
      if (!joined || !canCall(joined.session)) return;
      // From the answer to the call listening for signals, no task may run between (see VisitCall.start).
      const call = new VisitCall({
        session: joined.session,
        room: joined.room,
        deviceId,
        socket,
        local: preview.take(),
        startWith: preview.choice,
        onLeave: leaveVisit,
      });
      await call.start(() => active.setCall(call, screenPath));
    },
    [join, deviceId, socket, preview, active, screenPath, leaveVisit],
  );

  const rejoin = useCallback(() => {
    active.setCall(null, null);
    reset();
  }, [active, reset]);

  const end = useCallback(async () => {
    if (!attached) return;
    try {
      const visit = await endVisit({ id: attached.visitId });
      attached.dispatch({ type: 'visitTimes', startedAt: visit.startedAt, endedAt: visit.endedAt });
      attached.finish('ended');
    } catch (error) {
      notifyError(error);
    }
  }, [attached, notifyError, endVisit]);
  const endCall = useCallback(() => void end(), [end]);

  if (attached && snapshot) {
    if (snapshot.phase === 'inCall') return <CallView call={attached} onEnd={endCall} />;
    return (
      <AfterCall
        phase={snapshot.phase}
        visit={snapshot.state.visit ?? attached.session.visit}
        clinician={attached.session.self.role === 'provider'}
        onRejoin={rejoin}
      />
    );
  }
  if (state.step === 'waiting' && state.session.waiting) {
    return (
      <WaitingScreen
        socket={socket}
        session={state.session}
        waiting={state.session.waiting}
        deviceId={deviceId}
        onAdmitted={() => void startCall(false)}
        onLeave={() => leaveVisit(state.visit.id, deviceId).then(reset)}
      />
    );
  }
  if (state.step === 'loading' || state.step === 'joined') {
    return <Loading />;
  }
  if (state.step === 'notFound') {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="visit-not-found" maw={720} mx="auto">
        {errorMessageOf(t, state.error)}
      </Alert>
    );
  }
  return (
    <PreJoin
      visit={state.visit}
      clinician={clinician}
      media={preview}
      joining={state.step === 'joining'}
      activeElsewhere={state.step === 'activeElsewhere'}
      error={state.step === 'ready' ? state.error : null}
      onJoin={() => void startCall(false)}
      onTakeOver={() => void startCall(true)}
    />
  );
}
