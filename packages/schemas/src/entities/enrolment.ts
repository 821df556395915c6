import { z } from 'zod';
import { dateSchema, requiredOr, text, uuidSchema } from '../rules';
import { MEASUREMENT_TYPES } from './measurements';

/**
 * Enrolment in remote patient monitoring (issue 19, part 1): a clinician enrols a patient in a
 * programme (conditions, measurement types, devices, start date, primary provider) once the patient's
 * consent is recorded — verbal with a witness, recorded by the clinician, or signed by the patient in
 * the app. The patient reads it and may withdraw, which ends the episode. The first device set-up
 * and education is recorded once per episode (CPT 99453).
 */
export const ENROLMENT_STATUSES = ['awaitingConsent', 'active', 'ended'] as const;
export const CONSENT_METHODS = ['app', 'verbal'] as const;

export const ENROLMENT_RULES = {
  conditions: 'Name from 1 to 10 conditions.',
  measurementTypes: 'Choose at least one measurement.',
  devices: 'Name at most 10 devices.',
  consentAt: 'Enter when the patient consented.',
  consentFuture: 'Consent cannot be given in the future.',
  startDate: 'The programme starts within 30 days before or after today.',
} as const;

const DAY_MS = 86_400_000;

export const consentSchema = z.object({
  method: z.enum(CONSENT_METHODS),
  at: z.string(),
  recordedByAccountId: z.uuid(),
  recordedByName: z.string(),
  /** Verbal consent: who heard it besides the clinician. */
  witness: z.string().nullable(),
});

export const enrolmentSchema = z.object({
  id: z.uuid(),
  patientAccountId: z.uuid(),
  status: z.enum(ENROLMENT_STATUSES),
  conditions: z.array(z.string()),
  measurementTypes: z.array(z.enum(MEASUREMENT_TYPES)),
  devices: z.array(z.string()),
  startDate: z.string(),
  primaryProviderAccountId: z.uuid(),
  primaryProviderName: z.string(),
  enrolledByName: z.string(),
  createdAt: z.string(),
  /** Null while the patient has not signed in the app. */
  consent: consentSchema.nullable(),
  consentWithdrawnAt: z.string().nullable(),
  /** The first device set-up and education of the episode, once. */
  setupAt: z.string().nullable(),
  setupByName: z.string().nullable(),
  setupNote: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const enrolInputSchema = z
  .strictObject({
    conditions: z.array(text('Condition', 100), { error: requiredOr(ENROLMENT_RULES.conditions) }).min(1, ENROLMENT_RULES.conditions).max(10, ENROLMENT_RULES.conditions),
    measurementTypes: z
      .array(z.enum(MEASUREMENT_TYPES, ENROLMENT_RULES.measurementTypes), { error: requiredOr(ENROLMENT_RULES.measurementTypes) })
      .min(1, ENROLMENT_RULES.measurementTypes)
      .max(MEASUREMENT_TYPES.length),
    devices: z.array(text('Device', 100)).max(10, ENROLMENT_RULES.devices).default([]),
    startDate: dateSchema,
    primaryProviderId: uuidSchema,
    consent: z.discriminatedUnion(
      'method',
      [
        z.strictObject({
          method: z.literal('verbal'),
          witness: text('Witness', 100),
          at: z.iso.datetime({ offset: true, error: requiredOr(ENROLMENT_RULES.consentAt) }),
        }),
        z.strictObject({ method: z.literal('app') }),
      ],
      { error: 'Choose how the patient consents.' },
    ),
  })
  .superRefine((input, ctx) => {
    if (Math.abs(Date.parse(`${input.startDate}T12:00:00Z`) - Date.now()) > 31 * DAY_MS) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: ENROLMENT_RULES.startDate });
    }
    if (input.consent.method === 'verbal' && Date.parse(input.consent.at) > Date.now() + 60_000) {
      ctx.addIssue({ code: 'custom', path: ['consent', 'at'], message: ENROLMENT_RULES.consentFuture });
    }
  });
export type EnrolInput = z.infer<typeof enrolInputSchema>;

export const setupInputSchema = z.strictObject({ note: text('Note', 500).optional() });
