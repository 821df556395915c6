import { useCallback, useEffect, useRef, useState } from 'react';
import { measureNetwork, type CheckCaller } from './measure-network';
import { judgeNetwork, type NetworkJudgement, type NetworkMeasurements } from './network-verdict';

export type NetworkCheckState =
  | { step: 'idle' }
  | { step: 'running' }
  | { step: 'done'; measured: NetworkMeasurements; judgement: NetworkJudgement }
  | { step: 'failed'; error: unknown };

/**
 * The network check: run once when `auto` (the pre-join screen), again on request. A run still
 * going when `auto` turns off (the person clicked Join) or the screen goes stops: its uploads would
 * compete with the call's set-up for the line and the processor.
 */
export function useNetworkCheck(caller: CheckCaller, auto: boolean) {
  const [state, setState] = useState<NetworkCheckState>({ step: 'idle' });
  const run = useRef<AbortController | null>(null);
  const { guestKey } = caller;

  const start = useCallback(async () => {
    run.current?.abort();
    const mine = new AbortController();
    run.current = mine;
    setState({ step: 'running' });
    try {
      const measured = await measureNetwork({ guestKey }, mine.signal);
      if (!mine.signal.aborted) setState({ step: 'done', measured, judgement: judgeNetwork(measured) });
    } catch (error) {
      if (!mine.signal.aborted) setState({ step: 'failed', error });
    }
    // Stopped, and no other run since: the button offers it again.
    if (mine.signal.aborted && run.current === mine) setState({ step: 'idle' });
  }, [guestKey]);

  useEffect(() => {
    if (auto) void start();
    return () => run.current?.abort();
  }, [auto, start]);

  return { state, start };
}
