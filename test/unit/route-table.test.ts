/** The generated routing agrees with the route table and the function files (the docs' tables: docs-tables.test.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { renderHeaders, renderRedirects } from '../../src/api/netlify-rules.ts';
import { CACHE_POLICIES } from '../../src/api/cache-policy.ts';
import type { FunctionConfig } from '../../src/api/functions.ts';
import { loadBindings } from '../../src/api/handler-modules.ts';
import { envelope } from '../../src/api/envelope.ts';
import { answersJson, ENDPOINTS, pathNamer, RESOURCES, shownPath } from '../../src/api/route-table.ts';
import { answerBodies } from '../../src/api/serve.ts';
import { v1Data } from '../../src/api/v1-data.ts';
import { NAMES_FILE_IN_PROJECT, PLACES_FILE_IN_PROJECT, PROJECT_ROOT, WARNING_AREA_FILES } from '../../src/config/paths.ts';
import { configMethods, configPaths } from '../../src/server/local-functions.ts';
import { writeFunctions } from '../../build/write-functions.ts';
import { headersFor, readSiteRules, type SiteRules } from '../../src/server/site-rules.ts';

/** The generated files as Netlify's parsers read them (from files; problems fail the test). */
let parsed: SiteRules;
beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-rules-'));
  fs.writeFileSync(path.join(dir, '_redirects'), renderRedirects());
  fs.writeFileSync(path.join(dir, '_headers'), renderHeaders(false));
  parsed = await readSiteRules(dir, (line) => {
    throw new Error(line);
  });
  fs.rmSync(dir, { recursive: true });
});

describe('_redirects', () => {
  const rules = () => parsed.redirects;

  it('is pinned (test/__snapshots__/_redirects), and its size does not depend on the archive: under 100 rules', async () => {
    await expect(renderRedirects()).toMatchFileSnapshot('../__snapshots__/_redirects');
    expect(rules().length).toBeLessThan(100);
    expect(rules().every((r) => r.from.endsWith('*'))).toBe(true);
    expect(parsed.anyForced).toBe(false);
  });

  it('has the per-collection rules to the miss functions, then the catch-alls, then the catch-alls in every other case', () => {
    const lines = rules().map((r) => `${r.from} ${r.to} ${r.status}`);
    const catchAll = lines.indexOf('/api/* /.netlify/functions/api-miss 200');
    expect(lines[catchAll + 1]).toBe('/feeds/* /.netlify/functions/api-miss 200');
    expect(
      lines.slice(0, catchAll).every((line) => /^\/(api|feeds)\/[^*]+\*/.test(line)),
      'per-collection rules first',
    ).toBe(true);
    // `api` and `feeds` in each of their other spellings: 2^3 - 1 and 2^5 - 1.
    const cased = lines.slice(catchAll + 2);
    expect(cased).toHaveLength(7 + 31);
    expect(cased.every((line) => /^\/(api|feeds)\/\* \/\.netlify\/functions\/api-miss 200$/i.test(line))).toBe(true);
    expect(new Set(cased.map((line) => line.split(' ')[0])).size).toBe(cased.length);
  });

  it('brings every path under /api and /feeds that no file answers to a function, methods no function takes included', () => {
    const functionPaths = ENDPOINTS.filter((e) => e.resource.servedBy.kind === 'function').map((e) => e.path.replace(/:\w+/g, 'zzz'));
    const wrongCase = ['/API/v1/typhoons', '/Api', '/aPi/history/2024', '/FEEDS/flash.xml', '/Feeds'];
    for (const sample of [...functionPaths, '/api', '/api/nope', '/api/v1', '/api/v1/nope/deeper', '/feeds/nope', ...wrongCase]) {
      const first = rules().find((r) => r.match(sample, new URLSearchParams()));
      expect(first?.to, sample).toMatch(/^\/\.netlify\/functions\/(api-miss|typhoon-lookup)$/);
      expect(first?.status, sample).toBe(200);
    }
  });

  it('sends every parameterised endpoint to a collection rule before the catch-alls', () => {
    for (const endpoint of ENDPOINTS.filter((e) => e.path.includes(':'))) {
      const sample = endpoint.path.replace(/:\w+/g, 'zzz');
      const first = rules().find((r) => r.match(sample, new URLSearchParams()));
      // The miss handler of the collection: api-miss, or typhoon-lookup, which classifies misses the same way.
      expect(['/.netlify/functions/api-miss', '/.netlify/functions/typhoon-lookup'], sample).toContain(first?.to);
      expect(first?.from, sample).not.toMatch(/^\/api(\/v1)?\/\*$/);
    }
  });
});

describe('_headers', () => {
  it('is pinned (test/__snapshots__/_headers)', async () => {
    await expect(renderHeaders(false)).toMatchFileSnapshot('../__snapshots__/_headers');
  });

  it('gives every static answer (an extensionless file) its Content-Type from exactly one block', () => {
    for (const endpoint of ENDPOINTS.filter((e) => e.resource.servedBy.kind === 'static')) {
      const sample = endpoint.path.replace(/:\w+/g, 'zzz');
      expect(headersFor(parsed.headers, sample)['Content-Type'], sample).toBe(
        endpoint.resource.mediaType ?? 'application/json; charset=utf-8',
      );
    }
  });

  it('never sets one header twice for a path (Netlify would join the values)', () => {
    for (const p of [
      '/api/history/2024',
      '/api/v1/history/2024',
      '/api/v1/typhoons/202411',
      '/api/geojson/202411',
      '/api/history/today/09-06',
      '/api/openapi.json',
    ]) {
      const seen = parsed.headers
        .filter((b) => b.forRegExp.test(p))
        .flatMap((b) => Object.keys(b.values).map((name) => name.toLowerCase()));
      expect(new Set(seen).size, p).toBe(seen.length);
    }
  });

  it('gives v1 files the version header and web files none', () => {
    expect(headersFor(parsed.headers, '/api/v1/history/2024')['X-Api-Version']).toBe('v1');
    expect(headersFor(parsed.headers, '/api/history/2024')['X-Api-Version']).toBeUndefined();
  });
});

describe('functions (generated from the table and the bindings: build/write-functions.ts)', () => {
  /** The generated files, written where functions/ is (so that their imports resolve), imported, removed. */
  let generated: { name: string; handler: (req: Request) => Promise<Response>; config: FunctionConfig }[] = [];
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(PROJECT_ROOT, '.functions-test-'));
    try {
      const names = await writeFunctions(dir);
      generated = await Promise.all(
        names.map(async (file) => {
          const module = (await import(path.join(dir, file))) as { default: (req: Request) => Promise<Response>; config?: FunctionConfig };
          return { name: file.replace(/\.ts$/, ''), handler: module.default, config: module.config ?? {} };
        }),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are one per function name of the table, the miss handler, the preflight and the scheduled run, each a handler', () => {
    for (const fn of generated) expect(typeof fn.handler, fn.name).toBe('function');
    const named = RESOURCES.flatMap((r) => [r.servedBy.kind === 'function' ? r.servedBy.fn : null, r.missFn ?? null]).filter(
      (n): n is string => n !== null,
    );
    expect(generated.map((f) => f.name).sort()).toEqual([...new Set([...named, 'api-miss', 'preflight', 'scheduled-run'])].sort());
  });

  it('declare the config.path of exactly the endpoints the route table gives them', () => {
    for (const fn of generated) {
      const expected = ENDPOINTS.filter((e) => e.resource.servedBy.kind === 'function' && e.resource.servedBy.fn === fn.name).map(
        (e) => e.path,
      );
      if (fn.name === 'preflight') {
        // Every path of the API, both families: /api/* takes /api/v1/* too.
        expect(configPaths(fn.config)).toEqual(['/api/*', '/feeds/*']);
        expect(configMethods(fn.config)).toEqual(['OPTIONS']);
      } else {
        expect(configPaths(fn.config).sort(), fn.name).toEqual(expected.sort());
        if (expected.length) expect(configMethods(fn.config), fn.name).toEqual(['GET', 'HEAD']);
      }
    }
  });

  it('bundle exactly the data files their routes read, and the names and places tables where they read upstream names', () => {
    // The functions that normalise live upstream answers check storm names against the names table and give landfall places in English.
    const namesReaders = new Set(['scheduled-run', 'typhoon-lookup']);
    // The functions that place or link warnings read the agencies' areas (docs/api/warnings.md).
    const areaReaders = new Set(['scheduled-run', 'typhoon-lookup', 'live-typhoons', 'live-near', 'bootstrap', 'warnings']);
    for (const fn of generated) {
      const served = RESOURCES.filter((r) => (r.servedBy.kind === 'function' && r.servedBy.fn === fn.name) || r.missFn === fn.name);
      const names = [
        ...(namesReaders.has(fn.name) ? [`../${NAMES_FILE_IN_PROJECT}`, `../${PLACES_FILE_IN_PROJECT}`] : []),
        ...(areaReaders.has(fn.name) ? WARNING_AREA_FILES.map((file) => `../${file}`) : []),
      ];
      // Every function bundles the archive report: every answer says which archive it is (X-Typhoon-Dataset).
      const api = fn.name !== 'scheduled-run';
      const reads = [
        ...new Set([...(api ? [DATA_FILES.archiveReport] : []), ...served.flatMap((r) => r.reads ?? [])].map((file) => file.id)),
      ]
        .map((file) => `../public/${file}`)
        .concat(names)
        .sort();
      expect((fn.config.includedFiles ?? []).slice().sort(), fn.name).toEqual(reads);
    }
  });
});

describe('static routes', () => {
  it('render every static resource of the route table, and nothing else', async () => {
    const statics = RESOURCES.filter((r) => r.servedBy.kind === 'static')
      .map((r) => r.id)
      .sort();
    expect((await loadBindings()).statics.map((b) => b.binding.route.id).sort()).toEqual(statics);
  });

  it('are cached by a named policy (a file cannot be kept until a computed time)', () => {
    for (const r of RESOURCES.filter((r) => r.servedBy.kind === 'static')) expect(Object.keys(CACHE_POLICIES), r.id).toContain(r.cache);
  });

  it('are written in both families from one answer, each body what its family alone would be, the payload serialised once', () => {
    const ts = Date.parse('2025-03-01T00:00:00+08:00');
    for (const resource of RESOURCES.filter(answersJson)) {
      const payload = { [resource.list?.key ?? 'points']: [{ name: '摩羯 "Yagi"\\', lat: 12.5, gone: undefined }], total: 1, note: null };
      const answer = { payload, dataTime: ts, dataset: { kind: 'real' as const, storms: 3 } };
      const web = resource.webKey ? { [resource.webKey]: payload } : payload;
      expect(answerBodies(resource, ['web', 'v1'], answer, ts), resource.id).toEqual([
        JSON.stringify(resource.dataset ? { ...web, dataset: answer.dataset } : web),
        JSON.stringify(envelope(v1Data(resource, answer), ts)),
      ]);
      expect(answerBodies(resource, ['v1'], answer, ts), resource.id).toEqual([JSON.stringify(envelope(v1Data(resource, answer), ts))]);
    }
  });
});

describe('not-found texts', () => {
  const paths = (text: string) => [...text.matchAll(/\/(?:api|feeds)\/[^\s;,)]*[^\s;,.)]/g)].map(([path]) => path);

  it('name endpoints of the table, by their path in the family of the answer: a v1 client is not sent to the web family', () => {
    const webWithTwin = new Set(RESOURCES.flatMap((r) => (r.paths.web && r.paths.v1 ? [shownPath(r.paths.web)] : [])));
    const known = new Set(ENDPOINTS.map((e) => shownPath(e.path)));
    for (const route of RESOURCES.filter((r) => r.notFound)) {
      for (const family of ['web', 'v1'] as const) {
        if (!route.paths[family]) continue;
        const named = paths(route.notFound?.('X', pathNamer(family)) ?? '');
        for (const path of named) expect(known, `${route.id} ${family}: ${path}`).toContain(path);
        if (family === 'v1') for (const path of named) expect(webWithTwin, `${route.id}: ${path}`).not.toContain(path);
      }
    }
    expect(notFoundText('global-typhoon', 'v1')).toBe('No global cyclone X; /api/v1/global/history lists every cyclone ingested.');
    expect(notFoundText('global-typhoon', 'web')).toBe('No global cyclone X; /api/global/history lists every cyclone ingested.');
  });
});

const notFoundText = (id: string, family: 'web' | 'v1') => RESOURCES.find((r) => r.id === id)?.notFound?.('X', pathNamer(family));
