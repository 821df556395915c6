import { randomBytes } from 'node:crypto';
import {
  GATEWAY_PENDING_TTL_MS,
  addGatewayInputSchema,
  nearbyDeviceSchema,
  wifiNetworkSchema,
  type AddGatewayInput,
  type Gateway,
  type GatewayTokenRequest,
  type GatewayTokenResult,
  type NearbyDevice,
  type WifiConnectInput,
  type WifiNetwork,
} from '@opencare/schemas/entities/gateways';
import { ERRORS } from '@opencare/schemas/errors';
import { z } from 'zod';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { DEMO_GATEWAY } from '../demo/demo-gateway';
import { deleteDevicesOfGateway } from '../devices/devices.repository';
import { AppError, fieldIssues } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';
import { changePatientRecord } from '../timeline/patient-events';
import {
  assignGateway,
  extendPendingGateway,
  findGateway,
  findGatewayByMac,
  findGatewayByTokenHash,
  insertPendingGateway,
  listGatewaysOfPatient,
  reRegisterLapsedGateway,
  renameGateway,
  setGatewayToken,
  unassignGateway,
  updateGatewayInfo,
  type GatewayRow,
} from './gateways.repository';
import { gatewaySecretHash as hashOf, sameGatewaySecretHash as sameHash } from './pairing-code';

export type { GatewayRow };

export { gatewaySecretHash } from './pairing-code';

export function toGatewayDto(row: GatewayRow): Gateway {
  return {
    id: row.id,
    patientId: row.patientAccountId,
    displayName: row.displayName,
    serial: row.serial,
    model: row.model,
    os: row.os,
    bluetoothVersion: row.bluetoothVersion,
    bluetoothAdapters: row.bluetoothAdapters,
    macAddress: row.macAddresses,
    status: !row.patientAccountId ? 'pending' : row.isOnline ? 'online' : 'offline',
    publicIp: row.publicIp,
    localIp: row.localIp,
    btAddress: row.btAddress,
    version: row.version,
    nxwId: row.nxwId,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    addedAt: row.assignedAt?.toISOString() ?? null,
  };
}

const defaultName = (mac: string) => `Gateway ${mac.slice(-4)}`;

/**
 * The demo gateway's pairing code is printed in the repository, so it proves nothing: it is accepted
 * only in demo mode. (No agent makes it by chance: agents use an alphabet without O and 1.)
 */
const DEMO_PAIRING_CODE_HASH = hashOf(DEMO_GATEWAY.pairingCode);
function usableCode(deps: Deps, codeHash: string): boolean {
  return deps.config.demo || !sameHash(codeHash, DEMO_PAIRING_CODE_HASH);
}

const pendingUntil = (now: Date) => new Date(now.getTime() + GATEWAY_PENDING_TTL_MS);

/**
 * The agent asks for its token (no user credentials: it proves itself with the pairing code it made).
 * The first ask registers the MAC as pending, bound to the code's hash; each later ask with that code
 * refreshes the reported info and keeps the registration bound for GATEWAY_PENDING_TTL_MS more. Once
 * a patient added that MAC (with that code), each ask with the right code issues a new token (the old
 * one stops working), so an agent that lost its token file pairs again.
 *
 * Another code is refused with one answer whatever the MAC's state (pending for someone else,
 * assigned), so a prober learns nothing and cannot squat a MAC someone is pairing. It takes the MAC
 * only once a pending registration has lapsed (nobody added it and its agent stopped asking); an
 * assigned gateway is never taken by another code.
 */
export async function requestGatewayToken(
  deps: Deps,
  meta: RequestMeta,
  input: GatewayTokenRequest,
): Promise<GatewayTokenResult> {
  const codeHash = hashOf(input.pairingCode);
  const now = new Date();
  const refuse = async (gatewayId: string | null) => {
    await audit(deps.db, null, meta, {
      action: 'gateways.token',
      resourceType: 'gateway',
      resourceId: gatewayId,
      outcome: 'denied',
    });
    return new AppError('err_forbidden');
  };
  if (!usableCode(deps, codeHash)) throw await refuse(null);
  const displayName = input.info.displayName ?? defaultName(input.mac);
  let row = await findGatewayByMac(deps.db, input.mac);
  if (!row) {
    row = await insertPendingGateway(deps.db, {
      mac: input.mac,
      pairingCodeHash: codeHash,
      displayName,
      info: input.info,
      pendingUntil: pendingUntil(now),
    });
    // Another agent registered the same MAC between our read and insert: its code decides below.
    row ??= await findGatewayByMac(deps.db, input.mac);
    if (!row) throw new AppError('registrationFailed');
  }
  if (!sameHash(row.pairingCodeHash, codeHash)) {
    const taken = await reRegisterLapsedGateway(deps.db, row.id, {
      pairingCodeHash: codeHash,
      displayName,
      info: input.info,
      now,
      pendingUntil: pendingUntil(now),
    });
    if (!taken) throw await refuse(row.id);
    await audit(deps.db, null, meta, {
      action: 'gateways.register',
      resourceType: 'gateway',
      resourceId: taken.id,
      outcome: 'allowed',
    });
    return { status: 'pending', gatewayId: taken.id };
  }
  await updateGatewayInfo(deps.db, row.id, input.info);
  if (!row.patientAccountId) {
    await extendPendingGateway(deps.db, row.id, pendingUntil(now));
    return { status: 'pending', gatewayId: row.id };
  }
  const token = randomBytes(32).toString('base64url');
  await setGatewayToken(deps.db, row.id, hashOf(token), now);
  await audit(deps.db, null, meta, {
    action: 'gateways.token',
    resourceType: 'gateway',
    resourceId: row.id,
    outcome: 'allowed',
  });
  return { status: 'paired', gatewayId: row.id, token };
}

/** The assigned gateway a socket handshake's token names; tokenInvalid for anything else. */
export async function gatewayByToken(deps: Pick<Deps, 'db'>, token: string): Promise<GatewayRow> {
  const row = await findGatewayByTokenHash(deps.db, hashOf(token));
  if (!row) throw new AppError('tokenInvalid');
  return row;
}

/**
 * The add-gateway input, with a bad MAC answered as `macInvalid` (spec §8) and its field message,
 * rather than the generic validationFailed.
 */
export function parseAddGatewayInput(value: unknown): AddGatewayInput {
  const result = addGatewayInputSchema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields = fieldIssues(result.error);
  if (fields.some((f) => f.field === 'mac')) {
    throw new AppError('macInvalid', {
      fields: fields.map((f) =>
        f.field === 'mac' ? { field: 'mac', message: ERRORS.macInvalid.message } : f,
      ),
    });
  }
  throw new AppError('validationFailed', { fields });
}

/** The patient themself (only they add, change and remove their gateways and devices). */
export async function selfPatient(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientId: string,
  action: string,
) {
  if (patientId !== actor.accountId)
    await authorize(deps, actor, meta, {
      action,
      resourceType: 'patient',
      resourceId: patientId,
      allowed: false,
    });
  return patientFor(deps, actor, meta, patientId, action);
}

/**
 * Pairing attempts are reserved before they are judged (so parallel guesses cannot slip past the
 * count), per account and per address, at the public endpoints' rate.
 */
async function limitPairingAttempts(deps: Deps, actor: Actor, meta: RequestMeta): Promise<void> {
  const max = deps.config.publicRateLimitPerMinute;
  const [byAccount, byAddress] = await Promise.all([
    deps.limiter.hit(`gateway-add:account:${actor.accountId}`, 60_000),
    deps.limiter.hit(`gateway-add:ip:${meta.ip}`, 60_000),
  ]);
  if (byAccount.count > max || byAddress.count > max) throw new AppError('rateLimited');
}

/**
 * A patient adds a registered gateway by its MAC and the pairing code its agent shows (typed beside
 * the MAC, or both from its QR code): the code proves the patient holds the box. No such MAC, a
 * gateway someone already has and a wrong code get the same answer (`macNotFound`), so the screen
 * tells nobody which MACs exist or are taken.
 */
export async function addGateway(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientId: string,
  input: AddGatewayInput,
): Promise<Gateway> {
  const patient = await selfPatient(deps, actor, meta, patientId, 'gateways.add');
  await limitPairingAttempts(deps, actor, meta);
  const codeHash = hashOf(input.pairingCode);
  const found = await findGatewayByMac(deps.db, input.mac);
  const codeMatches = found !== undefined && sameHash(found.pairingCodeHash, codeHash);
  if (!found || found.patientAccountId || !codeMatches || !usableCode(deps, codeHash)) {
    await audit(deps.db, actor, meta, {
      action: 'gateways.add',
      resourceType: 'gateway',
      resourceId: found?.id ?? null,
      outcome: 'denied',
    });
    throw new AppError('macNotFound');
  }
  const organisationId = patient.account.organisationId;
  const assigned = await changePatientRecord(deps, async (tx, record) => {
    const row = await assignGateway(tx, found.id, {
      organisationId,
      patientAccountId: patientId,
      displayName: input.displayName,
      at: new Date(),
    });
    if (!row) return undefined;
    await record({
      organisationId,
      patientAccountId: patientId,
      kind: 'gateway',
      refId: row.id,
      at: new Date(),
      data: { displayName: row.displayName, status: 'added' },
    });
    return row;
  });
  // Someone else added it between our check and the update (with the code, so they hold the box too).
  if (!assigned) throw new AppError('macNotFound');
  await audit(deps.db, actor, meta, {
    action: 'gateways.add',
    resourceType: 'gateway',
    resourceId: assigned.id,
    outcome: 'allowed',
  });
  return toGatewayDto(assigned);
}

export async function listMyGateways(deps: Deps, actor: Actor, meta: RequestMeta): Promise<Gateway[]> {
  requireRouteRole(actor, 'patient');
  return listPatientGateways(deps, actor, meta, actor.accountId);
}

/** The patient themself, or the clinicians who may read the patient's record (audited). */
export async function listPatientGateways(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientId: string,
): Promise<Gateway[]> {
  await patientFor(deps, actor, meta, patientId, 'gateways.list');
  return (await listGatewaysOfPatient(deps.db, patientId)).map(toGatewayDto);
}

async function assignedGateway(deps: Deps, id: string): Promise<GatewayRow & { patientAccountId: string }> {
  const row = await findGateway(deps.db, id);
  if (!row?.patientAccountId) throw new AppError('gatewayMissing');
  return { ...row, patientAccountId: row.patientAccountId };
}

/** A gateway its patient's readers may see. */
export async function readableGateway(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  action: string,
) {
  const row = await assignedGateway(deps, id);
  await patientFor(deps, actor, meta, row.patientAccountId, action);
  return row;
}

/** A gateway only its patient may change or command. */
export async function ownGateway(deps: Deps, actor: Actor, meta: RequestMeta, id: string, action: string) {
  const row = await assignedGateway(deps, id);
  await authorize(deps, actor, meta, {
    action,
    resourceType: 'gateway',
    resourceId: id,
    allowed: row.patientAccountId === actor.accountId,
  });
  return row;
}

export async function getGateway(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Gateway> {
  return toGatewayDto(await readableGateway(deps, actor, meta, id, 'gateways.read'));
}

export async function updateGateway(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: { displayName: string },
): Promise<Gateway> {
  await ownGateway(deps, actor, meta, id, 'gateways.update');
  const row = await renameGateway(deps.db, id, input.displayName);
  if (!row) throw new AppError('gatewayMissing');
  return toGatewayDto(row);
}

/**
 * The patient removes a gateway: its token is revoked, its devices deleted, and its agent told
 * (it stops and says so). The registration stays pending, so the same box can be added again.
 */
export async function deleteGateway(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<void> {
  const row = await ownGateway(deps, actor, meta, id, 'gateways.delete');
  await changePatientRecord(deps, async (tx, record) => {
    await deleteDevicesOfGateway(tx, id);
    await unassignGateway(tx, id, pendingUntil(new Date()));
    await record({
      organisationId: row.organisationId ?? actor.organisationId,
      patientAccountId: row.patientAccountId,
      kind: 'gateway',
      refId: id,
      at: new Date(),
      data: { displayName: row.displayName, status: 'removed' },
    });
  });
  // The gateway no longer names its patient: the log itself keeps whose record lost it (issue 15, audit).
  await audit(deps.db, actor, meta, { action: 'gateways.delete', resourceType: 'patient', resourceId: row.patientAccountId, outcome: 'allowed' });
  deps.gateways.removed(id);
  if (row.isOnline) {
    deps.live.gatewayStatus({
      organisationId: row.organisationId ?? actor.organisationId,
      patientId: row.patientAccountId,
      gatewayId: id,
      status: 'offline',
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    });
  }
}

/** An agent's answer is data from outside: read with the schema, or refused as unreadable. */
function answerOf<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('gatewayResponseError');
  return parsed.data;
}

/** The devices the gateway hears advertising now (it scans for `seconds`). */
export async function scanNearby(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  seconds: number,
): Promise<NearbyDevice[]> {
  await ownGateway(deps, actor, meta, id, 'gateways.scan');
  const result = await deps.gateways.command(id, 'command:scan', { seconds });
  return answerOf(z.object({ devices: z.array(nearbyDeviceSchema) }), result).devices;
}

export async function wifiNetworks(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
): Promise<WifiNetwork[]> {
  await ownGateway(deps, actor, meta, id, 'gateways.wifi.scan');
  const result = await deps.gateways.command(id, 'command:wifiScan', {});
  return answerOf(z.object({ networks: z.array(wifiNetworkSchema) }), result).networks;
}

/** The password goes to the agent only; it is neither stored nor logged here. */
export async function connectWifi(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: WifiConnectInput,
): Promise<{ ssid: string }> {
  await ownGateway(deps, actor, meta, id, 'gateways.wifi.connect');
  const result = await deps.gateways.command(id, 'command:wifiConnect', input);
  return answerOf(z.object({ ssid: z.string() }), result);
}

/** A patient's gateways as the snapshot shows them (its caller has already checked access). */
export async function snapshotGatewaysOf(
  deps: Pick<Deps, 'db'>,
  patientId: string,
): Promise<Array<{ id: string; displayName: string; status: string }>> {
  return (await listGatewaysOfPatient(deps.db, patientId)).map((row) => {
    const { id, displayName, status } = toGatewayDto(row);
    return { id, displayName, status };
  });
}
