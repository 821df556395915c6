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
  const run = useRef(0);
  const { guestKey } = caller;

  const start = useCallback(async () => {
    const mine = ++run.current;
    setState({ step: 'running' });
    try {
      const measured = await measureNetwork({ guestKey });
      if (mine === run.current) setState({ step: 'done', measured, judgement: judgeNetwork(measured) });
    } catch (error) {
      if (mine === run.current) setState({ step: 'failed', error });
    }
  }, [guestKey]);

  useEffect(() => {
    if (auto) void start();
    // A check still running when the screen goes is not shown anywhere.
    return () => {
      run.current += 1;
    };
  }, [auto, start]);

  return { state, start };
}
