/**
 * The OpenAPI document is one a code generator can use: Redocly's recommended rules and Spectral's `oas` ruleset
 * find no error, openapi-typescript names the shared types, and the document says what the code does: every
 * endpoint of the route table with its parameters and every status it can answer, shared shapes written once.
 */
import fs from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifyMiss } from '../../src/api/classify-miss.ts';
import { familyOfPath } from '../../src/api/envelope.ts';
import { ERROR_CATALOG } from '../../src/api/errors.ts';
import { renderOpenApi } from '../../src/api/openapi.ts';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  queryName,
  readParam,
  readQueryValue,
  type ParamKind,
  type QueryKind,
} from '../../src/api/params.ts';
import { ENDPOINTS, errorsOf } from '../../src/api/route-table.ts';
import { PLATFORMS, siteConfigSchema } from '../../src/model/content-schemas.ts';

type Node = Record<string, any>;

const site = siteConfigSchema.parse(parse(fs.readFileSync('content/site.yaml', 'utf8')));
const doc = renderOpenApi(site) as Node;
const source = JSON.stringify(doc, null, 2);
const openApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');

/** The node a local `$ref` names (JSON pointer), or the node itself. */
function resolve(node: Node): Node {
  if (typeof node.$ref !== 'string') return node;
  const keys = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .map((k: string) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  return keys.reduce((at: Node | undefined, key: string) => at?.[key], doc) as Node;
}

/** Every [JSON pointer, value] of the document. */
function* walk(node: unknown, where = ''): Generator<[string, Node]> {
  if (!node || typeof node !== 'object') return;
  yield [where, node as Node];
  for (const [key, child] of Object.entries(node)) yield* walk(child, `${where}/${key}`);
}

/** JSON pointers of numeric schemas without a description (a description on an enclosing anyOf counts). */
function undescribedNumbers(node: unknown, where = '', described = false): string[] {
  if (!node || typeof node !== 'object') return [];
  const schema = node as Node;
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const own = described || typeof schema.description === 'string';
  const here = (types.includes('number') || types.includes('integer')) && !own ? [where] : [];
  return [
    ...here,
    ...Object.entries(schema).flatMap(([key, child]) =>
      key === 'anyOf' || key === 'oneOf'
        ? (child as unknown[]).flatMap((item, i) => undescribedNumbers(item, `${where}/${key}/${i}`, own))
        : undescribedNumbers(child, `${where}/${key}`, false),
    ),
  ];
}

describe('OpenAPI document: linters and generators', () => {
  it("has no error under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: '/api/openapi.json', config });
    const text = (p: (typeof problems)[number]) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;
    // Expected: operations with no parameter to get wrong (and the preflights) have no 4xx answer to declare.
    const warnings = problems.filter((p) => p.severity === 'warn' && p.ruleId !== 'operation-4xx-response');
    if (warnings.length) console.warn(`Redocly warnings:\n${warnings.map(text).join('\n')}`);
    expect(problems.filter((p) => p.severity === 'error').map(text)).toEqual([]);
  });

  it("has no error under Spectral's oas ruleset", async () => {
    const spectral = new Spectral();
    spectral.setRuleset(oas as Parameters<Spectral['setRuleset']>[0]);
    const results = await spectral.run(new Document(source, Parsers.Json, '/api/openapi.json'));
    const text = (r: (typeof results)[number]) => `${r.code} ${r.path.join('.')}: ${r.message}`;
    const warnings = results.filter((r) => r.severity === 1);
    if (warnings.length) console.warn(`Spectral warnings:\n${warnings.map(text).join('\n')}`);
    expect(results.filter((r) => r.severity === 0).map(text)).toEqual([]);
  });

  it('gives openapi-typescript named types for the shared shapes', async () => {
    const nodes = await openapiTS(structuredClone(doc) as OpenAPI3);
    const components = nodes.find((n): n is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(n) && n.name.text === 'components');
    const nameOf = (n: ts.PropertyName | undefined) => (n && (ts.isIdentifier(n) || ts.isStringLiteral(n)) ? n.text : '');
    const schemas = components?.members.find((m) => nameOf(m.name) === 'schemas') as ts.PropertySignature | undefined;
    const names = ((schemas?.type as ts.TypeLiteralNode | undefined)?.members ?? []).map((m) => nameOf(m.name));
    for (const name of [
      'Typhoon',
      'TrackPoint',
      'WindCircles',
      'Forecast',
      'ForecastPoint',
      'Landfall',
      'Envelope',
      'Error',
      'ErrorEnvelope',
      'Page',
    ]) {
      expect(names, name).toContain(name);
    }
    // A paged v1 list is the envelope around a Page of named items.
    expect(astToString(nodes).replace(/\s+/g, ' ')).toContain(
      'components["schemas"]["Envelope"] & { data: components["schemas"]["Page"] & { list: components["schemas"]["FlashItem"][]; }; }',
    );
  });
});

describe('OpenAPI document: what it says', () => {
  let refs: [string, string][] = [];
  beforeAll(() => {
    refs = [...walk(doc)].filter(([, node]) => typeof node.$ref === 'string').map(([where, node]) => [where, node.$ref as string]);
  });

  it("has every endpoint of the route table at its exact path, each with its preflight in its family's form", () => {
    for (const { family, path } of ENDPOINTS) {
      const item = doc.paths[openApiPath(path)];
      expect(item?.get, path).toBeDefined();
      expect(Object.keys(item?.options?.responses ?? {}), path).toEqual(family === 'v1' ? ['200', '304', '500'] : ['204', '500']);
    }
    expect(Object.keys(doc.paths).sort()).toEqual(ENDPOINTS.map((e) => openApiPath(e.path)).sort());
  });

  it('declares the path parameters of each path with a schema that accepts their example, as the code does', () => {
    for (const { resource, path } of ENDPOINTS) {
      const declared = (doc.paths[openApiPath(path)].parameters ?? []).map(resolve);
      expect(declared.map((p: Node) => p.name).sort(), path).toEqual(Object.keys(resource.params).sort());
      for (const parameter of declared) {
        const kind = resource.params[parameter.name] as ParamKind;
        expect(readParam(kind, parameter.name, parameter.example), path).toBe(parameter.example);
        expect(resolve(parameter.schema).pattern ?? resolve(parameter.schema).maxLength, `${path} ${parameter.name}`).toBeDefined();
      }
    }
  });

  it('types the query parameters: paging bounds and defaults, the platform enum', () => {
    const query = (name: string) => resolve({ $ref: `#/components/parameters/${name}` });
    expect(query('PageQuery').schema).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
    expect(query('SizeQuery').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE });
    expect(query('PlatformQuery')).toMatchObject({ name: 'platform', required: true });
    expect(resolve(query('PlatformQuery').schema).enum).toEqual([...PLATFORMS]);
  });

  it('shows the 40001 each parameter rule gives, in the words the server uses, and accepts every example', () => {
    for (const { resource, path } of ENDPOINTS) {
      const operation = doc.paths[openApiPath(path)].get;
      for (const parameter of operation.parameters.map(resolve).filter((p: Node) => p.in === 'query')) {
        const kind = (resource.query ?? []).find((k) => queryName(k) === parameter.name) as QueryKind;
        expect(() => readQueryValue(kind, String(parameter.example)), `${path} ${parameter.name}`).not.toThrow();
      }
      const names = [...Object.keys(resource.params), ...(resource.query ?? []).map(queryName)];
      if (names.length === 0) continue;
      const examples = operation.responses[400].content['application/json'].examples as Record<string, { value: Node }>;
      for (const name of names) expect(Object.keys(examples), `${path} ${name}`).toContain(`${name}-malformed`);
      for (const { value } of Object.values(examples)) {
        const error = value.error ?? value;
        expect(error.code, path).toBe(40001);
      }
    }
    const near = doc.paths['/api/v1/history/near'].get.responses[400].content['application/json'].examples;
    expect(near['from-after-to'].value.msg).toBe('from (2000) is after to (1990).');
    expect(near['lat-malformed'].value.msg).toContain('1e-7');
    const today = doc.paths['/api/history/today/{date}'];
    expect(today.get.responses[400].content['application/json'].examples['date-malformed'].value.error.message).toContain('"02-30"');
    expect(resolve(resolve(today.parameters[0]).schema).pattern).toBeDefined();
    expect(resolve(today.parameters[0]).description).toContain('02-30');
  });

  it('types the feeds as XML text, GeoJSON as RFC 7946 features and bootstrap versions per platform', () => {
    for (const [path, type] of [
      ['/feeds/flash.xml', 'application/rss+xml'],
      ['/feeds/flash.atom', 'application/atom+xml'],
    ] as const) {
      const content = doc.paths[path].get.responses[200].content;
      expect(Object.keys(content), path).toEqual([type]);
      expect(content[type].schema.type, path).toBe('string');
    }
    // The document beside its dataset (the web body's marker): the FeatureCollection is the first part.
    const geo = resolve(resolve(doc.paths['/api/geojson/{code}'].get.responses[200].content['application/geo+json'].schema).allOf[0]);
    const feature = resolve(geo.properties.features.items);
    expect(resolve(feature.properties.geometry).oneOf.map((g: Node) => g.properties.type.const)).toEqual([
      'Point',
      'LineString',
      'MultiLineString',
      'Polygon',
      'MultiPolygon',
    ]);
    expect(resolve(feature.properties.properties).properties.kind.enum).toContain('track-point');
    const bootstrap = doc.paths['/api/v1/bootstrap'].get.responses[200].content['application/json'].schema.allOf[1];
    const versions = bootstrap.properties.data.properties.versions;
    expect(Object.keys(versions.properties)).toEqual([...PLATFORMS]);
    expect(versions.required).toEqual([...PLATFORMS]);
    expect(versions.additionalProperties).toBeUndefined();
  });

  it('documents every status an operation can answer, with its headers', () => {
    for (const { resource, family, path } of ENDPOINTS) {
      const responses = doc.paths[openApiPath(path)].get.responses as Node;
      const statuses = [...errorsOf(resource).map((name) => ERROR_CATALOG[name].status), 200, 304];
      for (const status of statuses) expect(responses[status], `${path} ${status}`).toBeDefined();
      for (const [status, response] of Object.entries(responses)) {
        const headers = Object.keys(resolve(response as Node).headers ?? {});
        expect(headers.includes('X-Api-Version'), `${path} ${status}`).toBe(family === 'v1');
        expect(headers.includes('ETag'), `${path} ${status}`).toBe(status === '200' || status === '304');
        expect(headers, `${path} ${status}`).toEqual(expect.arrayContaining(['Cache-Control', 'Access-Control-Allow-Origin']));
      }
      expect(resolve(responses[304]).content, path).toBeUndefined();
    }
    expect(doc.paths['/api/v1/typhoons/{code}'].get.responses[503]).toBeDefined();
    expect(doc.paths['/api/v1/bootstrap'].get.responses[500]).toBeDefined();
  });

  it('writes shared shapes once, as components every $ref reaches', () => {
    for (const [where, ref] of refs) expect(resolve({ $ref: ref }), `${where} → ${ref}`).toBeDefined();
    const text = JSON.stringify(doc);
    for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, Node>)) {
      if (Object.keys(schema.properties ?? {}).length < 3) continue;
      expect(text.split(JSON.stringify(schema)).length - 1, `${name} is copied`).toBe(1);
    }
    const used = new Set(refs.map(([, ref]) => ref));
    for (const section of ['schemas', 'parameters', 'responses', 'headers']) {
      for (const name of Object.keys(doc.components[section]))
        expect(used, `${section}/${name} is unused`).toContain(`#/components/${section}/${name}`);
    }
  });

  it('has no $schema below the root and no ±(2^53 − 1) bounds', () => {
    expect([...walk(doc)].filter(([, node]) => '$schema' in node).map(([where]) => where)).toEqual([]);
    expect(source).not.toContain(String(Number.MAX_SAFE_INTEGER));
  });

  it('describes every numeric field, with units where the model has them', () => {
    expect(undescribedNumbers({ paths: doc.paths, schemas: doc.components.schemas })).toEqual([]);
    const point = doc.components.schemas.TrackPoint.properties as Node;
    expect(point.speed.description).toContain('m/s');
    expect(point.pressure.description).toContain('hPa');
    expect(point.moveSpeed.description).toContain('km/h');
    expect(point.radius7.description).toContain('km');
    expect(resolve(point.time).description).toContain('+08:00');
  });

  it('names the production server, no security, the data licence and a contact', () => {
    expect(doc.servers[0].url).toBe(site.homepage.replace(/\/$/, ''));
    expect(doc.security).toEqual([]);
    expect(doc.info.license.url).toMatch(/^https:\/\//);
    expect(doc.info.contact.url).toBe(site.homepage);
  });
});

describe('OpenAPI document: errors that point the way', () => {
  it('gives examples of hints that the API gives', () => {
    // "(/api/v1/history/year: /api/v1/history/years)": the request, then the path its error names.
    const examples = [...(doc.info.description as string).matchAll(/\((\/api\/[^\s:)]+): (\/api\/[^\s)]+)\)/g)];
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const [, request, named] of examples) {
      const url = new URL(request as string, 'http://localhost');
      let message: string;
      try {
        message = classifyMiss(url.pathname, familyOfPath(url.pathname), url.searchParams).message;
      } catch (thrown) {
        message = (thrown as Error).message;
      }
      expect(message, request).toContain(` ${named}`);
    }
  });
});
