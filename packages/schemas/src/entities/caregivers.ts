import { z } from 'zod';
import { emailSchema, requiredOr, text, uuidSchema } from '../rules';

/**
 * Caregivers (issue 19, part 4): a patient invites a caregiver, or an admin links one with the
 * patient's recorded consent, granting what the caregiver may do for them. The caregiver acts under
 * their own account, on the patient's behalf; the patient revokes at any time.
 */
export const CAREGIVER_SCOPES = [
  /** See the patient's readings and daily tasks. */
  'readings',
  /** Record readings for the patient. */
  'recordReadings',
  /** See and book the patient's appointments. */
  'appointments',
  /** Write to the patient's care team and read their answers. */
  'messages',
] as const;
export type CaregiverScope = (typeof CAREGIVER_SCOPES)[number];

export const CAREGIVER_LINK_STATUSES = ['invited', 'active', 'declined', 'revoked'] as const;
/** Invited by the patient in the app; or linked by an admin after the patient consented in writing or aloud. */
export const CAREGIVER_CONSENT_METHODS = ['patientInvited', 'written', 'verbal'] as const;

export const CAREGIVER_RULES = {
  scopes: 'Choose at least one thing the caregiver may do.',
  self: 'You cannot be your own caregiver.',
  noCaregiverAccount: 'No caregiver account of this organisation has this e-mail. Create the caregiver’s account first.',
  consentAt: 'Enter when the patient consented.',
  consentFuture: 'Consent cannot be given in the future.',
} as const;

const scopesSchema = z
  .array(z.enum(CAREGIVER_SCOPES, CAREGIVER_RULES.scopes), { error: requiredOr(CAREGIVER_RULES.scopes) })
  .min(1, CAREGIVER_RULES.scopes)
  .max(CAREGIVER_SCOPES.length)
  // Each once, in the catalogue's order.
  .transform((scopes) => CAREGIVER_SCOPES.filter((s) => scopes.includes(s)));

const person = z.object({ accountId: z.uuid(), name: z.string() });

export const caregiverLinkSchema = z.object({
  id: z.uuid(),
  patient: person,
  /** Null until an invited person accepts with their caregiver account. */
  caregiver: person.nullable(),
  /** The address the invitation went to. */
  email: z.string(),
  scopes: z.array(z.enum(CAREGIVER_SCOPES)),
  status: z.enum(CAREGIVER_LINK_STATUSES),
  consent: z.object({
    method: z.enum(CAREGIVER_CONSENT_METHODS),
    at: z.string(),
    recordedByName: z.string(),
    witness: z.string().nullable(),
  }),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endedByName: z.string().nullable(),
});
export type CaregiverLink = z.infer<typeof caregiverLinkSchema>;

/** The patient invites someone by e-mail. */
export const inviteCaregiverInputSchema = z.strictObject({ email: emailSchema, scopes: scopesSchema });
export type InviteCaregiverInput = z.input<typeof inviteCaregiverInputSchema>;

/** The patient changes what a caregiver may do. */
export const caregiverScopesInputSchema = z.strictObject({ id: uuidSchema, scopes: scopesSchema });

/** An admin links an existing caregiver account to a patient of the organisation, with the patient's consent. */
export const linkCaregiverInputSchema = z
  .strictObject({
    patientId: uuidSchema,
    email: emailSchema,
    scopes: scopesSchema,
    consent: z.strictObject({
      method: z.enum(['written', 'verbal'], { error: 'Choose how the patient consented.' }),
      witness: text('Witness', 100),
      at: z.iso.datetime({ offset: true, error: requiredOr(CAREGIVER_RULES.consentAt) }),
    }),
  })
  .superRefine((input, ctx) => {
    if (Date.parse(input.consent.at) > Date.now() + 60_000) {
      ctx.addIssue({ code: 'custom', path: ['consent', 'at'], message: CAREGIVER_RULES.consentFuture });
    }
  });
export type LinkCaregiverInput = z.input<typeof linkCaregiverInputSchema>;

/** A person the caregiver cares for, and what they may do. */
export const caredForSchema = z.object({
  linkId: z.uuid(),
  accountId: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(CAREGIVER_SCOPES)),
});
export type CaredFor = z.infer<typeof caredForSchema>;

/** The caregiver's side: whom they care for, and the invitations waiting for their answer. */
export const caregivingSchema = z.object({
  people: z.array(caredForSchema),
  invitations: z.array(caregiverLinkSchema),
});
export type Caregiving = z.infer<typeof caregivingSchema>;
