import { useEffect, useRef } from 'react';

/** Plays a remote stream's sound (the video tiles are muted, so sound does not stop with them). */
export function RemoteAudio({ stream, muted }: { stream: MediaStream; muted: boolean }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.srcObject = stream;
    // Blocked autoplay (no gesture yet) is retried by the next change; nothing to tell the user.
    void element.play().catch(() => undefined);
  }, [stream]);
  return <audio ref={audio} muted={muted} autoPlay data-testid="remote-audio" />;
}
