import { useEffect, useState } from 'react';

/** Redraws per second: smooth enough for a level bar without re-rendering every frame. */
const UPDATES_PER_SECOND = 15;

/**
 * The loudness of a microphone stream, 0 to 100, from an AnalyserNode. The RMS of the waveform is
 * scaled so normal speech fills about half the bar.
 */
export function useAudioLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);

  useEffect(() => {
    if (!stream || typeof AudioContext === 'undefined') {
      setLevel(0);
      return;
    }
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    let last = 0;

    const tick = (time: number) => {
      frame = requestAnimationFrame(tick);
      if (time - last < 1000 / UPDATES_PER_SECOND) return;
      last = time;
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const rms = Math.sqrt(sum / samples.length);
      setLevel(Math.min(100, Math.round(rms * 400)));
    };
    frame = requestAnimationFrame(tick);

    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close();
      setLevel(0);
    };
  }, [stream]);

  return level;
}
