import { z } from 'zod';
import { codedSchema, specialtyCodeSchema } from '../lookups';
import { languageSchema } from '../preferences';

const nullableString = z.string().nullable();

/** Profile of spec §3. */
export const profileSchema = z.object({
  firstName: z.string(),
  middleName: nullableString,
  lastName: z.string(),
  fullName: z.string(),
  dateOfBirth: nullableString,
  age: z.object({ value: z.number().int(), unit: z.literal('years') }).nullable(),
  preferredLanguage: languageSchema,
  preferredName: nullableString,
  timezone: z.string(),
  gender: codedSchema.nullable(),
  email: nullableString,
  phone: nullableString,
});
export type Profile = z.infer<typeof profileSchema>;

/** What a patient profile adds (spec §3), with MRN. */
export const patientExtensionSchema = z.object({
  mrn: z.string(),
  primaryProvider: z.object({ accountId: z.uuid(), fullName: z.string() }).nullable(),
  emrId: nullableString,
  careTeamId: nullableString,
  medicalHistory: z.array(z.string()),
  medications: z.array(z.string()),
  allergies: z.array(z.string()),
  bloodType: nullableString,
  fhirData: z.record(z.string(), z.unknown()).nullable(),
});
export const patientProfileSchema = profileSchema.extend(patientExtensionSchema.shape);
export type PatientProfile = z.infer<typeof patientProfileSchema>;

/** What a provider profile adds (spec §3). */
export const providerExtensionSchema = z.object({
  npi: nullableString,
  clinicName: nullableString,
  licenseNumber: nullableString,
  yearsOfExperience: z.number().int().nullable(),
  education: nullableString,
  certifications: z.array(z.string()),
  spokenLanguages: z.array(z.string()),
  specialty: codedSchema.nullable(),
});
export const providerProfileSchema = profileSchema.extend(providerExtensionSchema.shape);
export type ProviderProfile = z.infer<typeof providerProfileSchema>;

export const anyProfileSchema = z.union([patientProfileSchema, providerProfileSchema, profileSchema]);
export type AnyProfile = Profile | PatientProfile | ProviderProfile;

/** Patient list item: the basic profile fields. */
export const patientListItemSchema = profileSchema.extend({ accountId: z.uuid(), mrn: z.string() });
/** Provider list item: the basic profile fields and specialty. */
export const providerListItemSchema = profileSchema.extend({
  accountId: z.uuid(),
  specialty: codedSchema.nullable(),
});

export { specialtyCodeSchema };
