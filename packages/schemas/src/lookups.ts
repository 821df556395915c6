import { z } from 'zod';

/** The lookups of spec §3, each a code and its description. */
export const GENDERS = { m: 'Male', f: 'Female', unk: 'Unknown', na: 'Not applicable' } as const;

export const SPECIALTY_CODES = {
  '08': 'Family practice',
  '06': 'Cardiology',
  '07': 'Dermatology',
  '42': 'Certified nurse midwife',
  '97': 'Physician assistant',
  '65': 'Physical therapist in private practice',
  '50': 'Nurse practitioner',
  '74': 'Radiation therapy centers',
  '59': 'Ambulance service supplier',
} as const;

export const SPECIALTY_TYPES = { ps: 'Physician specialty', npp: 'Non-physician practitioner', ss: 'Supplier specialty' } as const;

export const APPOINTMENT_TYPES = { pv: 'Postoperative', tv: 'Telemedicine' } as const;

export const PLACEMENTS = { lr: 'Living room', br: 'Bedroom', kn: 'Kitchen', of: 'Office' } as const;

export const ROOM_CODES = {
  LR: 'Living room',
  BR: 'Bedroom',
  KI: 'Kitchen',
  DI: 'Dining room',
  OF: 'Office',
  OT: 'Other',
  NO: 'None',
} as const;

export const MEASUREMENT_CODES = {
  bp: 'Blood pressure',
  bt: 'Body temperature',
  bs: 'Blood sugar',
  bw: 'Body weight',
  sy: 'Spirometry',
  ox: 'Pulse oximetry',
} as const;

/**
 * What a device profile measures: a lookup measurement code, or `ecg`, a live stream (a single-lead
 * ECG chest strap) that is shown in a visit as it arrives and never stored as a reading. Not a
 * lookup code: it has no readings, units, ranges, charts or care-plan tasks.
 */
export const DEVICE_MEASUREMENTS = { ...MEASUREMENT_CODES, ecg: 'ECG (live)' } as const;

export const DURATION_UNITS = { min: 'Minutes', hr: 'Hours', d: 'Days', m: 'Months' } as const;

export const ACCOUNT_TYPES = { pat: 'Patient', prov: 'Provider', car: 'Caregiver', ins: 'Insurance' } as const;

export const LOOKUPS = {
  genders: GENDERS,
  specialtyCodes: SPECIALTY_CODES,
  specialtyTypes: SPECIALTY_TYPES,
  appointmentTypes: APPOINTMENT_TYPES,
  placements: PLACEMENTS,
  roomCodes: ROOM_CODES,
  measurementCodes: MEASUREMENT_CODES,
  durationUnits: DURATION_UNITS,
  accountTypes: ACCOUNT_TYPES,
} as const;

export type LookupType = keyof typeof LOOKUPS;
export const lookupTypes = Object.keys(LOOKUPS) as LookupType[];
export const lookupTypeSchema = z.enum(lookupTypes as [LookupType, ...LookupType[]]);

function codeEnum<T extends Record<string, string>>(table: T) {
  return z.enum(Object.keys(table) as [keyof T & string, ...(keyof T & string)[]]);
}

export const genderSchema = codeEnum(GENDERS);
export const specialtyCodeSchema = codeEnum(SPECIALTY_CODES);
export const specialtyTypeSchema = codeEnum(SPECIALTY_TYPES);
export const appointmentTypeSchema = codeEnum(APPOINTMENT_TYPES);
export const placementSchema = codeEnum(PLACEMENTS);
export const roomCodeSchema = codeEnum(ROOM_CODES);
export const measurementCodeSchema = codeEnum(MEASUREMENT_CODES);
export const deviceMeasurementSchema = codeEnum(DEVICE_MEASUREMENTS);
export const durationUnitSchema = codeEnum(DURATION_UNITS);
export const accountTypeSchema = codeEnum(ACCOUNT_TYPES);

export type Gender = z.infer<typeof genderSchema>;
export type AccountType = z.infer<typeof accountTypeSchema>;
export type MeasurementCode = z.infer<typeof measurementCodeSchema>;
export type DeviceMeasurement = z.infer<typeof deviceMeasurementSchema>;

/** A code with its description, as every coded field travels on the wire. */
export const codedSchema = z.object({ code: z.string(), description: z.string() });
export type Coded = z.infer<typeof codedSchema>;

export const lookupItemSchema = codedSchema;
export type LookupItem = Coded;

export function lookupItems(type: LookupType): LookupItem[] {
  return Object.entries(LOOKUPS[type]).map(([code, description]) => ({ code, description }));
}

export function coded<T extends Record<string, string>>(table: T, code: keyof T & string): Coded {
  return { code, description: table[code] ?? code };
}
