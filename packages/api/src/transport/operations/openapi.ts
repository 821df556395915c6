import { listMetaSchema } from '@opencare/schemas/envelope';
import { z } from 'zod';
import type { AnyOperation, FeatureOperations, Guard, InputSource, RestBinding } from '../../operations/operation';

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema; description?: string };

/** zod 4's own JSON Schema (2020-12, the dialect of OpenAPI 3.1), inlined in the document. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/alerts/:id/acknowledge` → `/api/v1/alerts/{id}/acknowledge`. */
const templated = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const pathNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

function parametersFrom(schema: z.ZodType | undefined, place: 'path' | 'query'): Parameter[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: place, required: place === 'path' || required.has(name), schema: property }));
}

/** The schemas of a binding's path parameters, query and body, as its input source reads them. */
function partsOf(op: AnyOperation, source: InputSource<unknown>): { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType } {
  if (source === 'none' || !op.input) return {};
  if (source === 'params') return { params: op.input };
  if (source === 'query') return { query: op.input };
  if (source === 'body') return { body: op.input };
  return { params: source.params, query: source.query, body: source.body ?? source.bodyAsSent };
}

const SECURITY: Record<Guard, Record<string, string[]>[]> = {
  public: [],
  // Optional: an empty requirement means no credentials.
  anyone: [{}, { bearer: [] }],
  authed: [{ bearer: [] }],
  patient: [{ bearer: [] }],
  clinician: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  reader: [{ bearer: [] }, { apiKey: [] }],
};

const envelopeOf = (data: JsonSchema, list: boolean): JsonSchema => ({
  type: 'object',
  required: ['success', 'message', 'data', ...(list ? ['meta'] : [])],
  properties: {
    success: { const: true },
    message: { type: 'string' },
    data: list ? { type: 'array', items: data } : data,
    ...(list ? { meta: { $ref: '#/components/schemas/ListMeta' } } : {}),
  },
});

/** Raw bytes of these media types (OpenAPI 3.1: a binary body is a media type without a schema). */
const bytesContent = (types: readonly string[]) => Object.fromEntries(types.map((type) => [type, {}]));

const ERROR_RESPONSE = {
  description: "Refused or failed: the error catalogue's key and message (field issues on 400 validationFailed).",
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

function declaredOperation(set: FeatureOperations, op: AnyOperation, binding: RestBinding<unknown, unknown>, index: number) {
  const parts = partsOf(op, binding.input);
  const declaredPath = parametersFrom(parts.params, 'path');
  const pathParameters = pathNames(binding.path).map(
    (name) => declaredPath.find((p) => p.name === name) ?? { name, in: 'path' as const, required: true, schema: { type: 'string' } },
  );
  const data = op.output ? jsonSchemaOf(op.output, 'output') : {};
  const statuses = new Set([binding.status ?? 200, ...(binding.answer ? [200] : [])]);
  const responses: Record<string, unknown> = {
    default: binding.contentType ? { description: 'Refused or failed, in the same content type (FHIR: an OperationOutcome).', content: { [binding.contentType]: {} } } : ERROR_RESPONSE,
  };
  const answerBytes = binding.bytes?.answer;
  for (const status of statuses) {
    responses[String(status)] = {
      description: binding.message ?? 'OK',
      content: binding.contentType
        ? { [binding.contentType]: { schema: data } }
        : answerBytes
          ? bytesContent(answerBytes)
          : { 'application/json': { schema: envelopeOf(data, Boolean(binding.list)) } },
    };
  }
  const bodyBytes = binding.bytes?.body;
  const requestBody = bodyBytes
    ? { required: true, content: bytesContent(bodyBytes) }
    : parts.body
      ? { required: true, content: { 'application/json': { schema: jsonSchemaOf(parts.body, 'input') } } }
      : undefined;
  const { policy, kind, note } = op.access;
  return {
    operationId: index === 0 ? op.name : `${op.name}_${index + 1}`,
    summary: op.summary,
    tags: [set.feature],
    ...(note ? { description: note } : {}),
    security: SECURITY[op.access.guard],
    'x-access': { guard: op.access.guard, policy, kind: kind ?? 'none', ...(op.rateLimit ? { rateLimit: op.rateLimit.bucket } : {}) },
    ...(op.trpc === false ? {} : { 'x-trpc': { path: op.name, type: op.type } }),
    parameters: [...pathParameters, ...parametersFrom(parts.query, 'query')],
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

export interface RegisteredRoute {
  method: string;
  /** Fastify's pattern, prefix included (`/api/v1/...`). */
  url: string;
}

/**
 * The OpenAPI 3.1 document of REST v1: every declared operation with its parameters, body and
 * response schemas, and every route the plugin registers that is not declared yet, with its path
 * parameters only (marked `x-declared: false`), so the document lists every route either way.
 */
export function openApiDocument(sets: readonly FeatureOperations[], registered: readonly RegisteredRoute[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const add = (url: string, method: string, operation: unknown) => {
    (paths[templated(url)] ??= {})[method.toLowerCase()] = operation;
  };
  for (const set of sets) {
    for (const op of Object.values(set.operations) as AnyOperation[]) {
      op.rest.forEach((binding, index) => add(`/api/v1${binding.path}`, binding.method, declaredOperation(set, op, binding, index)));
    }
  }
  for (const route of registered) {
    if (route.method === 'HEAD' || paths[templated(route.url)]?.[route.method.toLowerCase()]) continue;
    add(route.url, route.method, {
      summary: `${route.method} ${route.url}`,
      'x-declared': false,
      parameters: pathNames(route.url).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      responses: { '200': { description: 'OK (the envelope of design.md)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } }, default: ERROR_RESPONSE },
    });
  }
  return {
    openapi: '3.1.0',
    info: { title: 'OpenCare REST API', version, description: 'REST v1 (spec §7). Each operation is declared once (packages/api/src/*/*.operations.ts); the same operations are tRPC procedures (/trpc).' },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
      schemas: {
        ListMeta: jsonSchemaOf(listMetaSchema, 'output'),
        Envelope: {
          type: 'object',
          required: ['success', 'message'],
          properties: { success: { type: 'boolean' }, message: { type: 'string' }, key: { type: 'string' }, data: {}, meta: { $ref: '#/components/schemas/ListMeta' } },
        },
        Error: {
          type: 'object',
          required: ['success', 'key', 'message'],
          properties: {
            success: { const: false },
            key: { type: 'string' },
            message: { type: 'string' },
            errors: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } },
            params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
          },
        },
      },
    },
  };
}
