import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/error-message';
import { useNotifyError } from '../../../components/notifications/use-notify';
import { useActiveCall, useCallSnapshot } from '../call/use-active-call';
import type { VisitCall } from '../call/visit-call';
import { ChatButton } from '../chat/chat-button';
import { mainStreamOf, type Layout } from '../visit-state';
import { useStartVisitMutation } from '../visit-queries';
import { CaptureButton } from '../tools/capture-button';
import { CallControls } from './call-controls';
import { CallReadings } from './call-readings';
import { CallStage } from './call-stage';
import { EndWarningBanner } from './end-warning-banner';
import { ReportIssueModal } from './report-issue-modal';
import { useEndWarning } from './use-end-warning';
import { VisitTimerBadge } from './visit-timer-badge';
import { WaitingToJoin } from '../waiting/waiting-to-join';
import { useCanInviteGuests, useGuestsInCall } from '../guests/guest-queries';
import { GuestTileMenu } from '../guests/guest-tile-menu';
import { InviteGuestDialog } from '../guests/invite-guest-dialog';
import { RemoveGuestDialog } from '../guests/remove-guest-dialog';
import type { TelehealthInvitation } from '@opencare/schemas/entities/visits';
import type { StreamWrapper } from '../stream-wrapper';

const DRAW_COLOR = '#fa5252';
const DRAWING_OFF = { active: false, color: DRAW_COLOR };
const DRAWING_ON = { active: true, color: DRAW_COLOR };

interface CallViewProps {
  call: VisitCall;
  onEnd: () => void;
}

/** The visit during the call: who, the timer, the streams, the tools and the controls. */
export function CallView({ call, onEnd }: CallViewProps) {
  const { t } = useTranslation('visits');
  const { t: tc } = useTranslation();
  const notifyError = useNotifyError();
  const startVisit = useStartVisitMutation();
  const active = useActiveCall();
  const snapshot = useCallSnapshot(call);
  const [mainVideo, setMainVideo] = useState<HTMLVideoElement | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TelehealthInvitation | null>(null);
  // Physicians and nurses invite and remove guests and let people in; assistants, patients and guests do not.
  const physicianOrNurse = useCanInviteGuests() && call.session.self.role === 'provider';
  const guests = useGuestsInCall(call.session.visit.id, snapshot?.state.participants ?? [], physicianOrNurse);
  const leave = useCallback(() => void call.leave(), [call]);
  // The handlers and the parts' props stay the same from one render to the next (the handlers read
  // the call when used), so the stage, the controls and the readings render again only when what
  // they show changed: during set-up the call view renders a dozen times (issue 18, call set-up).
  const actions = useMemo(
    () => ({
      toggleAudio: () => call.toggleAudio(),
      toggleVideo: () => call.toggleVideo(),
      toggleSpeaker: () => call.toggleSpeaker(),
      toggleScreen: () => void call.toggleScreenShare(),
      toggleDualCamera: () => void call.toggleDualCamera(),
      layout: (layout: Layout) => call.dispatch({ type: 'layout', layout }),
      toggleEkg: () => call.dispatch({ type: 'ekg', visible: !call.getSnapshot().state.ekgSignal }),
      selectMain: (id: string) => call.dispatch({ type: 'selectMain', main: { kind: 'stream', id } }),
      toggleDrawing: () => setDrawing((on) => !on),
      reportIssue: () => setReporting(true),
      pictureInPicture: () => {
        const { state } = call.getSnapshot();
        const main = mainStreamOf(state);
        if (state.pictureInPicture) void active.exitPictureInPicture().catch(notifyError);
        else if (main) void active.enterPictureInPicture(main.stream).catch(notifyError);
      },
    }),
    [call, active, notifyError],
  );
  const chatButton = useMemo(() => <ChatButton chat={call.chat} />, [call]);
  const tileActions = useCallback(
    (stream: StreamWrapper) => {
      const guest = stream.type === 'remote' ? guests.find((g) => g.deviceIds.includes(stream.deviceId)) : undefined;
      return guest && <GuestTileMenu guest={guest} onRemove={() => setRemoving(guest)} />;
    },
    [guests],
  );
  const { session } = call;
  const appointment = session.visit.appointment;
  const { warning, dismissWarning, stay } = useEndWarning(
    appointment.endsAt,
    session.timing.endWarningMinutes,
    session.timing.stayOrLeaveSeconds,
    leave,
    snapshot?.phase === 'inCall',
  );
  if (!snapshot) return null;
  const { state, failure } = snapshot;
  const clinician = session.self.role === 'provider';
  const visit = state.visit ?? session.visit;
  const other = clinician ? appointment.patient.fullName : appointment.provider.fullName;
  const mainStream = mainStreamOf(state);
  // Someone in the waiting room is not in the call yet (the clinician sees them waiting instead).
  const inCall = state.participants.filter((p) => p.admitted);

  function start() {
    startVisit.mutate(
      { id: visit.id },
      {
        onSuccess: (started) =>
          call.dispatch({ type: 'visitTimes', startedAt: started.startedAt, endedAt: started.endedAt }),
        onError: notifyError,
      },
    );
  }

  return (
    <Stack gap="sm" data-testid="call-view" data-engine={state.callEngine ?? ''}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0} miw={0}>
          <Title order={2} size="h4">
            {t('call.with', { name: other })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('call.participants', { count: inCall.length })}
          </Text>
        </Stack>
        <Group gap="xs">
          {physicianOrNurse && (
            <Button size="xs" variant="light" onClick={() => setInviting(true)} data-testid="invite-guest">
              {t('guests.invite')}
            </Button>
          )}
          {clinician && !visit.startedAt && (
            <Button size="xs" onClick={start} data-testid="start-visit">
              {t('call.start')}
            </Button>
          )}
          <VisitTimerBadge startedAt={visit.startedAt ?? appointment.startsAt} />
        </Group>
      </Group>
      {session.call.engine === 'simple-peer' && session.call.reason === 'livekitUnavailable' && (
        <Alert color="blue" variant="light" data-testid="engine-notice" py="xs">
          {t('call.livekitUnavailable')}
        </Alert>
      )}
      <EndWarningBanner warning={warning} onDismiss={dismissWarning} onStay={stay} onLeave={leave} />
      {failure && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => call.clearFailure()}
          closeButtonLabel={t('call.dismiss')}
          data-testid="call-failure"
        >
          {errorMessageOf(tc, failure)}
        </Alert>
      )}
      {snapshot.reconnecting && (
        <Alert color="yellow" variant="light" role="status" data-testid="call-reconnecting" py="xs">
          {t('call.reconnecting')}
        </Alert>
      )}
      {state.weakNetwork && (
        <Alert
          color={state.weakNetwork === 'videoPaused' ? 'yellow' : 'blue'}
          variant="light"
          role="status"
          withCloseButton
          onClose={() => call.dismissWeakNetwork()}
          closeButtonLabel={t('call.dismiss')}
          data-testid="weak-network"
          data-state={state.weakNetwork}
          py="xs"
        >
          <Group gap="sm" justify="space-between">
            <Text size="sm">{t(`call.weakNetwork.${state.weakNetwork}`)}</Text>
            {state.weakNetwork === 'recovered' && (
              <Button size="xs" variant="light" onClick={() => call.toggleVideo()}>
                {t('call.weakNetwork.cameraOn')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {clinician && <WaitingToJoin visitId={visit.id} participants={state.participants} canAdmit={physicianOrNurse} />}
      {inCall.length < 2 && inCall.length === state.participants.length && (
        <Text size="sm" c="dimmed" data-testid="waiting-for-others">
          {t('call.waiting', { name: other })}
        </Text>
      )}
      <CallStage
        streams={state.streams}
        main={state.main}
        layout={state.layout}
        drawing={drawing ? DRAWING_ON : DRAWING_OFF}
        drawings={call.drawings}
        visitId={visit.id}
        patientId={appointment.patient.id}
        canSave={clinician}
        mainVideo={mainVideo}
        onMainVideo={setMainVideo}
        onSelectMain={actions.selectMain}
        participants={state.participants}
        tileActions={tileActions}
      />
      {clinician && (
        <CallReadings
          patientId={appointment.patient.id}
          since={new Date(Date.parse(appointment.startsAt) - session.timing.joinEarlyMinutes * 60_000).toISOString()}
        />
      )}
      {/* The controls stay in reach while the streams scroll (a phone's screen is short). */}
      <Stack
        gap="xs"
        pos="sticky"
        bottom={0}
        py="xs"
        bg="var(--oc-color-surface)"
        style={{ zIndex: 5, borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        {mainStream && (
          <Group gap="xs" justify="center" data-testid="visit-tools">
            <CaptureButton video={mainVideo} stream={mainStream} visitId={visit.id} canSave={clinician} />
          </Group>
        )}
        <CallControls
          toggles={state.toggles}
          layout={state.layout}
          drawing={drawing}
          ekg={state.ekgSignal}
          pictureInPicture={state.pictureInPicture}
          canEnd={clinician}
          chat={chatButton}
          onToggleAudio={actions.toggleAudio}
          onToggleVideo={actions.toggleVideo}
          onToggleSpeaker={actions.toggleSpeaker}
          onToggleScreen={actions.toggleScreen}
          onToggleDualCamera={actions.toggleDualCamera}
          onPictureInPicture={actions.pictureInPicture}
          onLayout={actions.layout}
          onToggleDrawing={actions.toggleDrawing}
          onToggleEkg={actions.toggleEkg}
          onReportIssue={actions.reportIssue}
          onLeave={leave}
          onEnd={onEnd}
        />
      </Stack>
      {/* The dialogs mount when opened: mounting closed ones cost the call's set-up (issue 18). */}
      {physicianOrNurse && inviting && (
        <InviteGuestDialog visitId={visit.id} opened onClose={() => setInviting(false)} />
      )}
      {removing && <RemoveGuestDialog guest={removing} onClose={() => setRemoving(null)} />}
      {reporting && (
        <ReportIssueModal
          opened
          visitId={visit.id}
          engine={state.callEngine}
          onClose={() => setReporting(false)}
        />
      )}
    </Stack>
  );
}
