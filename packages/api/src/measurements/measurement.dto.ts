import {
  MEASUREMENT_TYPES,
  fieldsOf,
  measurementTypeSchema,
  rangeClassSchema,
  type Measurement,
  type MeasurementType,
  type UcumUnit,
} from '@opencare/schemas/entities/measurements';
import type { MeasurementRow } from './measurements.repository';

/** Each type's fields with their canonical UCUM unit, as every reading carries them. */
export const UNITS_OF = Object.fromEntries(
  MEASUREMENT_TYPES.map((type) => [type, Object.fromEntries(fieldsOf(type).map(([name, rule]) => [name, rule.unit]))]),
) as Record<MeasurementType, Record<string, UcumUnit>>;

/** Only numbers leave the values column: it is jsonb, and a client must never get anything else. */
export function numericValues(values: Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

/** A stored reading's type, its numeric values and the UCUM unit of each (a held reading's too). */
export function typedValues(rawType: string, rawValues: Record<string, unknown>) {
  const type = measurementTypeSchema.parse(rawType);
  const values = numericValues(rawValues);
  const units: Record<string, UcumUnit> = Object.fromEntries(
    Object.keys(values).flatMap((field) => (UNITS_OF[type][field] ? [[field, UNITS_OF[type][field]]] : [])),
  );
  return { type, values, units };
}

export function toMeasurementDto(row: MeasurementRow): Measurement {
  return {
    id: row.id,
    patientId: row.patientAccountId,
    ...typedValues(row.type, row.values),
    takenAt: row.takenAt.toISOString(),
    source: row.source,
    meal: row.meal,
    note: row.note,
    rangeClass: rangeClassSchema.safeParse(row.rangeClass).data ?? null,
    fileId: row.fileId,
    taskId: row.taskId,
    createdAt: row.createdAt.toISOString(),
  };
}
