import type { Deps } from '../deps';
import { fhirCapabilityStatementSchema, type FhirCapabilityStatement } from './fhir-r4';
import { FHIR_BASE_PATH, SEARCH_COUNT_MAX } from './fhir.service';
import { SMART_AUTHORIZE_ENDPOINT_PATH, SMART_TOKEN_PATH } from '../smart/smart-configuration';

const param = (name: string, type: 'token' | 'reference' | 'date' | 'string' | 'number', documentation?: string) => ({ name, type, ...(documentation ? { documentation } : {}) });
const RESULT_PARAMS = [
  param('_count', 'number', `Entries per page; more than ${SEARCH_COUNT_MAX} is read as ${SEARCH_COUNT_MAX}. 0 answers the total only.`),
  param('_offset', 'number', 'Where the page starts (the next link carries it).'),
  param('_summary', 'token', 'count: the total only.'),
];

/**
 * `GET [base]/metadata`: exactly what this server supports (Patient, Observation, Practitioner,
 * Appointment, Encounter, Device, Provenance, Communication, Flag and Subscription, their search parameters,
 * Patient/$everything, bulk $export, SMART backend services, JSON only, lenient handling on
 * request), so a standard client's first call finds it.
 */
export function capabilityStatement(deps: Deps, base = FHIR_BASE_PATH): FhirCapabilityStatement {
  return fhirCapabilityStatementSchema.parse({
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: deps.config.runtime.startedAt.toISOString(),
    publisher: 'OpenCare',
    kind: 'instance',
    software: { name: 'OpenCare', version: deps.config.runtime.version },
    implementation: { description: 'OpenCare remote care: patients and their device readings', url: `${deps.config.publicUrl}${base}` },
    fhirVersion: '4.0.1',
    format: ['json', 'application/fhir+json'],
    rest: [
      {
        mode: 'server',
        security: {
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [
                { url: 'token', valueUri: `${deps.config.publicUrl}${base}${SMART_TOKEN_PATH}` },
                { url: 'authorize', valueUri: `${deps.config.publicUrl}${base}${SMART_AUTHORIZE_ENDPOINT_PATH}` },
              ],
            },
          ],
          service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }] }],
          description:
            'A SMART token (see .well-known/smart-configuration): backend services (client credentials with a signed JWT), or an app a person allowed (authorization code with PKCE; it reads what that person may, within its patient or user scopes); a person’s bearer token (the same access as in the app: a patient their own record, physicians their organisation’s patients) or an integration’s API key in the x-api-key header (its organisation’s patients). Unknown search parameters are refused unless the request says Prefer: handling=lenient. Only JSON is served; any other format is 406.',
        },
        resource: [
          {
            type: 'Patient',
            profile: 'http://hl7.org/fhir/StructureDefinition/Patient',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              param('_id', 'token'),
              param('identifier', 'token', 'The medical record number: urn:opencare:mrn:{organisation}|{mrn}, or the MRN alone.'),
              param('name', 'string', 'The start of any part of the name.'),
              param('birthdate', 'date', 'A day: YYYY-MM-DD.'),
              ...RESULT_PARAMS,
            ],
            operation: [
              { name: 'everything', definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything' },
              { name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export' },
            ],
          },
          {
            type: 'Observation',
            profile: 'http://hl7.org/fhir/StructureDefinition/Observation',
            supportedProfile: ['http://hl7.org/fhir/StructureDefinition/vitalsigns'],
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              param('patient', 'reference', 'Required (or subject).'),
              param('subject', 'reference'),
              param('code', 'token', 'A LOINC code, with or without http://loinc.org|.'),
              param('category', 'token', 'vital-signs, laboratory or exam.'),
              param('date', 'date', 'When taken; eq, ge, gt, le, lt prefixes; may repeat.'),
              param('_lastUpdated', 'date', 'When stored; the same prefixes.'),
              param('_sort', 'token', 'date, -date (the default), _lastUpdated or -_lastUpdated.'),
              ...RESULT_PARAMS,
            ],
          },
          {
            type: 'Device',
            profile: 'http://hl7.org/fhir/StructureDefinition/Device',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [param('patient', 'reference', 'Required: the patient’s meters and home gateways.'), ...RESULT_PARAMS],
          },
          {
            type: 'Provenance',
            profile: 'http://hl7.org/fhir/StructureDefinition/Provenance',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              param('patient', 'reference', 'The patient’s gateway readings (or target).'),
              param('target', 'reference', 'Observation/{id}: the Provenance of that reading.'),
              ...RESULT_PARAMS,
            ],
          },
          { type: 'Practitioner', profile: 'http://hl7.org/fhir/StructureDefinition/Practitioner', interaction: [{ code: 'read' }] },
          ...(['Appointment', 'Encounter'] as const).map((type) => ({
            type,
            profile: `http://hl7.org/fhir/StructureDefinition/${type}`,
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [param('patient', 'reference', 'Required (or subject).'), param('subject', 'reference'), param('date', 'date', 'The appointment’s start; eq, ge, gt, le, lt prefixes.'), ...RESULT_PARAMS],
          })),
          {
            type: 'Flag',
            profile: 'http://hl7.org/fhir/StructureDefinition/Flag',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              param('patient', 'reference', 'Required (or subject): the patient’s alerts, for clinicians and integrations.'),
              param('subject', 'reference'),
              param('status', 'token', 'active (not resolved) or inactive.'),
              ...RESULT_PARAMS,
            ],
          },
          {
            type: 'Communication',
            profile: 'http://hl7.org/fhir/StructureDefinition/Communication',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              param('patient', 'reference', 'Required (or subject): the patient’s secure-mail messages, who wrote them and when (never their text).'),
              param('subject', 'reference'),
              param('sent', 'date', 'When sent; eq, ge, gt, le, lt prefixes.'),
              ...RESULT_PARAMS,
            ],
          },
          {
            type: 'Subscription',
            profile: 'http://hl7.org/fhir/StructureDefinition/Subscription',
            interaction: [{ code: 'create' }, { code: 'read' }, { code: 'search-type' }, { code: 'delete' }],
          },
        ],
        // Bulk Data (NDJSON, asynchronous) for the organisation's admin and its integrations.
        operation: [{ name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export' }],
      },
    ],
  });
}
