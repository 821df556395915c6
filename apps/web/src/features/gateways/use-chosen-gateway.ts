import type { Gateway } from '@opencare/schemas/entities/gateways';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { useLiveGatewayStatus } from './gateway-queries';

/**
 * The patient's gateways (`gateways.mine`, their status live) and the one a screen works through:
 * `?gateway=<id>` when a link chose it, else the first online one, else the first.
 */
export function useChosenGateway() {
  const [search] = useSearchParams();
  const query = trpc.gateways.mine.useQuery();
  useLiveGatewayStatus();
  const gateways = query.data ?? [];
  const [picked, setPicked] = useState<string | null>(search.get('gateway'));
  const chosen: Gateway | undefined =
    gateways.find((g) => g.id === picked) ?? gateways.find((g) => g.status === 'online') ?? gateways[0];
  return { query, gateways, chosen, choose: setPicked };
}
