/**
 * The v1 family's conventions, walked over the route table (docs/api/conventions.md, "The v1 family"): every collection
 * answers `data.list` and `data.total` (and `page`, `size`, `pages` when paged), from the local server and from the
 * static files the build wrote; every web route has a v1 twin unless the table says why not; `ts` is the data's
 * time: the archive's release on archive answers, the snapshot's fetch on live ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { exampleQuery, PARAMS } from '../../src/api/params.ts';
import { ENDPOINTS, fillPath, RESOURCES, type Endpoint } from '../../src/api/route-table.ts';
import { startTestServer } from '../helpers/server.ts';
import { awaitSharedBuild, sharedPublicDir } from '../helpers/shared-build.ts';

let baseUrl = '';
let close = async () => {};
/** The build's public/ folder; null against an external server (TYPHOON_API_BASE_URL). */
let publicDir: string | null = null;
const AGAINST_LOCAL = !process.env.TYPHOON_API_BASE_URL;

awaitSharedBuild();
beforeAll(async () => {
  ({ baseUrl, close } = await startTestServer());
  if (AGAINST_LOCAL) publicDir = await sharedPublicDir();
}, 120_000);
afterAll(() => close());

// Bodies are checked field by field below; `any` keeps those checks short.
const getJson = async (p: string): Promise<any> => {
  const response = await fetch(baseUrl + p);
  expect(response.status, p).toBe(200);
  return response.json();
};

/** An endpoint's example request: each parameter's example (encoded), and the query's. */
const examplePath = (endpoint: Endpoint) =>
  fillPath(
    endpoint.path,
    Object.fromEntries(
      Object.entries(endpoint.resource.params).map(([name, kind]) => [
        name,
        encodeURIComponent(endpoint.resource.examples?.[name] ?? PARAMS[kind as keyof typeof PARAMS].example),
      ]),
    ),
  ) + exampleQuery(endpoint.resource.query ?? []);

/** What is wrong with a v1 collection's data, in words; empty when nothing. */
function collectionFaults(endpoint: Endpoint, data: Record<string, unknown>): string[] {
  const faults: string[] = [];
  const list = data.list;
  if (!Array.isArray(list)) return [`data.list is not an array`];
  if (!Number.isInteger(data.total) || (data.total as number) < list.length)
    faults.push(`data.total ${data.total} for ${list.length} items`);
  for (const key of ['typhoons', 'storms', 'years'])
    if (key in data && endpoint.resource.list?.key === key) faults.push(`data.${key} is still there beside data.list`);
  if (endpoint.resource.list?.paged)
    for (const key of ['page', 'size', 'pages']) if (!Number.isInteger(data[key])) faults.push(`paged, but data.${key} is ${data[key]}`);
  return faults;
}

const V1_COLLECTIONS = ENDPOINTS.filter((e) => e.family === 'v1' && e.resource.list);

describe('v1 collections', () => {
  it('are declared in the route table (the live list, a year, search, near, paged lists, today, global)', () => {
    expect(V1_COLLECTIONS.map((e) => e.resource.id).sort()).toEqual(
      [
        'disturbance-history',
        'disturbances',
        'flash-list',
        'global-history',
        'global-typhoon-forecasts',
        'global-history-years',
        'global-near',
        'global-similar',
        'global-typhoons',
        'history-near',
        'history-search',
        'history-today',
        'history-today-date',
        'history-year',
        'history-years',
        'knowledge-list',
        'live-near',
        'live-typhoons',
        'news-list',
        'typhoon-forecasts',
        'typhoon-similar',
        'verification',
        'warnings-history',
      ].sort(),
    );
  });

  it.each(V1_COLLECTIONS.map((e) => [e.path, e] as const))('%s answers data.list and data.total', async (_, endpoint) => {
    const body = await getJson(examplePath(endpoint));
    expect(collectionFaults(endpoint, body.data)).toEqual([]);
  });

  it.each(V1_COLLECTIONS.filter((e) => e.resource.servedBy.kind === 'static').map((e) => [e.path, e] as const))(
    '%s is written so by the build',
    (_, endpoint) => {
      if (!publicDir) return; // an external server: no build to read
      const file = path.join(publicDir, decodeURIComponent(examplePath(endpoint)).slice(1));
      const body = JSON.parse(fs.readFileSync(file, 'utf8'));
      expect(collectionFaults(endpoint, body.data)).toEqual([]);
    },
  );

  it('keep the web family as the spec has it (the same array under its own name)', async () => {
    const [web, v1] = await Promise.all([getJson('/api/history/2024'), getJson('/api/v1/history/2024')]);
    const { typhoons, ...rest } = web;
    expect(v1.data).toEqual({ list: typhoons, ...rest });
  });
});

describe('v1 twins', () => {
  const webOnly = RESOURCES.filter((r) => r.paths.web && !r.paths.v1);

  it('every web route has one, but those the table says why not', () => {
    expect(webOnly.filter((r) => !r.webOnly).map((r) => r.id)).toEqual([]);
    // The list: feeds are not JSON, GeoJSON and OpenAPI are read as they are, flash news is /api/v1/flash.
    expect(webOnly.map((r) => r.id).sort()).toEqual([
      'disturbances-geojson',
      'flash-atom',
      'flash-rss',
      'global-storm-geojson',
      'global-typhoon-forecasts-geojson',
      'openapi',
      'seo-news',
      'typhoon-forecasts-geojson',
      'typhoon-geojson',
      'warnings-geojson',
    ]);
    // docs/api/conventions.md's table of them is written from the same declarations (build/docs-tables.ts).
    expect(RESOURCES.filter((r) => r.webOnly && r.paths.v1).map((r) => r.id)).toEqual([]);
  });

  it('/api/v1/history/today is today in history, not a year named "today"', async () => {
    const body = await getJson('/api/v1/history/today');
    expect(body.data).toMatchObject({ date: expect.stringMatching(/^\d{2}-\d{2}$/), today: expect.any(String) });
    expect(Array.isArray(body.data.list)).toBe(true);
  });
});

/** The archive's report the build wrote beside the answers. */
async function readReport(publicDir: string) {
  const report = await DATA_FILES.archiveReport.read(publicDir);
  if (!report) throw new Error(`no archive report in ${publicDir}`);
  return report;
}

describe('ts', () => {
  it("is the archive's release time on archive answers, static or not", async (ctx) => {
    if (!publicDir) return ctx.skip();
    const report = await readReport(publicDir);
    expect(report.releasedAt).toBeGreaterThan(0);
    for (const p of ['/api/v1/history/years', '/api/v1/history/2024', '/api/v1/typhoons/202411', '/api/v1/history/search/yagi'])
      expect((await getJson(p)).ts, p).toBe(report.releasedAt);
  });

  it("is the snapshot's last successful fetch on live answers", async (ctx) => {
    if (!AGAINST_LOCAL) return ctx.skip();
    const body = await getJson('/api/v1/typhoons');
    expect(body.data.fetchedAt).toEqual(expect.any(String));
    expect(body.ts).toBe(Date.parse(body.data.fetchedAt));
    const bootstrap = await getJson('/api/v1/bootstrap');
    expect(bootstrap.ts).toBe(Date.parse(bootstrap.data.typhoons.fetchedAt));
  });
});

describe('dataset', () => {
  it('says which archive the answers come from, with its storms counted', async (ctx) => {
    if (!publicDir) return ctx.skip();
    const report = await readReport(publicDir);
    const expected = { kind: report.demo ? 'demo' : 'real', storms: report.storms };
    const archive = [
      '/history/search/yagi',
      '/typhoons/202411',
      '/history/years',
      '/history/2024',
      '/history/near?lat=20&lng=115&radius=300',
      '/history/today',
      '/history/today/09-06',
      '/typhoons/202411/similar',
    ];
    for (const p of ['/bootstrap', ...archive]) expect((await getJson(`/api/v1${p}`)).data.dataset, p).toEqual(expected);
    // The web family says it beside the payload (a GeoJSON document as a foreign member).
    for (const p of [...archive, '/geojson/202411']) expect((await getJson(`/api${p}`)).dataset, p).toEqual(expected);
  });

  it('says it in a header on every answer of both families, static, function or error', async (ctx) => {
    if (!publicDir) return ctx.skip();
    const report = await DATA_FILES.archiveReport.read(publicDir);
    if (!report) throw new Error('the build wrote no archive report');
    const kind = report.demo ? 'demo' : 'real';
    for (const p of [
      '/api/history/years',
      '/api/v1/typhoons/202411',
      '/api/typhoons',
      '/api/v1/near?lat=20&lng=115',
      '/api/v1/nope',
      '/api/history/24',
      '/feeds/flash.xml',
    ])
      expect((await fetch(`${baseUrl}${p}`)).headers.get('x-typhoon-dataset'), p).toBe(kind);
    // A method no function takes, answered by the api-miss function on Netlify (by the local server itself here).
    expect((await fetch(`${baseUrl}/api/history/years`, { method: 'POST' })).headers.get('x-typhoon-dataset')).toBe(kind);
    const preflight = await fetch(`${baseUrl}/api/v1/typhoons`, { method: 'OPTIONS' });
    expect(preflight.headers.get('x-typhoon-dataset')).toBe(kind);
    expect(preflight.headers.get('access-control-expose-headers')).toContain('X-Typhoon-Dataset');
  });
});
