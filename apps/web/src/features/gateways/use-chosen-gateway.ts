import type { Gateway } from '@opencare/schemas/entities/gateways';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useReloadable } from '../../components/data/use-reloadable';
import { useAccountId } from './gateway-links';
import { listMyGateways } from './gateways-api';
import { setPairedGateways } from './paired-gateways';
import { useLiveGateways } from './use-live-gateways';

/**
 * The patient's gateways and the one a screen works through: `?gateway=<id>` when a link chose it,
 * else the first online one, else the first.
 */
export function useChosenGateway() {
  const accountId = useAccountId();
  const [search] = useSearchParams();
  const load = useCallback(async () => {
    const gateways = await listMyGateways();
    setPairedGateways(accountId, gateways);
    return gateways;
  }, [accountId]);
  const { state, reload } = useReloadable(load);
  const gateways = useLiveGateways(state.status === 'loaded' ? state.data : []);
  const [picked, setPicked] = useState<string | null>(search.get('gateway'));
  const chosen: Gateway | undefined =
    gateways.find((g) => g.id === picked) ?? gateways.find((g) => g.status === 'online') ?? gateways[0];
  return { state, reload, gateways, chosen, choose: setPicked };
}
