import type { GatewayInfo } from '@opencare/schemas/entities/gateways';
import { GATEWAY_HEARTBEAT_MS, type GatewayStatusChange } from '@opencare/schemas/gateway-events';
import type { Deps } from '../deps';
import {
  markAllGatewaysOffline,
  markSilentGatewaysOffline,
  setGatewayOffline,
  setGatewaySeen,
  type GatewayRow,
} from './gateways.repository';

/** After this long without a heartbeat a gateway is offline, whichever edge held its socket. */
export const GATEWAY_SILENT_MS = 3 * GATEWAY_HEARTBEAT_MS;

function tell(deps: Pick<Deps, 'live'>, row: GatewayRow): void {
  if (!row.patientAccountId || !row.organisationId) return;
  const change: GatewayStatusChange = {
    organisationId: row.organisationId,
    patientId: row.patientAccountId,
    gatewayId: row.id,
    status: row.isOnline ? 'online' : 'offline',
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
  deps.live.gatewayStatus(change);
}

/**
 * The agent connected (hello, with its current spec §3 fields) or was heard from (heartbeat,
 * upload): online and seen now. Its patient's screens hear only of a change, not of every beat.
 */
export async function markGatewaySeen(
  deps: Pick<Deps, 'db' | 'live'>,
  gatewayId: string,
  info?: GatewayInfo,
): Promise<Date> {
  const at = new Date();
  const seen = await setGatewaySeen(deps.db, gatewayId, { isOnline: true, at, info });
  if (seen && !seen.before.isOnline) tell(deps, seen.after);
  return at;
}

/** The gateway's last socket closed. */
export async function markGatewayOffline(deps: Pick<Deps, 'db' | 'live'>, gatewayId: string): Promise<void> {
  const row = await setGatewayOffline(deps.db, gatewayId);
  if (row) tell(deps, row);
}

/**
 * Gateways marked online that have not been heard from in GATEWAY_SILENT_MS go offline: an edge that
 * crashed could not mark its gateways offline itself. Every edge runs this; the update decides once.
 */
export async function sweepSilentGateways(
  deps: Pick<Deps, 'db' | 'live'>,
  now = new Date(),
): Promise<number> {
  const rows = await markSilentGatewaysOffline(deps.db, new Date(now.getTime() - GATEWAY_SILENT_MS));
  for (const row of rows) tell(deps, row);
  return rows.length;
}

/** A lone edge starting holds no gateway socket: whatever a crash left online is not. */
export async function clearGatewayPresence(deps: Pick<Deps, 'db' | 'live'>): Promise<void> {
  for (const row of await markAllGatewaysOffline(deps.db)) tell(deps, row);
}
