import { z } from 'zod';

/**
 * The parts of FHIR R4 (4.0.1, https://hl7.org/fhir/R4/) this server emits, as zod schemas written
 * from the specification: the primitive types' regular expressions, the elements' cardinalities and
 * value sets, and the invariants that apply to what we send. Every resource is checked against them
 * before it leaves, so a mapping mistake is our 500, never a client's invalid data. Objects are
 * strict: an element FHIR does not define is an error, as it would be for a validator.
 */

// Primitive types (https://hl7.org/fhir/R4/datatypes.html#primitive).
const YEAR = '([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)';
const MONTH = '(0[1-9]|1[0-2])';
const DAY = '(0[1-9]|[1-2][0-9]|3[0-1])';
const TIME = '([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?';
const ZONE = '(Z|(\\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00))';
export const fhirId = z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/);
export const fhirString = z.string().regex(/^[ \r\n\t\S]+$/);
export const fhirCode = z.string().regex(/^[^\s]+( [^\s]+)*$/);
export const fhirUri = z.string().regex(/^\S+$/);
export const fhirDate = z.string().regex(new RegExp(`^${YEAR}(-${MONTH}(-${DAY})?)?$`));
export const fhirDateTime = z.string().regex(new RegExp(`^${YEAR}(-${MONTH}(-${DAY}(T${TIME}${ZONE})?)?)?$`));
export const fhirInstant = z.string().regex(new RegExp(`^${YEAR}-${MONTH}-${DAY}T${TIME}${ZONE}$`));
export const fhirDecimal = z.number().finite();
export const fhirUnsignedInt = z.number().int().min(0);

/** A list element: absent or non-empty (an empty array is not valid FHIR JSON). */
const list = <T extends z.ZodType>(item: T) => z.array(item).min(1);

// General-purpose data types (https://hl7.org/fhir/R4/datatypes.html).
export const codingSchema = z.strictObject({
  system: fhirUri.optional(),
  version: fhirString.optional(),
  code: fhirCode.optional(),
  display: fhirString.optional(),
  userSelected: z.boolean().optional(),
});
export const codeableConceptSchema = z.strictObject({ coding: list(codingSchema).optional(), text: fhirString.optional() });

export const quantitySchema = z
  .strictObject({
    value: fhirDecimal.optional(),
    comparator: z.enum(['<', '<=', '>=', '>']).optional(),
    unit: fhirString.optional(),
    system: fhirUri.optional(),
    code: fhirCode.optional(),
  })
  // qty-3: If a code for the unit is present, the system SHALL also be present.
  .refine((q) => q.code === undefined || q.system !== undefined, 'qty-3: a unit code needs its system');

export const referenceSchema = z
  .strictObject({ reference: fhirString.optional(), type: fhirUri.optional(), display: fhirString.optional() })
  // ref-1 in spirit: a reference refers to something.
  .refine((r) => r.reference !== undefined || r.display !== undefined, 'a reference needs a reference or a display');

export const identifierSchema = z.strictObject({
  use: z.enum(['usual', 'official', 'temp', 'secondary', 'old']).optional(),
  type: codeableConceptSchema.optional(),
  system: fhirUri.optional(),
  value: fhirString.optional(),
});

export const humanNameSchema = z.strictObject({
  use: z.enum(['usual', 'official', 'temp', 'nickname', 'anonymous', 'old', 'maiden']).optional(),
  text: fhirString.optional(),
  family: fhirString.optional(),
  given: list(fhirString).optional(),
});

export const contactPointSchema = z
  .strictObject({
    system: z.enum(['phone', 'fax', 'email', 'pager', 'url', 'sms', 'other']).optional(),
    value: fhirString.optional(),
    use: z.enum(['home', 'work', 'temp', 'old', 'mobile']).optional(),
  })
  // cpt-2: A system is required if a value is provided.
  .refine((c) => c.value === undefined || c.system !== undefined, 'cpt-2: a value needs its system');

export const metaSchema = z.strictObject({ versionId: fhirId.optional(), lastUpdated: fhirInstant.optional(), profile: list(fhirUri).optional() });
export const annotationSchema = z.strictObject({ text: fhirString, time: fhirDateTime.optional() });

/** Patient (https://hl7.org/fhir/R4/patient.html): the elements we fill in. */
export const fhirPatientSchema = z.strictObject({
  resourceType: z.literal('Patient'),
  id: fhirId,
  meta: metaSchema.optional(),
  identifier: list(identifierSchema).optional(),
  active: z.boolean().optional(),
  name: list(humanNameSchema).optional(),
  telecom: list(contactPointSchema).optional(),
  gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
  birthDate: fhirDate.optional(),
});
export type FhirPatient = z.infer<typeof fhirPatientSchema>;

const observationComponentSchema = z.strictObject({
  code: codeableConceptSchema,
  valueQuantity: quantitySchema.optional(),
  valueCodeableConcept: codeableConceptSchema.optional(),
  interpretation: list(codeableConceptSchema).optional(),
});

const codesOf = (concept: z.infer<typeof codeableConceptSchema>) => (concept.coding ?? []).map((c) => `${c.system}|${c.code}`);

/** Observation (https://hl7.org/fhir/R4/observation.html): status and code are required. */
export const fhirObservationSchema = z
  .strictObject({
    resourceType: z.literal('Observation'),
    id: fhirId,
    meta: metaSchema.optional(),
    status: z.enum(['registered', 'preliminary', 'final', 'amended', 'corrected', 'cancelled', 'entered-in-error', 'unknown']),
    category: list(codeableConceptSchema).optional(),
    code: codeableConceptSchema,
    subject: referenceSchema.optional(),
    effectiveDateTime: fhirDateTime.optional(),
    issued: fhirInstant.optional(),
    valueQuantity: quantitySchema.optional(),
    device: referenceSchema.optional(),
    interpretation: list(codeableConceptSchema).optional(),
    note: list(annotationSchema).optional(),
    component: list(observationComponentSchema).optional(),
    // The device's own time stamp when the gateway corrected its clock (observations.ts DEVICE_TIME_EXTENSION).
    extension: list(z.strictObject({ url: fhirUri, valueDateTime: fhirDateTime })).optional(),
  })
  // obs-7: If Observation.code is the same as a component's code, the value is in the component only.
  .refine(
    (o) => !o.valueQuantity || !(o.component ?? []).some((c) => codesOf(c.code).some((code) => codesOf(o.code).includes(code))),
    'obs-7: a value must not repeat a component code',
  );
export type FhirObservation = z.infer<typeof fhirObservationSchema>;

const periodSchema = z
  .strictObject({ start: fhirDateTime.optional(), end: fhirDateTime.optional() })
  // per-1: if present, start SHALL have a lower value than end.
  .refine((p) => !p.start || !p.end || Date.parse(p.start) <= Date.parse(p.end), 'per-1: the start comes before the end');

/** Practitioner (https://hl7.org/fhir/R4/practitioner.html): the elements we fill in. */
export const fhirPractitionerSchema = z.strictObject({
  resourceType: z.literal('Practitioner'),
  id: fhirId,
  identifier: list(identifierSchema).optional(),
  active: z.boolean().optional(),
  name: list(humanNameSchema).optional(),
  qualification: list(z.strictObject({ code: codeableConceptSchema })).optional(),
});
export type FhirPractitioner = z.infer<typeof fhirPractitionerSchema>;

/** Appointment (https://hl7.org/fhir/R4/appointment.html): status and participant are required. */
export const fhirAppointmentSchema = z
  .strictObject({
    resourceType: z.literal('Appointment'),
    id: fhirId,
    status: z.enum(['proposed', 'pending', 'booked', 'arrived', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error', 'checked-in', 'waitlist']),
    cancelationReason: codeableConceptSchema.optional(),
    appointmentType: codeableConceptSchema.optional(),
    description: fhirString.optional(),
    start: fhirInstant.optional(),
    end: fhirInstant.optional(),
    created: fhirDateTime.optional(),
    comment: fhirString.optional(),
    participant: list(
      z.strictObject({
        actor: referenceSchema.optional(),
        required: z.enum(['required', 'optional', 'information-only']).optional(),
        status: z.enum(['accepted', 'declined', 'tentative', 'needs-action']),
      }),
    ),
  })
  // app-3: only proposed or cancelled appointments may miss their start and end.
  .refine((a) => (a.start !== undefined && a.end !== undefined) || ['proposed', 'cancelled', 'waitlist'].includes(a.status), 'app-3: a start and end unless proposed or cancelled');
export type FhirAppointment = z.infer<typeof fhirAppointmentSchema>;

/** Encounter (https://hl7.org/fhir/R4/encounter.html): status and class are required. */
export const fhirEncounterSchema = z.strictObject({
  resourceType: z.literal('Encounter'),
  id: fhirId,
  status: z.enum(['planned', 'arrived', 'triaged', 'in-progress', 'onleave', 'finished', 'cancelled', 'entered-in-error', 'unknown']),
  class: codingSchema,
  subject: referenceSchema.optional(),
  participant: list(z.strictObject({ individual: referenceSchema.optional() })).optional(),
  appointment: list(referenceSchema).optional(),
  period: periodSchema.optional(),
});
export type FhirEncounter = z.infer<typeof fhirEncounterSchema>;

/** Device (https://hl7.org/fhir/R4/device.html): a patient's meter or home gateway, as the PHD IG describes them. */
export const fhirDeviceSchema = z.strictObject({
  resourceType: z.literal('Device'),
  id: fhirId,
  identifier: list(identifierSchema).optional(),
  status: z.enum(['active', 'inactive', 'entered-in-error', 'unknown']),
  manufacturer: fhirString.optional(),
  deviceName: list(z.strictObject({ name: fhirString, type: z.enum(['udi-label-name', 'user-friendly-name', 'patient-reported-name', 'manufacturer-name', 'model-name', 'other']) })).optional(),
  modelNumber: fhirString.optional(),
  serialNumber: fhirString.optional(),
  type: codeableConceptSchema.optional(),
  version: list(z.strictObject({ value: fhirString })).optional(),
  patient: referenceSchema.optional(),
  note: list(annotationSchema).optional(),
});
export type FhirDevice = z.infer<typeof fhirDeviceSchema>;

/** Provenance (https://hl7.org/fhir/R4/provenance.html): which meter measured a reading and which gateway brought it, when. */
export const fhirProvenanceSchema = z.strictObject({
  resourceType: z.literal('Provenance'),
  id: fhirId,
  target: list(referenceSchema),
  occurredDateTime: fhirDateTime.optional(),
  recorded: fhirInstant,
  // The device's own time stamp when the gateway corrected its clock (observations.ts DEVICE_TIME_EXTENSION).
  extension: list(z.strictObject({ url: fhirUri, valueDateTime: fhirDateTime })).optional(),
  activity: codeableConceptSchema.optional(),
  agent: list(z.strictObject({ type: codeableConceptSchema.optional(), role: list(codeableConceptSchema).optional(), who: referenceSchema })),
});
export type FhirProvenance = z.infer<typeof fhirProvenanceSchema>;

/** Subscription (https://hl7.org/fhir/R4/subscription.html): a rest-hook for new readings. */
export const fhirSubscriptionSchema = z.strictObject({
  resourceType: z.literal('Subscription'),
  id: fhirId,
  status: z.enum(['requested', 'active', 'error', 'off']),
  reason: fhirString,
  criteria: fhirString,
  error: fhirString.optional(),
  channel: z.strictObject({ type: z.literal('rest-hook'), endpoint: fhirUri, payload: fhirCode }),
  // The signing secret, in the answer to its creation only.
  extension: list(z.strictObject({ url: fhirUri, valueString: fhirString })).optional(),
});
export type FhirSubscription = z.infer<typeof fhirSubscriptionSchema>;

/** Communication (https://hl7.org/fhir/R4/communication.html): a secure-mail message, who and when only. */
export const fhirCommunicationSchema = z.strictObject({
  resourceType: z.literal('Communication'),
  id: fhirId,
  identifier: list(identifierSchema).optional(),
  inResponseTo: list(referenceSchema).optional(),
  status: z.enum(['preparation', 'in-progress', 'not-done', 'on-hold', 'stopped', 'completed', 'entered-in-error', 'unknown']),
  category: list(codeableConceptSchema).optional(),
  medium: list(codeableConceptSchema).optional(),
  subject: referenceSchema,
  topic: codeableConceptSchema.optional(),
  sent: fhirDateTime,
  sender: referenceSchema.optional(),
  note: list(annotationSchema).optional(),
});
export type FhirCommunication = z.infer<typeof fhirCommunicationSchema>;

/**
 * Flag (https://hl7.org/fhir/R4/flag.html): an alert on a patient's readings, with the core
 * extensions flag-priority (how serious) and flag-detail (the latest reading behind it).
 */
export const fhirFlagSchema = z.strictObject({
  resourceType: z.literal('Flag'),
  id: fhirId,
  meta: metaSchema.optional(),
  extension: list(z.strictObject({ url: fhirUri, valueCodeableConcept: codeableConceptSchema.optional(), valueReference: referenceSchema.optional() })).optional(),
  status: z.enum(['active', 'inactive', 'entered-in-error']),
  category: list(codeableConceptSchema).optional(),
  code: codeableConceptSchema,
  subject: referenceSchema,
  period: periodSchema.optional(),
});
export type FhirFlag = z.infer<typeof fhirFlagSchema>;

/** Bundle of type searchset (https://hl7.org/fhir/R4/bundle.html). */
export const fhirSearchBundleSchema = z
  .strictObject({
    resourceType: z.literal('Bundle'),
    id: fhirId.optional(),
    meta: metaSchema.optional(),
    type: z.literal('searchset'),
    // bdl-1: total only when a search set or a history.
    total: fhirUnsignedInt.optional(),
    link: list(z.strictObject({ relation: fhirString, url: fhirUri })).optional(),
    entry: list(
      z.strictObject({
        fullUrl: fhirUri.optional(),
        resource: z.union([fhirObservationSchema, fhirPatientSchema, fhirPractitionerSchema, fhirAppointmentSchema, fhirEncounterSchema, fhirDeviceSchema, fhirProvenanceSchema, fhirSubscriptionSchema, fhirCommunicationSchema, fhirFlagSchema]),
        search: z.strictObject({ mode: z.enum(['match', 'include', 'outcome']).optional() }).optional(),
      }),
    ).optional(),
  })
  // bdl-7: fullUrl must be unique in a bundle (we never send versions).
  .refine((b) => {
    const urls = (b.entry ?? []).flatMap((e) => (e.fullUrl ? [e.fullUrl] : []));
    return new Set(urls).size === urls.length;
  }, 'bdl-7: fullUrl must be unique');
export type FhirSearchBundle = z.infer<typeof fhirSearchBundleSchema>;

/** OperationOutcome (https://hl7.org/fhir/R4/operationoutcome.html): how FHIR answers an error. */
export const ISSUE_TYPES = ['invalid', 'login', 'forbidden', 'not-found', 'throttled', 'exception', 'processing', 'not-supported'] as const;
export const fhirOperationOutcomeSchema = z.strictObject({
  resourceType: z.literal('OperationOutcome'),
  issue: list(
    z.strictObject({
      severity: z.enum(['fatal', 'error', 'warning', 'information']),
      code: z.enum(ISSUE_TYPES),
      diagnostics: fhirString.optional(),
      expression: list(fhirString).optional(),
    }),
  ),
});
export type FhirOperationOutcome = z.infer<typeof fhirOperationOutcomeSchema>;

/** CapabilityStatement (https://hl7.org/fhir/R4/capabilitystatement.html): what the server does, for a client's first call. */
const searchParamSchema = z.strictObject({ name: fhirString, type: z.enum(['token', 'reference', 'date', 'string', 'number']), documentation: fhirString.optional() });
export const fhirCapabilityStatementSchema = z.strictObject({
  resourceType: z.literal('CapabilityStatement'),
  status: z.literal('active'),
  date: fhirDateTime,
  publisher: fhirString,
  kind: z.literal('instance'),
  software: z.strictObject({ name: fhirString, version: fhirString.optional() }),
  implementation: z.strictObject({ description: fhirString, url: fhirUri }),
  fhirVersion: z.literal('4.0.1'),
  format: list(fhirCode),
  rest: list(
    z.strictObject({
      mode: z.literal('server'),
      security: z
        .strictObject({
          // SMART's oauth-uris extension: where a client gets a token.
          extension: list(z.strictObject({ url: fhirUri, extension: list(z.strictObject({ url: fhirUri, valueUri: fhirUri })) })).optional(),
          service: list(codeableConceptSchema).optional(),
          description: fhirString,
        })
        .optional(),
      resource: list(
        z.strictObject({
          type: fhirCode,
          profile: fhirUri.optional(),
          supportedProfile: list(fhirUri).optional(),
          interaction: list(z.strictObject({ code: z.enum(['read', 'search-type', 'create', 'delete']) })),
          searchParam: list(searchParamSchema).optional(),
          operation: list(z.strictObject({ name: fhirString, definition: fhirUri })).optional(),
        }),
      ),
      operation: list(z.strictObject({ name: fhirString, definition: fhirUri })).optional(),
    }),
  ),
});
export type FhirCapabilityStatement = z.infer<typeof fhirCapabilityStatementSchema>;

