import { useEffect, useRef, useState } from 'react';
import { useSocketEvent } from '../../../realtime/use-realtime';
import { EKG_SILENT_MS, ekgWindow } from './ekg-signal';

/** What a device streams now: the newest window of its samples (mV) at its rate. */
export interface EkgStream {
  deviceId: string;
  sampleRate: number;
  samples: number[];
}

/**
 * The live ECG of a patient's device (`patient:ecg`, relayed by the edge from the patient's gateway),
 * or null while none streams, and again EKG_SILENT_MS after the last batch. The batches reach the
 * patient's own screens and those watching the patient (a clinician's visit screen watches for the
 * readings panel). One device at a time: another's batches wait until the first falls silent.
 */
export function useEkgStream(patientId: string | undefined): EkgStream | null {
  const [stream, setStream] = useState<EkgStream | null>(null);
  const lastAt = useRef(0);
  const current = useRef<EkgStream | null>(null);
  const live = stream !== null;

  useSocketEvent('patient:ecg', (batch) => {
    if (!patientId || batch.patientId !== patientId) return;
    const previous = current.current;
    const fresh = Date.now() - lastAt.current < EKG_SILENT_MS;
    if (previous && fresh && previous.deviceId !== batch.deviceId) return;
    const same = previous && fresh && previous.sampleRate === batch.sampleRate;
    const samples = [...(same ? previous.samples : []), ...batch.samples.map((uv) => uv / 1000)].slice(-ekgWindow(batch.sampleRate));
    lastAt.current = Date.now();
    current.current = { deviceId: batch.deviceId, sampleRate: batch.sampleRate, samples };
    setStream(current.current);
  });

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      if (Date.now() - lastAt.current < EKG_SILENT_MS) return;
      current.current = null;
      setStream(null);
    }, 500);
    return () => clearInterval(timer);
  }, [live]);

  useEffect(() => {
    current.current = null;
    setStream(null);
  }, [patientId]);

  return stream;
}
