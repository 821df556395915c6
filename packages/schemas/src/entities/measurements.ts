import { z } from 'zod';
import { MEASUREMENT_CODES } from '../lookups';
import { optionalText, requiredOr, uuidSchema } from '../rules';

/**
 * Measurements (spec §1, §3): the lookup's measurement codes and the camera (a photo with a note).
 * Every value is stored canonically in one UCUM unit (https://ucum.org) per field, whatever unit the
 * patient entered or sees; measurement-units.ts converts for display.
 */
export const MEASUREMENT_TYPES = [...(Object.keys(MEASUREMENT_CODES) as (keyof typeof MEASUREMENT_CODES)[]), 'camera'] as const;
export const measurementTypeSchema = z.enum(MEASUREMENT_TYPES, 'Choose a measurement type.');
export type MeasurementType = z.infer<typeof measurementTypeSchema>;

export const MEALS = ['before', 'after'] as const;
export const mealSchema = z.enum(MEALS, 'Choose before or after a meal.');
export type Meal = z.infer<typeof mealSchema>;

/** manual: the patient typed it in; gateway: a paired device sent it; visit: a clinician captured it in a video visit. */
export const MEASUREMENT_SOURCES = ['manual', 'gateway', 'visit'] as const;

/** The UCUM units values are stored in, and two the patient may see instead ([degF], [lb_av]). */
export const UCUM_UNITS = ['mm[Hg]', '/min', 'Cel', '[degF]', 'mg/dL', 'kg', '[lb_av]', '%', 'L', 'L/min'] as const;
export type UcumUnit = (typeof UCUM_UNITS)[number];

/** How a unit is written for people (the UCUM code is for machines). */
export const UNIT_LABELS: Record<UcumUnit, string> = {
  'mm[Hg]': 'mmHg',
  '/min': 'bpm',
  Cel: '°C',
  '[degF]': '°F',
  'mg/dL': 'mg/dL',
  kg: 'kg',
  '[lb_av]': 'lb',
  '%': '%',
  L: 'L',
  'L/min': 'L/min',
};

export interface FieldRule {
  /** The canonical UCUM unit the value is stored in. */
  unit: UcumUnit;
  /** The field's name in messages. */
  label: string;
  /** Plausible physiological bounds, inclusive: anything outside is a typing or device error. */
  min: number;
  max: number;
  /** Decimal places kept; 0 means whole numbers only. */
  decimals: number;
  required: boolean;
}

const pulse: FieldRule = { unit: '/min', label: 'Pulse', min: 20, max: 300, decimals: 0, required: false };

/**
 * The fields of each type with their canonical unit and bounds. Spirometry keeps peak expiratory
 * flow in L/min, the unit peak-flow meters show and LOINC 19935-6 reports; FEV1 and FVC in litres.
 */
export const MEASUREMENT_FIELDS = {
  bp: {
    systolic: { unit: 'mm[Hg]', label: 'Systolic pressure', min: 40, max: 300, decimals: 0, required: true },
    diastolic: { unit: 'mm[Hg]', label: 'Diastolic pressure', min: 20, max: 200, decimals: 0, required: true },
    pulse,
  },
  bt: { temperature: { unit: 'Cel', label: 'Temperature', min: 25, max: 45, decimals: 2, required: true } },
  bs: { glucose: { unit: 'mg/dL', label: 'Blood sugar', min: 10, max: 1000, decimals: 0, required: true } },
  bw: { weight: { unit: 'kg', label: 'Weight', min: 1, max: 500, decimals: 2, required: true } },
  ox: {
    spo2: { unit: '%', label: 'Oxygen saturation', min: 50, max: 100, decimals: 0, required: true },
    pulse,
  },
  sy: {
    fev1: { unit: 'L', label: 'FEV1', min: 0.1, max: 10, decimals: 2, required: false },
    fvc: { unit: 'L', label: 'FVC', min: 0.1, max: 10, decimals: 2, required: false },
    pef: { unit: 'L/min', label: 'Peak flow', min: 20, max: 1000, decimals: 0, required: false },
  },
  camera: {},
} as const satisfies Record<MeasurementType, Record<string, FieldRule>>;

export type MeasurementField<T extends MeasurementType> = keyof (typeof MEASUREMENT_FIELDS)[T] & string;

/** The fields of a type, in the order people read them. */
export function fieldsOf(type: MeasurementType): [string, FieldRule][] {
  return Object.entries(MEASUREMENT_FIELDS[type] as Record<string, FieldRule>);
}

export function fieldRule(type: MeasurementType, field: string): FieldRule | undefined {
  return (MEASUREMENT_FIELDS[type] as Record<string, FieldRule | undefined>)[field];
}

const roundTo = (decimals: number) => (value: number) => Number(value.toFixed(decimals));

function value(rule: FieldRule) {
  const outOfRange = `${rule.label} must be between ${rule.min} and ${rule.max} ${UNIT_LABELS[rule.unit]}.`;
  const number = z
    .number({ error: requiredOr(`${rule.label} must be a number.`) })
    .min(rule.min, outOfRange)
    .max(rule.max, outOfRange);
  return rule.decimals === 0 ? number.int(`${rule.label} must be a whole number.`) : number.transform(roundTo(rule.decimals));
}
const optionalValue = (rule: FieldRule) => value(rule).optional();

const f = MEASUREMENT_FIELDS;

export const bloodPressureValuesSchema = z
  .strictObject({
    systolic: value(f.bp.systolic),
    diastolic: value(f.bp.diastolic),
    pulse: optionalValue(f.bp.pulse),
  })
  .refine((v) => v.diastolic < v.systolic, {
    path: ['diastolic'],
    message: 'Diastolic pressure must be lower than systolic pressure.',
  });

export const spirometryValuesSchema = z
  .strictObject({ fev1: optionalValue(f.sy.fev1), fvc: optionalValue(f.sy.fvc), pef: optionalValue(f.sy.pef) })
  .refine((v) => v.fev1 !== undefined || v.fvc !== undefined || v.pef !== undefined, 'Enter at least one of FEV1, FVC or peak flow.')
  // FEV1 is the part of FVC breathed out in the first second, so it cannot be more.
  .refine((v) => v.fev1 === undefined || v.fvc === undefined || v.fev1 <= v.fvc, {
    path: ['fev1'],
    message: 'FEV1 cannot be more than FVC.',
  });

/** Each type's values in canonical units. */
export const MEASUREMENT_VALUE_SCHEMAS = {
  bp: bloodPressureValuesSchema,
  bt: z.strictObject({ temperature: value(f.bt.temperature) }),
  bs: z.strictObject({ glucose: value(f.bs.glucose) }),
  bw: z.strictObject({ weight: value(f.bw.weight) }),
  ox: z.strictObject({ spo2: value(f.ox.spo2), pulse: optionalValue(f.ox.pulse) }),
  sy: spirometryValuesSchema,
  camera: z.strictObject({}),
} as const satisfies Record<MeasurementType, z.ZodType>;

/**
 * The fields of a reading outside physiological limits (MEASUREMENT_FIELDS' min and max, and the
 * type's own rules such as diastolic below systolic), by the same schemas a typed-in reading must
 * pass: the one source of truth the gateway agent's decoders and the edge's review hold both use.
 * Empty when every value is plausible. A value missing or not a number is not "outside limits": it
 * is a malformed reading, refused elsewhere.
 */
export function fieldsOutsideLimits(type: MeasurementType, values: Record<string, number>): string[] {
  const result = MEASUREMENT_VALUE_SCHEMAS[type].safeParse(values);
  if (result.success) return [];
  const known = new Set(fieldsOf(type).map(([name]) => name));
  // Bounds and the type's cross-field rules; a fraction where whole numbers are kept is malformed, not implausible.
  const limits = result.error.issues.filter((issue) => issue.code === 'too_small' || issue.code === 'too_big' || issue.code === 'custom');
  return [...new Set(limits.map((issue) => String(issue.path[0] ?? '')).filter((field) => known.has(field) && typeof values[field] === 'number'))];
}

/** Readings a device took may be uploaded later, but none may come from the future (clock skew aside). */
export const TAKEN_AT_MAX_SKEW_MS = 5 * 60 * 1000;

const readingCommon = {
  /** Given where the reading is taken: a retried upload with the same id is stored once (idempotency). */
  id: uuidSchema.optional(),
  /** When it was taken; now when not given. */
  takenAt: z.iso.datetime({ offset: true, error: 'Enter the time as an ISO 8601 date and time.' }).optional(),
  note: optionalText('Note', 500),
  /** The daily task this reading completes; without it, the day's pending task of the type nearest in time. */
  taskId: uuidSchema.optional(),
};

/** A reading's fields for each type, with `extra` fields shared by all (spec §5: a type must be chosen before sending). */
const readingOfType = <E extends z.ZodRawShape>(extra: E) =>
  z.discriminatedUnion(
    'type',
    [
      z.strictObject({ type: z.literal('bp'), values: MEASUREMENT_VALUE_SCHEMAS.bp, ...readingCommon, ...extra }),
      z.strictObject({ type: z.literal('bt'), values: MEASUREMENT_VALUE_SCHEMAS.bt, ...readingCommon, ...extra }),
      z.strictObject({
        type: z.literal('bs'),
        values: MEASUREMENT_VALUE_SCHEMAS.bs,
        meal: mealSchema.optional(),
        ...readingCommon,
        ...extra,
      }),
      z.strictObject({ type: z.literal('bw'), values: MEASUREMENT_VALUE_SCHEMAS.bw, ...readingCommon, ...extra }),
      z.strictObject({ type: z.literal('ox'), values: MEASUREMENT_VALUE_SCHEMAS.ox, ...readingCommon, ...extra }),
      z.strictObject({ type: z.literal('sy'), values: MEASUREMENT_VALUE_SCHEMAS.sy, ...readingCommon, ...extra }),
      z.strictObject({
        type: z.literal('camera'),
        values: MEASUREMENT_VALUE_SCHEMAS.camera.default({}),
        // The photo, uploaded first with POST /files.
        fileId: z.uuid({
          error: (issue) => (issue.input === undefined ? 'Take or upload a photo first.' : 'Enter a valid identifier.'),
        }),
        ...readingCommon,
        ...extra,
      }),
    ],
    { error: 'Choose a measurement type.' },
  );

/** A type's fields as numbers of any size (required ones required): the shape of a reading, not its plausibility. */
const anyValues = <T extends Exclude<MeasurementType, 'camera'>>(type: T) =>
  z.strictObject(
    Object.fromEntries(fieldsOf(type).map(([name, rule]) => [name, rule.required ? z.number() : z.number().optional()])) as Record<
      MeasurementField<T>,
      z.ZodNumber | z.ZodOptional<z.ZodNumber>
    >,
  );
const deviceCommon = { ...readingCommon, id: uuidSchema };
/**
 * A device's reading whose values may lie outside physiological limits: well formed (its type's
 * fields, numbers, its id), but not yet judged plausible. A gateway reading that fails
 * createMeasurementInputSchema only on its limits passes this and is held for a clinician's review
 * (packages/api/src/measurements/held-readings.service.ts) instead of being lost.
 */
export const deviceReadingAnyValuesSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('bp'), values: anyValues('bp'), ...deviceCommon }),
  z.strictObject({ type: z.literal('bt'), values: anyValues('bt'), ...deviceCommon }),
  z.strictObject({ type: z.literal('bs'), values: anyValues('bs'), meal: mealSchema.optional(), ...deviceCommon }),
  z.strictObject({ type: z.literal('bw'), values: anyValues('bw'), ...deviceCommon }),
  z.strictObject({ type: z.literal('ox'), values: anyValues('ox'), ...deviceCommon }),
  z.strictObject({ type: z.literal('sy'), values: anyValues('sy'), ...deviceCommon }),
]);
export type DeviceReadingAnyValues = z.infer<typeof deviceReadingAnyValuesSchema>;

/** A new reading. */
export const createMeasurementInputSchema = readingOfType({});
/** A reading entered in the app: the patient's own, or (with `patientId`) one a caregiver enters for the patient (issue 19). */
export const recordMeasurementInputSchema = readingOfType({ patientId: uuidSchema.optional() });
export type RecordMeasurementInput = z.infer<typeof recordMeasurementInputSchema>;
export type CreateMeasurementInput = z.infer<typeof createMeasurementInputSchema>;

export const RANGE_CLASSES = ['lowest', 'normal', 'elevated', 'high', 'highest'] as const;
export const rangeClassSchema = z.enum(RANGE_CLASSES);
export type RangeClass = z.infer<typeof rangeClassSchema>;

/** A stored reading as every client receives it: canonical values with their UCUM units. */
export const measurementSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  type: measurementTypeSchema,
  values: z.record(z.string(), z.number()),
  units: z.record(z.string(), z.enum(UCUM_UNITS)),
  takenAt: z.string(),
  source: z.enum(MEASUREMENT_SOURCES),
  meal: mealSchema.nullable(),
  note: z.string().nullable(),
  /** The class the patient's thresholds gave the reading when it was taken; null where none apply. */
  rangeClass: rangeClassSchema.nullable(),
  fileId: z.uuid().nullable(),
  /** The daily task it completed, if any. */
  taskId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type Measurement = z.infer<typeof measurementSchema>;

const page = z.coerce.number().int().min(1).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
const instant = z.iso.datetime({ offset: true, error: 'Enter an ISO 8601 date and time.' });

/**
 * `GET /measurements`: a patient's readings, newest first. spec §7's second source names the patient
 * `user_id`; `patient` is the same. A patient may leave both out to read their own.
 */
export const measurementListQuerySchema = z.strictObject({
  user_id: uuidSchema.optional(),
  patient: uuidSchema.optional(),
  type: measurementTypeSchema.optional(),
  from: instant.optional(),
  to: instant.optional(),
  page,
  pageSize,
});
export type MeasurementListQuery = z.infer<typeof measurementListQuerySchema>;

/** A measurement photo, sent as base64 inside JSON (the API reads JSON only). */
export const FILE_MAX_BYTES = 4 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
export const uploadFileInputSchema = z.strictObject({
  fileName: optionalText('File name', 200),
  contentType: z.enum(IMAGE_CONTENT_TYPES, 'Upload a JPEG or PNG image.'),
  data: z
    .string({ error: requiredOr('The image must be base64 text.') })
    .regex(/^[A-Za-z0-9+/]+=*$/, 'The image must be base64 text.')
    .refine((b64) => Math.floor((b64.length * 3) / 4) <= FILE_MAX_BYTES, 'The image must be 4 MB or smaller.'),
});
export type UploadFileInput = z.infer<typeof uploadFileInputSchema>;

export const storedFileSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;
/** A file with its content, as a data: URL an <img> can show. */
export const fileContentSchema = storedFileSchema.extend({ dataUrl: z.string() });
export type FileContent = z.infer<typeof fileContentSchema>;

/** One reading of an alert: the trend since the patient's last normal reading, oldest first. */
export const alertReadingSchema = z.object({
  measurementId: z.uuid(),
  values: z.record(z.string(), z.number()),
  rangeClass: rangeClassSchema.nullable(),
  takenAt: z.string(),
  note: z.string().nullable(),
});
export type AlertReading = z.infer<typeof alertReadingSchema>;

export const ALERT_EVENT_KINDS = ['opened', 'raised', 'acknowledged', 'assigned', 'resolved', 'escalated'] as const;
/** A step of an alert's own history: who did what, when, with what comment. */
export const alertEventSchema = z.object({
  kind: z.enum(ALERT_EVENT_KINDS),
  at: z.string(),
  by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  comment: z.string().nullable(),
  /** For `assigned`: to whom. */
  assignee: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  rangeClass: rangeClassSchema.nullable(),
  /** For `escalated`: who was told (the step's people). */
  escalation: z.object({ step: z.enum(['assignee', 'primaryProvider', 'onCall']), notified: z.number().int() }).nullable().optional(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

/**
 * What an alert is about: a measurement type (out-of-range readings), or `noReadings`: a patient
 * with a schedule whose readings stopped for the organisation's number of days.
 */
export const ALERT_TYPES = [...MEASUREMENT_TYPES, 'noReadings'] as const;
export const alertTypeSchema = z.enum(ALERT_TYPES);
export type AlertType = z.infer<typeof alertTypeSchema>;

/**
 * Out-of-range readings of one patient and measurement type waiting for the care team: one open
 * alert collects them (issue 17). `values`, `takenAt` and `note` are the latest reading's;
 * `rangeClass` is the worst of them.
 */
export const alertSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  patientName: z.string(),
  /** The latest reading; null for a `noReadings` alert, whose `takenAt` is the patient's last reading (or when the wait began). */
  measurementId: z.uuid().nullable(),
  type: alertTypeSchema,
  values: z.record(z.string(), z.number()),
  note: z.string().nullable(),
  rangeClass: rangeClassSchema,
  takenAt: z.string(),
  createdAt: z.string(),
  readingCount: z.number().int(),
  readings: z.array(alertReadingSchema),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.uuid().nullable(),
  assignedTo: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.uuid().nullable(),
  /** How far it escalated unacknowledged: 0 not yet, 1 the assignee, 2 the primary provider, 3 the on-call list. */
  escalationLevel: z.number().int(),
  history: z.array(alertEventSchema),
});
export type Alert = z.infer<typeof alertSchema>;
export const ALERT_LIST_STATUSES = ['open', 'acknowledged', 'resolved', 'all'] as const;
export const alertListQuerySchema = z.strictObject({
  status: z.enum(ALERT_LIST_STATUSES).default('open'),
  patient: uuidSchema.optional(),
  page,
  pageSize,
});
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;

/** What a clinician may say when acknowledging or resolving: optional, kept on the alert's history. */
const alertComment = optionalText('Comment', 500);
export const acknowledgeAlertInputSchema = z.strictObject({ id: uuidSchema, comment: alertComment });
export type AcknowledgeAlertInput = z.infer<typeof acknowledgeAlertInputSchema>;
/** Several at once (the inbox's selection): all of them or, when one may not be, none. */
export const acknowledgeAlertsInputSchema = z.strictObject({
  ids: z.array(uuidSchema).min(1, 'Choose at least one alert.').max(100, 'Choose at most 100 alerts.'),
  comment: alertComment,
});
export type AcknowledgeAlertsInput = z.infer<typeof acknowledgeAlertsInputSchema>;
export const assignAlertInputSchema = z.strictObject({ id: uuidSchema, assigneeId: uuidSchema, comment: alertComment });
export type AssignAlertInput = z.infer<typeof assignAlertInputSchema>;
export const resolveAlertInputSchema = z.strictObject({ id: uuidSchema, comment: alertComment });
export type ResolveAlertInput = z.infer<typeof resolveAlertInputSchema>;
