import type { ErrorKey } from '@opencare/schemas/errors';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePreferences } from '../../session/use-preferences';
import { stopStream } from '../visits/call/local-media';
import { openCameraAndMicrophone } from '../visits/media-errors';
import { loadCallStart, saveCallStart, type CallStartChoice } from './call-start-choice';

export interface PreCallMedia {
  stream: MediaStream | null;
  error: ErrorKey | null;
  /** Camera and microphone on or off, as the call will start (remembered on this device). */
  choice: CallStartChoice;
  setChoice: (device: keyof CallStartChoice, on: boolean) => void;
  /** The call takes the stream: it is no longer stopped here. */
  take: () => MediaStream | null;
}

/**
 * The camera and microphone before a call: opened once (the chosen devices), shown as a preview and
 * a level, then handed to the call (`take`), so joining does not ask for them a second time. A device
 * turned off is opened all the same but its track disabled: the call can turn it on without a prompt.
 */
export function usePreCallMedia(enabled: boolean): PreCallMedia {
  const { preferences } = usePreferences();
  const { cameraId, microphoneId } = preferences;
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<ErrorKey | null>(null);
  const [choice, setChoiceState] = useState(loadCallStart);
  const taken = useRef(false);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let opened: MediaStream | null = null;
    taken.current = false;
    openCameraAndMicrophone({ cameraId, microphoneId }).then(
      (s) => {
        opened = s;
        if (live) setStream(s);
        else stopStream(s);
      },
      (failure: unknown) => live && setError(failure instanceof Error ? (failure.message as ErrorKey) : 'unknown'),
    );
    return () => {
      live = false;
      if (opened && !taken.current) stopStream(opened);
      setStream(null);
      setError(null);
    };
  }, [enabled, cameraId, microphoneId]);

  useEffect(() => {
    for (const track of stream?.getVideoTracks() ?? []) track.enabled = choice.camera;
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = choice.microphone;
  }, [stream, choice]);

  const setChoice = useCallback((device: keyof CallStartChoice, on: boolean) => {
    setChoiceState((current) => {
      const next = { ...current, [device]: on };
      saveCallStart(next);
      return next;
    });
  }, []);

  const take = useCallback(() => {
    taken.current = true;
    return stream;
  }, [stream]);

  return { stream, error, choice, setChoice, take };
}
