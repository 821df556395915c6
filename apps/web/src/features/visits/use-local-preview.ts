import type { ErrorKey } from '@opencare/schemas/errors';
import { useCallback, useEffect, useRef, useState } from 'react';
import { stopStream } from './call/local-media';
import { openCameraAndMicrophone } from './media-errors';

/**
 * The device check before joining: camera and microphone opened once, shown as a preview and then
 * handed to the call (`take`), so joining does not ask for them a second time.
 */
export function useLocalPreview(enabled: boolean) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<ErrorKey | null>(null);
  const taken = useRef(false);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let opened: MediaStream | null = null;
    taken.current = false;
    openCameraAndMicrophone().then(
      (s) => {
        opened = s;
        if (live) setStream(s);
        else stopStream(s);
      },
      (failure: unknown) =>
        live && setError(failure instanceof Error ? (failure.message as ErrorKey) : 'unknown'),
    );
    return () => {
      live = false;
      if (opened && !taken.current) stopStream(opened);
      setStream(null);
      setError(null);
    };
  }, [enabled]);

  /** The call takes the stream: it is no longer stopped here. */
  const take = useCallback(() => {
    taken.current = true;
    return stream;
  }, [stream]);

  return { stream, error, take };
}
