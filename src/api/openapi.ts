/**
 * The OpenAPI 3.1 document, generated from the route table and the zod schemas (JSON Schema 2020-12, which
 * OpenAPI 3.1 uses as is). Units live in the schemas' descriptions, so they appear here field by field.
 */
import { z } from 'zod';
import { ERROR_CATALOG, type ErrorName } from './errors.ts';
import { PARAMS, QUERIES } from './params.ts';
import { ENDPOINTS, type Endpoint } from './route-table.ts';

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'output' });

const CONVENTIONS = [
  'Times are ISO 8601 with an explicit offset (+08:00 for north-western Pacific data).',
  'Wind speed m/s (2-minute mean), pressure hPa, wind-circle radii km per quadrant {ne,se,sw,nw}, motion km/h.',
  'A missing value is null. The v1 family (/api/v1) wraps every answer in {code,msg,data,ts} and sends X-Api-Version: v1.',
  'Data for reference only; official releases prevail. Credit: China Meteorological Administration best track (tcdata.typhoon.org.cn; cite Ying et al. 2014 and Lu et al. 2021) and the Zhejiang Provincial Water Resources typhoon service.',
].join(' ');

const envelopeOf = (data: object) => ({
  type: 'object',
  required: ['code', 'msg', 'data', 'ts'],
  properties: {
    code: { type: 'integer', description: '0 on success, else an error code (40001, 40401, 40400, 50000)' },
    msg: { type: 'string', description: '"ok" on success, else what went wrong and what to do' },
    data,
    ts: { type: 'integer', description: 'Milliseconds since the Unix epoch when the answer was made (the build time for static answers)' },
  },
});

const webError = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'status', 'message'],
      properties: {
        code: { type: 'integer', description: 'Error code, as in the v1 envelope (40001, 40401, 40400, 50000)' },
        status: { type: 'integer', description: 'HTTP status' },
        message: { type: 'string' },
      },
    },
  },
};

function errorResponses(endpoint: Endpoint) {
  const names: ErrorName[] = [...endpoint.resource.errors, 'serverError'];
  const byStatus = new Map<number, string[]>();
  for (const name of names) {
    const { status, code, title } = ERROR_CATALOG[name];
    byStatus.set(status, [...(byStatus.get(status) ?? []), `${code} ${title}`]);
  }
  const body = endpoint.family === 'v1' ? envelopeOf({ type: 'null' }) : webError;
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [String(status), { description: codes.join('; '), content: { 'application/json': { schema: body } } }]),
  );
}

function operation(endpoint: Endpoint) {
  const { resource, family } = endpoint;
  const data = jsonSchema(resource.dataSchema);
  const body = family === 'v1' ? envelopeOf(data) : resource.webKey ? { type: 'object', properties: { [resource.webKey]: data } } : data;
  const parameters = [
    ...Object.entries(resource.params).map(([name, kind]) => ({
      name,
      in: 'path',
      required: true,
      description: PARAMS[kind as keyof typeof PARAMS].description,
      example: resource.examples?.[name] ?? PARAMS[kind as keyof typeof PARAMS].example,
      schema: { type: 'string' },
    })),
    ...(resource.query ?? []).map((name) => ({
      name,
      in: 'query',
      required: QUERIES[name].required,
      description: QUERIES[name].description,
      example: QUERIES[name].example,
      schema: { type: 'string' },
    })),
  ];
  return {
    operationId: `${family}-${resource.id}`,
    summary: resource.summary,
    tags: [family === 'v1' ? 'v1' : 'web'],
    parameters,
    responses: {
      200: {
        description: 'Success',
        headers: family === 'v1' ? { 'X-Api-Version': { schema: { const: 'v1' } } } : undefined,
        content: { 'application/json': { schema: body } },
      },
      ...errorResponses(endpoint),
    },
  };
}

export function renderOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], get: operation(endpoint) };
    if (endpoint.family === 'v1') {
      paths[path].options = {
        operationId: `v1-${endpoint.resource.id}-preflight`,
        summary: 'CORS preflight',
        tags: ['v1'],
        responses: { 200: { description: 'CORS headers and the envelope with data null', content: { 'application/json': { schema: envelopeOf({ type: 'null' }) } } } },
      };
    }
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: 'Typhoon API', version: '1.0.0', description: CONVENTIONS },
    tags: [
      { name: 'v1', description: 'Client contract for Android, iOS and HarmonyOS: envelope, X-Api-Version: v1, full CORS' },
      { name: 'web', description: 'Web family: the payload itself; errors as {error:{code,status,message}}' },
    ],
    paths,
  };
}
