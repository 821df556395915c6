import { Outlet } from 'react-router-dom';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../../api/api-error';
import { ActiveCallContext, type ActiveCallContextValue } from './active-call-context';
import { RemoteAudio } from './remote-audio';
import { useCallSnapshot } from './use-active-call';
import type { VisitCall } from './visit-call';

const hidden = {
  position: 'fixed',
  width: 1,
  height: 1,
  opacity: 0,
  pointerEvents: 'none',
  insetInlineStart: 0,
  bottom: 0,
} as const;

/**
 * Holds the video visit running on this device above the routes, so it goes on while the user is
 * elsewhere in the app with the call in picture-in-picture. Remote sound plays here too (the
 * video tiles are muted), so leaving the visit screen in picture-in-picture keeps the voices.
 */
export function ActiveCallProvider({ children }: { children: ReactNode }) {
  const [call, setCallState] = useState<VisitCall | null>(null);
  const [screenPath, setScreenPath] = useState<string | null>(null);
  const pipVideo = useRef<HTMLVideoElement>(null);
  const snapshot = useCallSnapshot(call);

  const setCall = useCallback((next: VisitCall | null, path: string | null) => {
    // A call's view mounts as a transition, in slices: the call's first signals are handled
    // between them instead of waiting for the whole view (issue 18, call set-up).
    const apply = () => {
      setCallState(next);
      setScreenPath(path);
    };
    if (next) startTransition(apply);
    else apply();
  }, []);

  const exitPictureInPicture = useCallback(async () => {
    if (document.pictureInPictureElement) await document.exitPictureInPicture().catch(() => undefined);
  }, []);

  const enterPictureInPicture = useCallback(
    async (stream: MediaStream) => {
      const video = pipVideo.current;
      if (
        !video ||
        !document.pictureInPictureEnabled ||
        typeof video.requestPictureInPicture !== 'function'
      ) {
        throw ApiError.of('pictureInPictureUnsupported');
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      try {
        await video.requestPictureInPicture();
      } catch {
        throw ApiError.of('pictureInPictureUnsupported');
      }
      call?.dispatch({ type: 'pictureInPicture', active: true });
    },
    [call],
  );

  // The window closed (by the user or on leaving): the call is back on the screen only.
  useEffect(() => {
    const video = pipVideo.current;
    if (!video) return;
    const onLeave = () => call?.dispatch({ type: 'pictureInPicture', active: false });
    video.addEventListener('leavepictureinpicture', onLeave);
    return () => video.removeEventListener('leavepictureinpicture', onLeave);
  }, [call]);

  // A call that ended closes its window.
  const phase = snapshot?.phase;
  useEffect(() => {
    if (phase && phase !== 'inCall') void exitPictureInPicture();
  }, [phase, exitPictureInPicture]);

  const value = useMemo<ActiveCallContextValue>(
    () => ({ call, screenPath, setCall, enterPictureInPicture, exitPictureInPicture }),
    [call, screenPath, setCall, enterPictureInPicture, exitPictureInPicture],
  );

  const remotes = snapshot?.state.streams.filter((s) => s.type === 'remote') ?? [];
  const speakerMuted = snapshot?.state.toggles.muteSpeaker ?? false;
  return (
    <ActiveCallContext value={value}>
      {children}
      <video ref={pipVideo} muted playsInline aria-hidden style={hidden} />
      {remotes.map((s) => (
        <RemoteAudio key={s.id} stream={s.stream} muted={speakerMuted} />
      ))}
    </ActiveCallContext>
  );
}

/**
 * The frames a call can run in, the app's and the visit's, under one provider: the call goes on
 * from one to the other (routes.tsx). Not above the sign-in frame, whose first download it would add to.
 */
export function CallFrame() {
  return (
    <ActiveCallProvider>
      <Outlet />
    </ActiveCallProvider>
  );
}
