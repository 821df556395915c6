import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPES,
  APPOINTMENT_TYPES,
  DURATION_UNITS,
  GENDERS,
  LOOKUPS,
  MEASUREMENT_CODES,
  PLACEMENTS,
  ROOM_CODES,
  SPECIALTY_CODES,
  SPECIALTY_TYPES,
  accountTypeSchema,
  appointmentTypeSchema,
  codedSchema,
  durationUnitSchema,
  genderSchema,
  lookupTypeSchema,
  lookupTypes,
  measurementCodeSchema,
  placementSchema,
  roomCodeSchema,
  specialtyCodeSchema,
  specialtyTypeSchema,
} from './lookups';

/** Spec §3 lookups: each with exactly these codes. */
const SPEC_CODES = {
  genders: ['m', 'f', 'unk', 'na'],
  specialtyCodes: ['08', '06', '07', '42', '97', '65', '50', '74', '59'],
  specialtyTypes: ['ps', 'npp', 'ss'],
  appointmentTypes: ['pv', 'tv'],
  placements: ['lr', 'br', 'kn', 'of'],
  roomCodes: ['LR', 'BR', 'KI', 'DI', 'OF', 'OT', 'NO'],
  measurementCodes: ['bp', 'bt', 'bs', 'bw', 'sy', 'ox'],
  durationUnits: ['min', 'hr', 'd', 'm'],
  accountTypes: ['pat', 'prov', 'car', 'ins'],
} as const;

const SCHEMAS = {
  genders: genderSchema,
  specialtyCodes: specialtyCodeSchema,
  specialtyTypes: specialtyTypeSchema,
  appointmentTypes: appointmentTypeSchema,
  placements: placementSchema,
  roomCodes: roomCodeSchema,
  measurementCodes: measurementCodeSchema,
  durationUnits: durationUnitSchema,
  accountTypes: accountTypeSchema,
} as const;

describe('LOOKUPS', () => {
  it('holds every lookup of spec §3 and no other', () => {
    expect([...lookupTypes].sort()).toEqual(Object.keys(SPEC_CODES).sort());
  });

  it.each(Object.entries(SPEC_CODES))('%s has exactly the codes of the spec', (type, codes) => {
    expect(Object.keys(LOOKUPS[type as keyof typeof LOOKUPS]).sort()).toEqual([...codes].sort());
  });

  it.each(Object.entries(LOOKUPS))('%s gives every code a non-empty description', (_type, table) => {
    for (const description of Object.values(table)) expect(description.trim()).not.toBe('');
  });

  it('keeps the specialty codes as two-digit strings, leading zeros included', () => {
    expect(Object.keys(SPECIALTY_CODES)).toContain('08');
    expect(specialtyCodeSchema.safeParse('8').success).toBe(false);
    expect(specialtyCodeSchema.safeParse(8).success).toBe(false);
  });

  it('describes the codes the spec names', () => {
    expect(GENDERS).toMatchObject({ m: 'Male', f: 'Female' });
    expect(SPECIALTY_CODES['08']).toBe('Family practice');
    expect(SPECIALTY_CODES['06']).toBe('Cardiology');
    expect(SPECIALTY_CODES['07']).toBe('Dermatology');
    expect(SPECIALTY_CODES['42']).toBe('Certified nurse midwife');
    expect(SPECIALTY_CODES['97']).toBe('Physician assistant');
    expect(SPECIALTY_CODES['65']).toBe('Physical therapist in private practice');
    expect(SPECIALTY_CODES['50']).toBe('Nurse practitioner');
    expect(SPECIALTY_CODES['74']).toBe('Radiation therapy centers');
    expect(SPECIALTY_CODES['59']).toBe('Ambulance service supplier');
    expect(APPOINTMENT_TYPES).toEqual({ pv: 'Postoperative', tv: 'Telemedicine' });
    expect(ACCOUNT_TYPES).toMatchObject({ pat: 'Patient', prov: 'Provider' });
    expect(MEASUREMENT_CODES).toMatchObject({ bp: 'Blood pressure', bs: 'Blood sugar', bw: 'Body weight' });
    expect(Object.keys(SPECIALTY_TYPES)).toEqual(['ps', 'npp', 'ss']);
    expect(Object.keys(PLACEMENTS)).toEqual(['lr', 'br', 'kn', 'of']);
    expect(Object.keys(ROOM_CODES)).toEqual(['LR', 'BR', 'KI', 'DI', 'OF', 'OT', 'NO']);
    expect(Object.keys(DURATION_UNITS)).toEqual(['min', 'hr', 'd', 'm']);
  });
});

describe('code schemas', () => {
  it.each(Object.entries(SCHEMAS))('%s accepts each of its codes and rejects others', (type, schema) => {
    const codes = SPEC_CODES[type as keyof typeof SPEC_CODES];
    for (const code of codes) expect(schema.parse(code)).toBe(code);
    expect(schema.safeParse('zz').success).toBe(false);
    expect(schema.safeParse('').success).toBe(false);
    expect(schema.safeParse(undefined).success).toBe(false);
  });

  it('is case-sensitive: room codes are upper case, placements lower case', () => {
    expect(roomCodeSchema.safeParse('lr').success).toBe(false);
    expect(placementSchema.safeParse('LR').success).toBe(false);
    expect(genderSchema.safeParse('M').success).toBe(false);
  });

  it('lookupTypeSchema accepts exactly the lookup names', () => {
    for (const type of lookupTypes) expect(lookupTypeSchema.parse(type)).toBe(type);
    expect(lookupTypeSchema.safeParse('colours').success).toBe(false);
  });
});

describe('codedSchema', () => {
  it('carries a code with its description', () => {
    expect(codedSchema.parse({ code: 'f', description: 'Female' })).toEqual({
      code: 'f',
      description: 'Female',
    });
    expect(codedSchema.safeParse({ code: 'f' }).success).toBe(false);
  });
});
