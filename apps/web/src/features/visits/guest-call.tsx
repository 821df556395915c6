import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import type { GuestVisitSession } from '@opencare/schemas/entities/visits';
import type { PeopleSocket } from '../../realtime/realtime-context';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { io } from 'socket.io-client';
import { errorKeyOf, errorMessageOf } from '../../api/error-message';
import { trpc, trpcClient } from '../../api/trpc';
import { PreCallCheck } from '../call-check/pre-call-check';
import { usePreCallMedia } from '../call-check/use-pre-call-media';
import { useActiveCall, useCallSnapshot } from './call/use-active-call';
import { canCall, VisitCall } from './call/visit-call';
import { visitDeviceId } from './device-id';
import { CallView } from './screen/call-view';
import { openCameraAndMicrophone } from './media-errors';
import { WaitingScreen } from './waiting/waiting-room';

/** A guest cannot end the visit (the End button is not shown to them). */
const GUESTS_END_NOTHING = () => undefined;

/**
 * A guest in the visit of their link: joined with the key (no account), then a socket of their own
 * whose handshake carries the guest token the join answered (one visit, one device).
 */
export function GuestCall({ invitationKey }: { invitationKey: string }) {
  const { t } = useTranslation('visits');
  const { t: tc } = useTranslation();
  const deviceId = useMemo(() => visitDeviceId(), []);
  const active = useActiveCall();
  const screenPath = `/telehealth-invitations?key=${encodeURIComponent(invitationKey)}`;
  const attached = active.screenPath === screenPath ? active.call : null;
  const snapshot = useCallSnapshot(attached);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const { mutateAsync: joinAsGuest } = trpc.telehealthInvitations.join.useMutation();
  const socket = useRef<PeopleSocket | null>(null);
  /** Joined, and waiting to be let in. */
  const [waiting, setWaiting] = useState<GuestVisitSession | null>(null);
  const inCall = attached !== null && snapshot?.phase === 'inCall';
  // Once the visit ended or this guest was removed, there is nothing to join again.
  const over = snapshot?.phase === 'ended' || snapshot?.phase === 'removed';
  const media = usePreCallMedia(!inCall && !over);

  const join = useCallback(
    async (takeOver: boolean) => {
      setBusy(true);
      setError(null);
      try {
        const session = await joinAsGuest({ key: invitationKey, deviceId, takeOver });
        // One socket for the guest's whole stay: the waiting room, then the call.
        const guestSocket: PeopleSocket = socket.current ?? io({ auth: { guestToken: session.guestToken } });
        socket.current = guestSocket;
        if (!canCall(session)) {
          setWaiting(session);
          return;
        }
        setWaiting(null);
        // The check's camera and microphone, or (joined before they opened) asked for now. Without
        // them the guest still sees and hears the others.
        const local =
          media.take() ??
          (await openCameraAndMicrophone().catch((failure: unknown) => {
            setError(failure);
            return null;
          }));
        const call = new VisitCall({
          session,
          deviceId,
          socket: guestSocket,
          local,
          startWith: media.choice,
          // The app's client, not a hook: the call may outlive this screen (picture-in-picture).
          onLeave: () => trpcClient.telehealthInvitations.leave.mutate({ key: invitationKey, deviceId }).then(() => undefined),
        });
        await call.start(() => active.setCall(call, screenPath));
      } catch (failure) {
        setError(failure);
      } finally {
        setBusy(false);
      }
    },
    [invitationKey, deviceId, active, screenPath, joinAsGuest, media],
  );

  const leaveWaitingRoom = useCallback(async () => {
    await trpcClient.telehealthInvitations.leave.mutate({ key: invitationKey, deviceId }).catch(setError);
    socket.current?.disconnect();
    socket.current = null;
    setWaiting(null);
  }, [invitationKey, deviceId]);

  // The guest's socket serves this call only: closed once it is over or the page goes.
  const phase = snapshot?.phase;
  useEffect(() => {
    if (phase && phase !== 'inCall') {
      socket.current?.disconnect();
      socket.current = null;
    }
  }, [phase]);
  const latest = useRef({ attached, active });
  latest.current = { attached, active };
  useEffect(
    () => () => {
      void latest.current.attached?.leave();
      latest.current.active.setCall(null, null);
      socket.current?.disconnect();
    },
    [],
  );

  if (inCall) return <CallView call={attached} onEnd={GUESTS_END_NOTHING} />;
  if (waiting?.waiting) {
    return (
      <WaitingScreen
        socket={socket.current}
        session={waiting}
        waiting={waiting.waiting}
        deviceId={deviceId}
        onAdmitted={() => void join(false)}
        onLeave={leaveWaitingRoom}
      />
    );
  }
  const activeElsewhere = errorKeyOf(error) === 'visitActiveElsewhere';
  return (
    <Stack gap="sm" data-testid="guest-join">
      {attached && snapshot && (
        <Alert color={snapshot.phase === 'removed' ? 'yellow' : 'blue'} variant="light" data-testid={`call-${snapshot.phase}`}>
          {t(`after.${snapshot.phase === 'inCall' ? 'left' : snapshot.phase}`)}
        </Alert>
      )}
      {error !== null && (
        <Alert
          color={activeElsewhere ? 'yellow' : 'red'}
          variant="light"
          role="alert"
          data-testid="join-error"
        >
          {errorMessageOf(tc, error)}
        </Alert>
      )}
      {!over && (
        <Group justify="center">
          <Button
            onClick={() => void join(activeElsewhere)}
            loading={busy}
            data-testid={activeElsewhere ? 'take-over' : 'join-visit'}
          >
            {activeElsewhere ? t('preJoin.takeOver') : t('preJoin.join')}
          </Button>
        </Group>
      )}
      {!over && (
        <Paper withBorder radius="md" p="md" maw={640} w="100%" mx="auto">
          <PreCallCheck media={media} opened running={!busy} caller={{ guestKey: invitationKey }} />
        </Paper>
      )}
    </Stack>
  );
}
