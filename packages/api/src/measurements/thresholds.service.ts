import { DEFAULT_THRESHOLDS, thresholdInputSchema, type Thresholds, type TypeLimits } from '@opencare/schemas/entities/measurement-ranges';
import { MEASUREMENT_TYPES, type MeasurementType } from '@opencare/schemas/entities/measurements';
import type { Actor } from '../access/actor';
import type { Executor } from '../db/database';
import type { Deps, RequestMeta } from '../deps';
import { parseInput } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';
import { deleteThresholds, findThresholds, findThresholdsOfType, upsertThresholds } from './measurements.repository';

/** Types with values to classify (a photo has none). */
const CLASSIFIED_TYPES = MEASUREMENT_TYPES.filter((type) => type !== 'camera');

/**
 * The limits in force: the patient's own per field, the defaults for fields a provider left out (so
 * setting systolic never silently drops the diastolic defaults; `{}` turns a field's limits off).
 * Stored limits that no longer pass the schema give way to the defaults.
 */
function effectiveLimits(type: MeasurementType, stored: unknown): TypeLimits {
  const own = thresholdInputSchema(type).safeParse({ limits: stored ?? {} });
  return { ...DEFAULT_THRESHOLDS[type], ...(own.success ? own.data.limits : {}) } as TypeLimits;
}

/** The limits a new reading of this patient and type is classified by. */
export async function limitsFor(db: Executor, patientAccountId: string, type: MeasurementType): Promise<TypeLimits> {
  return effectiveLimits(type, (await findThresholdsOfType(db, patientAccountId, type))?.limits);
}

/** The limits new readings of these patients are classified by, every type of each read at once (one statement for the shared writer's transaction). */
export async function limitsOfPatients(db: Executor, patientAccountIds: readonly string[]): Promise<(patientAccountId: string, type: MeasurementType) => TypeLimits> {
  const stored = await findThresholds(db, patientAccountIds);
  const limits = new Map<string, TypeLimits>();
  return (patientAccountId, type) => {
    const key = `${patientAccountId} ${type}`;
    const known = limits.get(key);
    if (known) return known;
    const found = effectiveLimits(type, stored.find((row) => row.patientAccountId === patientAccountId && row.type === type)?.limits);
    limits.set(key, found);
    return found;
  };
}

function toDto(patientId: string, type: MeasurementType, stored: { limits: unknown; updatedAt: Date } | undefined): Thresholds {
  return {
    patientId,
    type,
    limits: effectiveLimits(type, stored?.limits),
    isDefault: stored === undefined,
    updatedAt: stored?.updatedAt.toISOString() ?? null,
  };
}

/** Every type's limits for a patient: whoever may read the patient's record may read them. */
export async function getThresholds(deps: Deps, actor: Actor, meta: RequestMeta, patientId: string): Promise<Thresholds[]> {
  await patientFor(deps, actor, meta, patientId, 'thresholds.read', 'read');
  const stored = await findThresholds(deps.db, [patientId]);
  return CLASSIFIED_TYPES.map((type) => toDto(patientId, type, stored.find((row) => row.type === type)));
}

/** A physician or nurse of the patient's organisation sets the patient's limits for one type. */
export async function setThresholds(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientId: string,
  type: MeasurementType,
  input: unknown,
): Promise<Thresholds> {
  await patientFor(deps, actor, meta, patientId, 'thresholds.update', 'care', 'Update');
  const { limits } = parseInput(thresholdInputSchema(type), input);
  const row = await upsertThresholds(deps.db, { patientAccountId: patientId, type, limits, updatedByAccountId: actor.accountId });
  return toDto(patientId, type, row);
}

/** Back to the defaults. */
export async function resetThresholds(deps: Deps, actor: Actor, meta: RequestMeta, patientId: string, type: MeasurementType): Promise<Thresholds> {
  await patientFor(deps, actor, meta, patientId, 'thresholds.reset', 'care', 'Update');
  await deleteThresholds(deps.db, patientId, type);
  return toDto(patientId, type, undefined);
}
