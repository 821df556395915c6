import { useCallback, useEffect, useRef, useState } from 'react';
import { openStream, stopStream, type MediaKind } from './media';

export interface MediaStreamControl {
  stream: MediaStream | null;
  error: unknown;
  starting: boolean;
  start: (deviceId: string | undefined) => Promise<void>;
  stop: () => void;
}

/**
 * One microphone or camera stream that this page owns. Every track is stopped when the stream is
 * replaced, stopped, or the page is left, so the browser's "in use" light goes out with the page.
 */
export function useMediaStream(kind: MediaKind): MediaStreamControl {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);
  const current = useRef<MediaStream | null>(null);
  // Each start gets a number; a slow permission prompt that resolves after a newer start, or after
  // the page is left, has its stream stopped at once instead of shown.
  const generation = useRef(0);

  const stop = useCallback(() => {
    generation.current += 1;
    stopStream(current.current);
    current.current = null;
    setStream(null);
    setStarting(false);
  }, []);

  const start = useCallback(
    async (deviceId: string | undefined) => {
      stop();
      const mine = generation.current;
      setStarting(true);
      setError(null);
      try {
        const opened = await openStream(kind, deviceId);
        if (mine !== generation.current) {
          stopStream(opened);
          return;
        }
        current.current = opened;
        setStream(opened);
      } catch (failure) {
        if (mine === generation.current) setError(failure);
      } finally {
        if (mine === generation.current) setStarting(false);
      }
    },
    [kind, stop],
  );

  useEffect(
    () => () => {
      generation.current += 1;
      stopStream(current.current);
      current.current = null;
    },
    [],
  );

  return { stream, error, starting, start, stop };
}
