import type { GatewayWork } from '@opencare/schemas/gateway-events';
import type { Deps } from '../deps';
import { publishedDeviceProfiles } from '../device-profiles/device-profiles.service';
import { toDeviceDto } from '../devices/device.dto';
import { gatewaysUsingProfile, listDevicesOfGateway } from '../devices/devices.repository';
import { findGateway } from './gateways.repository';

/**
 * What a gateway runs: its devices and the live (last completed) version of each profile they use.
 * Always the whole list, so an agent that missed a change is right again on the next one.
 */
export async function gatewayWork(deps: Pick<Deps, 'db'>, gatewayId: string): Promise<GatewayWork> {
  const gateway = await findGateway(deps.db, gatewayId);
  if (!gateway?.organisationId || !gateway.patientAccountId) return { gatewayId, devices: [], profiles: [] };
  const devices = (await listDevicesOfGateway(deps.db, gatewayId)).map(toDeviceDto);
  const used = new Set(devices.map((d) => d.profileId));
  const profiles = (await publishedDeviceProfiles(deps, gateway.organisationId)).filter((p) =>
    used.has(p.profileId),
  );
  return { gatewayId, devices, profiles };
}

/** Send a gateway its work list again (after its devices changed). */
export async function workChanged(deps: Deps, gatewayId: string): Promise<void> {
  deps.gateways.workChanged(gatewayId, await gatewayWork(deps, gatewayId));
}

/** A profile got a new completed version: every gateway with a device running it gets it. */
export async function profileCompleted(deps: Deps, profileId: string): Promise<void> {
  for (const gatewayId of await gatewaysUsingProfile(deps.db, profileId)) await workChanged(deps, gatewayId);
}
