/**
 * The OpenAPI 3.1 document, generated from the route table, the parameter kinds, the error catalog and the zod
 * schemas (JSON Schema 2020-12, which OpenAPI 3.1 uses as is). A shape with an id where it is defined
 * (`.meta({ id: 'TrackPoint' })`) is written once under `components.schemas` and referenced everywhere else;
 * parameters, headers, the 304 and the error answers are components too, so a code generator names each shared
 * type once. Units live in the schemas' descriptions, so they appear here field by field.
 */
import { z } from 'zod';
import { CMA_ATTRIBUTION } from '../archive/attribution.ts';
import type { SiteConfig } from '../model/content-schemas.ts';
import { ApiError, ERROR_CATALOG, type ErrorName } from './errors.ts';
import {
  checkYearRange,
  isRequired,
  PARAMS,
  QUERIES,
  queryName,
  readParam,
  readQueryValue,
  rejection,
  type ParamKind,
  type QueryKind,
} from './params.ts';
import { errorBody, SHARED_HEADERS, V1_HEADERS, type Family } from './envelope.ts';
import { v1DataSchema, webDatasetSchema } from './v1-data.ts';
import { checkQueryNames } from './request.ts';
import { ENDPOINTS, errorsOf, mediaTypeOf, readsQuery, type Endpoint, type Resource } from './route-table.ts';

type Json = Record<string, unknown>;

const DESCRIPTION = [
  'Times are ISO 8601 with an explicit offset (+08:00 for north-western Pacific data, Z for global cyclones).',
  "Wind speed m/s, averaged over the storm's windPeriod (2 minutes, CMA; 1 minute for the 1945–1948 storms from JTWC and the global cyclones), pressure hPa, wind-circle radii km per quadrant {ne,se,sw,nw}, motion km/h.",
  'A missing value is null. Objects may gain fields; clients should ignore the ones they do not know.',
  'The v1 family (/api/v1) wraps every answer, errors included, in {code,msg,data,ts} and sends X-Api-Version: v1; the web family (/api) answers the payload itself and errors as {error:{code,status,message}}.',
  "In v1, every collection's array is data.list with its full count data.total (and page, size, pages when paged), ts is when the data was produced (the archive's release, the live data's last fetch), and archive answers say in data.dataset whether the archive is the demo one (web archive answers in dataset beside the payload). Every answer carries X-Typhoon-Dataset: demo or real. Every web endpoint has a v1 twin but the feeds, the GeoJSON, this document and /api/seo/news (its twin is /api/v1/flash).",
  "Live data is as old as its source's own time (publishedAt), not the fetch: past the source's publishing bound, or when a refresh failed, it is stale with staleReason, on the list and on each storm, cyclone and disturbance, and is told as last reported at publishedAt, never as now.",
  'Every 200 answer has an ETag: send it back in If-None-Match to get 304 Not Modified. HEAD answers like GET without a body.',
  "A path that is no endpoint answers 404 with code 40400 in its family's format, naming the endpoint it most likely meant: in the right case (paths are case-sensitive), without a trailing slash, in the other family, with a slip corrected (a typo, a plural for a singular, a .json), or with the value the query gave put in the path (/api/v1/history/search?q=yagi: /api/v1/history/search/yagi). A malformed path value (400, code 40001) names the endpoint it misspells (/api/v1/history/year: /api/v1/history/years) or, for a name where a code or an id belongs, the search (/api/v1/typhoons/yagi: /api/v1/history/search/yagi).",
  'An endpoint a function answers refuses a query parameter it does not declare with 400 and code 40001, naming the ones it takes; a static answer (a file on the CDN) reads no query and is the same whatever the query says.',
  'Every endpoint answers GET, HEAD and OPTIONS, the CORS preflight (v1: 200 with the envelope; web: 204), and every answer carries the same CORS headers, so a browser may send If-None-Match from any origin; another method is refused with 405, an Allow header and code 40400 (on Netlify a request of another method for a static answer is answered by the CDN itself).',
  'Data for reference only; official releases prevail. Credit: China Meteorological Administration best track (tcdata.typhoon.org.cn; cite Ying et al. 2014 and Lu et al. 2021) and the Zhejiang Provincial Water Resources typhoon service.',
].join(' ');

// ---- Shapes of the families' bodies, for the document only (envelope.ts writes them).

const errorCodeSchema = z
  .literal([...new Set(Object.values(ERROR_CATALOG).map((e) => e.code))])
  .describe(
    Object.values(ERROR_CATALOG)
      .map((e) => `${e.code}: ${e.title} (HTTP ${e.status})`)
      .join('; '),
  )
  .meta({ id: 'ErrorCode' });

const tsSchema = z
  .int()
  .describe(
    'Milliseconds since the Unix epoch: when the data in data was produced. Archive and content answers (static or not): the release time of the data the build published; live answers: the last successful fetch of the snapshot they show (stale data keeps its old ts); errors, preflights and live answers before any fetch: the time of the answer',
  );

const envelopeSchema = z
  .object({
    code: z.literal(0).describe('0 on success'),
    msg: z.literal('ok'),
    data: z.unknown().describe('The payload: see each operation'),
    ts: tsSchema,
  })
  .describe('The v1 envelope of a successful answer')
  .meta({ id: 'Envelope' });

const message = z.string().describe('What went wrong and what to do');

const ERROR_BODIES: Record<Family, z.ZodType> = {
  v1: z
    .object({ code: errorCodeSchema, msg: message, data: z.null(), ts: tsSchema })
    .describe('A v1 error: the envelope with a non-zero code and data null')
    .meta({ id: 'ErrorEnvelope' }),
  web: z
    .object({ error: z.object({ code: errorCodeSchema, status: z.int().describe('The HTTP status'), message }) })
    .describe('A web-family error')
    .meta({ id: 'Error' }),
};

// ---- zod → JSON Schema

const SCHEMAS = '#/components/schemas/';

/** Tidies zod's output for OpenAPI tools (called for every schema, components included). */
function tidy({ jsonSchema: s }: { jsonSchema: Json }) {
  // `.int()` adds ±(2^53 − 1) bounds: they say nothing about the data.
  if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
  // Objects stay open: answers may gain fields, and the allOf compositions (Envelope, Page) need it.
  if (s.additionalProperties === false) delete s.additionalProperties;
  // A closed tuple: `items: false` means "nothing after prefixItems"; linters and generators want a schema.
  if (s.items === false) s.items = { not: {} };
  const values = Array.isArray(s.enum) ? s.enum : s.const !== undefined ? [s.const] : [];
  if (s.type === 'number' && values.length > 0 && values.every(Number.isInteger)) s.type = 'integer';
}

/**
 * Converts the named schemas in one pass, with every schema that has an id in zod's global registry: those
 * become components, referenced as `#/components/schemas/<id>`. Returns the named ones and all components.
 * `io` is the side of a schema that is shown: what an answer holds (`output`), or what a request sends (`input`:
 * a parameter's schema reads the URL's text).
 */
function convert(
  named: Record<string, z.ZodType>,
  io: 'input' | 'output',
): { converted: Record<string, Json>; components: Record<string, Json> } {
  const ROOT = '~named';
  const registry = z.registry<{ id: string }>();
  // `.meta({ id })` puts a schema in the global registry; zod refers to `uri(id)` only for schemas in the converted one.
  for (const [id, schema] of z.globalRegistry._idmap) registry.add(schema, { id });
  registry.add(z.object(named), { id: ROOT });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => SCHEMAS + id,
    override: tidy,
  });
  const components: Record<string, Json> = {};
  for (const [id, { $schema: _dialect, $id: _id, ...schema }] of Object.entries(schemas as Record<string, Json>)) components[id] = schema;
  const { [ROOT]: root, ...rest } = components;
  return { converted: (root as { properties: Record<string, Json> }).properties, components: rest };
}

/**
 * Answers' schemas (their output) and parameters' (their input), converted apart; a component a parameter refers
 * to (the platform) is the same either way, or the document would contradict itself.
 */
function convertAll(): { converted: Record<string, Json>; components: Record<string, Json> } {
  // The schemas are constants: converted once per process, and each document gets its own copy.
  converted ??= convertOnce();
  return structuredClone(converted);
}

let converted: ReturnType<typeof convertOnce> | undefined;

function convertOnce(): { converted: Record<string, Json>; components: Record<string, Json> } {
  const answers = convert(answerSchemas(), 'output');
  const parameters = convert(parameterSchemas(), 'input');
  for (const id of Object.keys(reachable(parameters.converted, parameters.components)))
    if (JSON.stringify(parameters.components[id]) !== JSON.stringify(answers.components[id]))
      throw new Error(`OpenAPI: the component ${id} differs as a parameter and as an answer`);
  return { converted: { ...answers.converted, ...parameters.converted }, components: answers.components };
}

/** The schemas the document reaches through `$ref`, directly or through other schemas, by name. */
function reachable(document: unknown, all: Record<string, Json>): Record<string, Json> {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const ref = (node as Json).$ref;
    const id = typeof ref === 'string' && ref.startsWith(SCHEMAS) ? ref.slice(SCHEMAS.length) : null;
    if (id !== null && !found.has(id) && all[id]) {
      found.add(id);
      visit(all[id]);
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
  return Object.fromEntries([...found].sort().map((id) => [id, all[id] as Json]));
}

// ---- What each endpoint answers, as zod schemas (converted together above)

const bodyKey = ({ family, resource }: Endpoint) => `${family} ${resource.id}`;

function bodySchema({ family, resource }: Endpoint): z.ZodType {
  if (family === 'v1') return z.intersection(envelopeSchema, z.object({ data: v1DataSchema(resource) }));
  const body = resource.webKey ? z.object({ [resource.webKey]: resource.dataSchema }) : resource.dataSchema;
  return resource.dataset ? webDatasetSchema(body) : body;
}

const answerSchemas = (): Record<string, z.ZodType> => ({
  'error v1': ERROR_BODIES.v1,
  'error web': ERROR_BODIES.web,
  preflight: envelopeSchema,
  ...Object.fromEntries(ENDPOINTS.map((e) => [bodyKey(e), bodySchema(e)])),
});

const parameterSchemas = (): Record<string, z.ZodType> => ({
  ...Object.fromEntries(Object.entries(PARAMS).map(([kind, spec]) => [`path ${kind}`, spec.schema])),
  ...Object.fromEntries(Object.entries(QUERIES).map(([kind, spec]) => [`query ${kind}`, spec.schema])),
});

// ---- Headers

const HEADER_DESCRIPTIONS: Record<string, string> = {
  ETag: 'Strong entity tag of the body (v1: of the envelope without ts, so unchanged data keeps its tag; a compressed body has the plain tag with -gzip or -br inside the quotes); send it in If-None-Match',
  'Cache-Control': 'How long browsers may keep the answer: set per route, shorter for live data, errors and faults',
  'Access-Control-Allow-Origin': 'CORS: any origin may read the answer',
  'X-Content-Type-Options': 'Browsers must not guess another media type',
  'X-Api-Version': 'The v1 contract answered (every v1 answer, errors included)',
  'Access-Control-Allow-Methods': 'CORS: the methods the API answers',
  'Access-Control-Allow-Headers': 'CORS: the request headers the API accepts: any (* for a request without credentials)',
  'Access-Control-Expose-Headers': 'CORS: the response headers scripts may read',
  'Access-Control-Max-Age': 'CORS: seconds a preflight answer may be cached',
};

/** Every response header, once; fixed values (envelope.ts) as const. */
function headerComponents(): Record<string, Json> {
  const fixed: Record<string, string> = { ...SHARED_HEADERS, ...V1_HEADERS };
  return Object.fromEntries(
    Object.entries(HEADER_DESCRIPTIONS).map(([name, description]) => [
      name,
      { description, required: true, schema: fixed[name] === undefined ? { type: 'string' } : { type: 'string', const: fixed[name] } },
    ]),
  );
}

/** The headers of an answer of a family (`ETag` on 200 and 304 only). */
function headersOf(family: Family, withEtag: boolean): Record<string, Json> {
  const names = [
    ...(withEtag ? ['ETag'] : []),
    'Cache-Control',
    ...Object.keys(SHARED_HEADERS),
    ...(family === 'v1' ? Object.keys(V1_HEADERS) : []),
  ];
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

// ---- Shared parameters and responses, added to the components as operations use them

interface Builder {
  /** The converted named schemas (the keys of answerSchemas and parameterSchemas). */
  schemas: Record<string, Json>;
  parameters: Record<string, Json>;
  responses: Record<string, Json>;
}

function shared(b: Builder, section: 'parameters' | 'responses', key: string, make: () => Json): Json {
  b[section][key] ??= make();
  return { $ref: `#/components/${section}/${key}` };
}

const pascal = (text: string) => text.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase());

const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of an answer the client has: 304 without a body when it is still current',
  schema: { type: 'string' },
};

function pathParameter(b: Builder, resource: Resource, name: string, kind: ParamKind): Json {
  const spec = PARAMS[kind];
  const parameter = (example: string) => ({
    name,
    in: 'path',
    required: true,
    description: spec.description,
    example,
    schema: b.schemas[`path ${kind}`],
  });
  const own = resource.examples?.[name];
  // An endpoint with its own example keeps its parameter; the others share the kind's.
  return own === undefined ? shared(b, 'parameters', `${pascal(kind)}Path`, () => parameter(spec.example)) : parameter(own);
}

function queryParameter(b: Builder, kind: QueryKind): Json {
  const { description, example } = QUERIES[kind];
  return shared(b, 'parameters', `${pascal(kind)}Query`, () => ({
    name: queryName(kind),
    in: 'query',
    required: isRequired(kind),
    description,
    example,
    schema: b.schemas[`query ${kind}`],
  }));
}

const EXAMPLE_TS = 1725580800000;

const familyPrefix = (family: Family) => (family === 'v1' ? 'V1' : 'Web');

/** The response of errors sharing a status, in a family's body. */
function errorResponse(b: Builder, family: Family, names: ErrorName[]): Json {
  return shared(b, 'responses', familyPrefix(family) + names.map(pascal).join('Or'), () => errorResponseOf(b, family, names));
}

function errorResponseOf(b: Builder, family: Family, names: ErrorName[]): Json {
  const first = names[0] as ErrorName;
  return {
    description: names.map((n) => `${ERROR_CATALOG[n].title}, code ${ERROR_CATALOG[n].code}: ${ERROR_CATALOG[n].when}`).join('; '),
    headers: headersOf(family, false),
    content: {
      'application/json': {
        schema: b.schemas[`error ${family}`],
        example: errorBody(family, new ApiError(first, ERROR_CATALOG[first].example), EXAMPLE_TS),
      },
    },
  };
}

/** A function may answer (a function route, or the misses of a static collection), and a function can fail. */
const mayFail = (resource: Resource) => resource.servedBy.kind === 'function' || Object.keys(resource.params).length > 0;

/** A parameter no route declares, for the example of the 40001 a route that reads its query gives it. */
const UNKNOWN_PARAMETER = 'foo';

/**
 * The 40001s an endpoint's parameters get, as examples: per parameter a malformed value (its kind's `invalid`)
 * with the message its schema gives it, a required one missing, the rule between `from` and `to`, and a parameter
 * it does not declare.
 */
function badParameterExamples(endpoint: Endpoint): Record<string, Json> {
  const { family, resource } = endpoint;
  const cases: [string, string, string][] = [];
  for (const [name, kind] of Object.entries(resource.params) as [string, ParamKind][]) {
    const { invalid } = PARAMS[kind];
    cases.push([`${name}-malformed`, `${name} = ${invalid}`, rejection(() => readParam(kind, name, invalid))]);
  }
  const kinds = resource.query ?? [];
  for (const kind of kinds) {
    const { invalid } = QUERIES[kind];
    const name = queryName(kind);
    cases.push([`${name}-malformed`, `${name}=${invalid}`, rejection(() => readQueryValue(kind, invalid))]);
    if (isRequired(kind)) cases.push([`${name}-missing`, `no ${name}`, rejection(() => readQueryValue(kind, undefined))]);
  }
  if (kinds.includes('from') && kinds.includes('to'))
    cases.push(['from-after-to', 'from=2000&to=1990', rejection(() => checkYearRange({ from: 2000, to: 1990 }))]);
  if (readsQuery(resource)) {
    const query = `${UNKNOWN_PARAMETER}=1`;
    cases.push(['unknown-parameter', query, rejection(() => checkQueryNames(endpoint, new URL(`http://localhost/?${query}`)))]);
  }
  return Object.fromEntries(
    cases.map(([key, summary, text]) => [key, { summary, value: errorBody(family, new ApiError('badParameter', text), EXAMPLE_TS) }]),
  );
}

/**
 * The error responses of an endpoint, one per status (names sharing a status share the response). The 400 of an
 * endpoint with parameters is its own, with an example per rule its parameters follow.
 */
function errorResponses(b: Builder, endpoint: Endpoint): Record<string, Json> {
  const { family, resource } = endpoint;
  const names: ErrorName[] = [...errorsOf(resource), ...(mayFail(resource) ? (['serverError'] as const) : [])];
  const byStatus = new Map<number, ErrorName[]>();
  for (const name of names) byStatus.set(ERROR_CATALOG[name].status, [...(byStatus.get(ERROR_CATALOG[name].status) ?? []), name]);
  const examples = badParameterExamples(endpoint);
  return Object.fromEntries(
    [...byStatus].map(([status, group]) => {
      if (status !== ERROR_CATALOG.badParameter.status || Object.keys(examples).length === 0)
        return [String(status), errorResponse(b, family, group)];
      const { content, ...rest } = errorResponseOf(b, family, group);
      const { example: _one, ...media } = (content as Record<string, Json>)['application/json'] as Json;
      return [String(status), { ...rest, content: { 'application/json': { ...media, examples } } }];
    }),
  );
}

const notModified = (b: Builder, family: Family) =>
  shared(b, 'responses', `${familyPrefix(family)}NotModified`, () => ({
    description: 'Not Modified: the If-None-Match tag names the current answer; no body',
    headers: headersOf(family, true),
  }));

// ---- Operations

function operationDescription({ resource }: Endpoint): string {
  if (resource.servedBy.kind === 'function')
    return `Answered by the ${resource.servedBy.fn} function; a query parameter it does not declare is 40001.`;
  const misses =
    Object.keys(resource.params).length > 0 ? ` Values no file answers go to the ${resource.missFn ?? 'api-miss'} function.` : '';
  return `A static file on the CDN; the query is not read.${misses}`;
}

function getOperation(b: Builder, endpoint: Endpoint): Json {
  const { resource, family } = endpoint;
  return {
    operationId: `${family}-${resource.id}`,
    summary: resource.summary,
    description: operationDescription(endpoint),
    tags: [family],
    // The docs page's title and area of the resource (extensions: tools ignore them).
    'x-title': resource.title,
    'x-area': resource.area,
    parameters: [
      shared(b, 'parameters', 'IfNoneMatch', () => IF_NONE_MATCH),
      ...(resource.query ?? []).map((kind) => queryParameter(b, kind)),
    ],
    responses: {
      200: {
        description: family === 'v1' ? 'Success: the envelope with the payload as data' : 'Success',
        headers: headersOf(family, true),
        content: { [mediaTypeOf(resource).split(';')[0] as string]: { schema: b.schemas[bodyKey(endpoint)] } },
      },
      304: notModified(b, family),
      ...errorResponses(b, endpoint),
    },
  };
}

/** CORS preflight: the preflight function answers every path of the API, each in its family's form. */
function preflightOperation(b: Builder, { resource, family }: Endpoint): Json {
  const shared200 = () => ({
    description: 'The CORS headers, and the envelope with data null',
    headers: headersOf('v1', true),
    content: { 'application/json': { schema: b.schemas.preflight } },
  });
  const shared204 = () => ({ description: 'The CORS headers; no body', headers: headersOf('web', false) });
  return {
    operationId: `${family}-${resource.id}-preflight`,
    summary: 'CORS preflight',
    description:
      family === 'v1'
        ? 'Answered by the preflight function for every path of the API: the CORS headers and the envelope with data null.'
        : 'Answered by the preflight function for every path of the API: 204 with the CORS headers.',
    tags: [family],
    responses:
      family === 'v1'
        ? {
            200: shared(b, 'responses', 'V1Preflight', shared200),
            304: notModified(b, 'v1'),
            500: errorResponse(b, 'v1', ['serverError']),
          }
        : { 204: shared(b, 'responses', 'WebPreflight', shared204), 500: errorResponse(b, 'web', ['serverError']) },
  };
}

function pathItems(b: Builder): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const endpoint of ENDPOINTS) {
    const { resource } = endpoint;
    const params = Object.entries(resource.params) as [string, ParamKind][];
    paths[endpoint.path.replace(/:(\w+)/g, '{$1}')] = {
      // Path parameters belong to the path: GET and the preflight both declare them.
      ...(params.length > 0 ? { parameters: params.map(([name, kind]) => pathParameter(b, resource, name, kind)) } : {}),
      get: getOperation(b, endpoint),
      options: preflightOperation(b, endpoint),
    };
  }
  return paths;
}

/** The document. The site configuration (content/site.yaml) gives the production server and the contact. */
export function renderOpenApi(site?: Pick<SiteConfig, 'nameEn' | 'homepage'>): Record<string, unknown> {
  const { converted, components } = convertAll();
  const b: Builder = { schemas: converted, parameters: {}, responses: {} };
  const paths = pathItems(b);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Typhoon API',
      version: '1.0.0',
      description: DESCRIPTION,
      contact: site ? { name: site.nameEn, url: site.homepage } : { name: 'Typhoon API' },
      license: {
        name: 'Data: free use with credit to the sources (CMA best-track terms); the Zhejiang data states no licence, attribution required',
        url: CMA_ATTRIBUTION.url,
      },
    },
    servers: [
      ...(site ? [{ url: site.homepage.replace(/\/+$/, ''), description: 'Production' }] : []),
      { url: '/', description: 'The host serving this document: production, a deploy preview or the local server' },
    ],
    security: [],
    tags: [
      { name: 'v1', description: 'Client contract for Android, iOS and HarmonyOS: envelope, X-Api-Version: v1, full CORS' },
      { name: 'web', description: 'Web family: the payload itself; errors as {error:{code,status,message}}' },
    ],
    paths,
    components: {
      schemas: reachable({ paths, parameters: b.parameters, responses: b.responses }, components),
      parameters: b.parameters,
      responses: b.responses,
      headers: headerComponents(),
    },
  };
}
