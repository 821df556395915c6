import { GATEWAY_PENDING_TTL_MS, type GatewayInfo } from '@opencare/schemas/entities/gateways';
import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { gateways } from '../db/schema';

// The hashes of the pairing code and the token are compared in the service; neither ever leaves it.
const columns = {
  id: gateways.id,
  mac: gateways.mac,
  organisationId: gateways.organisationId,
  patientAccountId: gateways.patientAccountId,
  displayName: gateways.displayName,
  serial: gateways.serial,
  model: gateways.model,
  os: gateways.os,
  bluetoothVersion: gateways.bluetoothVersion,
  bluetoothAdapters: gateways.bluetoothAdapters,
  macAddresses: gateways.macAddresses,
  publicIp: gateways.publicIp,
  localIp: gateways.localIp,
  btAddress: gateways.btAddress,
  version: gateways.version,
  nxwId: gateways.nxwId,
  pairingCodeHash: gateways.pairingCodeHash,
  pendingUntil: gateways.pendingUntil,
  isOnline: gateways.isOnline,
  lastSeenAt: gateways.lastSeenAt,
  registeredAt: gateways.registeredAt,
  assignedAt: gateways.assignedAt,
};
export type GatewayRow = NonNullable<Awaited<ReturnType<typeof findGateway>>>;

/** The spec §3 fields a gateway reports, as columns (its display name only when it names itself). */
function infoColumns(info: GatewayInfo) {
  return {
    serial: info.serial,
    model: info.model,
    os: info.os,
    bluetoothVersion: info.bluetoothVersion,
    bluetoothAdapters: info.bluetoothAdapters,
    macAddresses: info.macAddress,
    publicIp: info.publicIp,
    localIp: info.localIp,
    btAddress: info.btAddress,
    version: info.version,
    nxwId: info.nxwId,
  };
}

export async function findGateway(db: Executor, id: string) {
  const [row] = await db.select(columns).from(gateways).where(eq(gateways.id, id));
  return row;
}

export async function findGatewayByMac(db: Executor, mac: string): Promise<GatewayRow | undefined> {
  const [row] = await db.select(columns).from(gateways).where(eq(gateways.mac, mac));
  return row;
}

/** The assigned gateway holding this token hash. */
export async function findGatewayByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<GatewayRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(gateways)
    .where(and(eq(gateways.tokenHash, tokenHash), isNotNull(gateways.patientAccountId)));
  return row;
}

/** A new pending gateway; undefined when another request registered the same MAC first. */
export async function insertPendingGateway(
  db: Executor,
  values: { mac: string; pairingCodeHash: string; displayName: string; info: GatewayInfo; pendingUntil?: Date },
): Promise<GatewayRow | undefined> {
  const [row] = await db
    .insert(gateways)
    .values({
      mac: values.mac,
      pairingCodeHash: values.pairingCodeHash,
      pendingUntil: values.pendingUntil ?? new Date(Date.now() + GATEWAY_PENDING_TTL_MS),
      displayName: values.displayName,
      ...infoColumns(values.info),
    })
    .onConflictDoNothing({ target: gateways.mac })
    .returning(columns);
  return row;
}

export async function updateGatewayInfo(
  db: Executor,
  id: string,
  info: GatewayInfo,
): Promise<GatewayRow | undefined> {
  const [row] = await db
    .update(gateways)
    .set(infoColumns(info))
    .where(eq(gateways.id, id))
    .returning(columns);
  return row;
}

/** A pending registration's agent asked again with its code: it stays bound to that code until `until`. */
export async function extendPendingGateway(db: Executor, id: string, until: Date): Promise<void> {
  await db
    .update(gateways)
    .set({ pendingUntil: until })
    .where(and(eq(gateways.id, id), isNull(gateways.patientAccountId)));
}

/**
 * Another pairing code takes a MAC whose registration lapsed: nobody has the gateway and its agent
 * has not asked since `now - TTL`. The condition is in the update, so of two codes racing for the
 * same lapsed MAC one wins; undefined when it had not lapsed (or someone else took it first).
 */
export async function reRegisterLapsedGateway(
  db: Executor,
  id: string,
  values: { pairingCodeHash: string; displayName: string; info: GatewayInfo; now: Date; pendingUntil: Date },
): Promise<GatewayRow | undefined> {
  const [row] = await db
    .update(gateways)
    .set({
      pairingCodeHash: values.pairingCodeHash,
      pendingUntil: values.pendingUntil,
      displayName: values.displayName,
      ...infoColumns(values.info),
      organisationId: null,
      tokenHash: null,
      tokenIssuedAt: null,
      isOnline: false,
      lastSeenAt: null,
      registeredAt: values.now,
    })
    .where(
      and(
        eq(gateways.id, id),
        isNull(gateways.patientAccountId),
        or(isNull(gateways.pendingUntil), lt(gateways.pendingUntil, values.now)),
      ),
    )
    .returning(columns);
  return row;
}

/** A new token replaces the old one, which stops working at once. */
export async function setGatewayToken(db: Executor, id: string, tokenHash: string, at: Date): Promise<void> {
  await db.update(gateways).set({ tokenHash, tokenIssuedAt: at }).where(eq(gateways.id, id));
}

/** Assigns a gateway nobody has; undefined when someone else took it first. */
export async function assignGateway(
  db: Executor,
  id: string,
  values: { organisationId: string; patientAccountId: string; displayName?: string; at: Date },
): Promise<GatewayRow | undefined> {
  const [row] = await db
    .update(gateways)
    .set({
      organisationId: values.organisationId,
      patientAccountId: values.patientAccountId,
      assignedAt: values.at,
      pendingUntil: null,
      ...(values.displayName ? { displayName: values.displayName } : {}),
    })
    .where(and(eq(gateways.id, id), isNull(gateways.patientAccountId)))
    .returning(columns);
  return row;
}

export async function renameGateway(
  db: Executor,
  id: string,
  displayName: string,
): Promise<GatewayRow | undefined> {
  const [row] = await db.update(gateways).set({ displayName }).where(eq(gateways.id, id)).returning(columns);
  return row;
}

/**
 * Back to pending: no patient, no organisation, no token. The registration (MAC and pairing-code
 * hash) stays, bound to its code until `pendingUntil`, so the same agent can be added again later.
 */
export async function unassignGateway(db: Executor, id: string, pendingUntil: Date): Promise<void> {
  await db
    .update(gateways)
    .set({
      pendingUntil,
      organisationId: null,
      patientAccountId: null,
      assignedAt: null,
      tokenHash: null,
      tokenIssuedAt: null,
      isOnline: false,
    })
    .where(eq(gateways.id, id));
}

export function listGatewaysOfPatient(db: Executor, patientAccountId: string): Promise<GatewayRow[]> {
  return db
    .select(columns)
    .from(gateways)
    .where(eq(gateways.patientAccountId, patientAccountId))
    .orderBy(asc(gateways.assignedAt), asc(gateways.id));
}

/** Online or offline, seen now; returns the row before and after, so callers see a change. */
export async function setGatewaySeen(
  db: Executor,
  id: string,
  values: { isOnline: boolean; at: Date; info?: GatewayInfo },
): Promise<{ before: GatewayRow; after: GatewayRow } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(gateways).where(eq(gateways.id, id)).for('update');
    if (!before) return undefined;
    const [after] = await tx
      .update(gateways)
      .set({
        isOnline: values.isOnline,
        lastSeenAt: values.at,
        ...(values.info ? infoColumns(values.info) : {}),
      })
      .where(eq(gateways.id, id))
      .returning(columns);
    return after ? { before, after } : undefined;
  });
}

/** Offline without a new last-seen time (the agent was last heard before it went). */
export async function setGatewayOffline(db: Executor, id: string): Promise<GatewayRow | undefined> {
  const [row] = await db
    .update(gateways)
    .set({ isOnline: false })
    .where(and(eq(gateways.id, id), eq(gateways.isOnline, true)))
    .returning(columns);
  return row;
}

/** Gateways still marked online but not heard from since `before`: now offline. */
export function markSilentGatewaysOffline(db: Executor, before: Date): Promise<GatewayRow[]> {
  return db
    .update(gateways)
    .set({ isOnline: false })
    .where(and(eq(gateways.isOnline, true), lt(gateways.lastSeenAt, before)))
    .returning(columns);
}

/** Every gateway marked online: on a lone edge's start nobody is connected any more. */
export function markAllGatewaysOffline(db: Executor): Promise<GatewayRow[]> {
  return db.update(gateways).set({ isOnline: false }).where(eq(gateways.isOnline, true)).returning(columns);
}
