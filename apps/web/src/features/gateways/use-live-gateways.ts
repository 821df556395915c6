import type { Gateway, GatewayStatus } from '@opencare/schemas/entities/gateways';
import { useMemo, useState } from 'react';
import { useSocketEvent } from '../../realtime/use-realtime';

interface Live {
  status: GatewayStatus;
  lastSeenAt: string | null;
}

/**
 * The gateways as loaded, with what `gateway:status` said since (the people socket sends it to the
 * patient and to the clinicians watching them). Events about other gateways are ignored.
 */
export function useLiveGateways(gateways: readonly Gateway[]): Gateway[] {
  const [live, setLive] = useState<Record<string, Live>>({});
  useSocketEvent('gateway:status', ({ gatewayId, status, lastSeenAt }) => {
    setLive((all) => ({ ...all, [gatewayId]: { status, lastSeenAt } }));
  });
  return useMemo(
    () => gateways.map((gateway) => (live[gateway.id] ? { ...gateway, ...live[gateway.id] } : gateway)),
    [gateways, live],
  );
}
