import { useCallback, useEffect, useRef, useState } from 'react';
import { measureNetwork, type CheckCaller } from './measure-network';
import { judgeNetwork, type NetworkJudgement, type NetworkMeasurements } from './network-verdict';

export type NetworkCheckState =
  | { step: 'idle' }
  | { step: 'running' }
  | { step: 'done'; measured: NetworkMeasurements; judgement: NetworkJudgement }
  | { step: 'failed'; error: unknown };

/** The network check: run once when `auto` (the pre-join screen), again on request. */
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
  }, [guestKey]);

  useEffect(() => {
    if (auto) void start();
    // A check still running when the screen goes (the call began) stops: it would compete for the line.
    return () => run.current?.abort();
  }, [auto, start]);

  return { state, start };
}
