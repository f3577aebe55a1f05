/**
 * Black-box contract suite: speaks HTTP to a base URL (see helpers/server.ts) and covers every endpoint of the
 * route table in both families: success, each error code, and the headers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersJson, ENDPOINTS, fillPath, mediaTypeOf, readsQuery, RESOURCES, type Endpoint } from '../../src/api/route-table.ts';
import { exampleQuery, queryName, type ParamKind } from '../../src/api/params.ts';
import { v1DataSchema } from '../../src/api/v1-data.ts';
import { OWN_PAYLOADS, type MockUpstream } from '../helpers/mock.ts';
import { startTestServer } from '../helpers/server.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';
import { captureLogs } from '../helpers/logs.ts';

/** The server's logs of the faults the suite provokes (an upstream that cannot be asked): kept, not printed. */
captureLogs();

let baseUrl = '';
let close = async () => {};
let mock: MockUpstream | null = null;
/**
 * Against a deployed site or `netlify serve` (TYPHOON_API_BASE_URL) there is no mock upstream behind it: the
 * suites that drive the mock are skipped, and values that depend on live data are read from the lists.
 */
const AGAINST_MOCK = !process.env.TYPHOON_API_BASE_URL;
/**
 * `netlify serve` (TYPHOON_TARGET=netlify-cli) answers a path with broken percent-encoding with its own HTML 400
 * page before any rule or function runs; Netlify's CDN and the local server pass it on (docs/maintainers/operations.md,
 * "npm run test:netlify"). Those cases are left out there.
 */
const CLI_DECODES_PATHS = process.env.TYPHOON_TARGET === 'netlify-cli';
/**
 * Also the CLI's own: a function that answers 404 is called again with `.html`, `.htm`, `/index.html` and
 * `/index.htm` appended to the path (its imitation of the CDN's pretty URLs), so a function's 40401 reaches the
 * client as whatever that retry answered. And its upstreams point at a closed port (no network in tests): the
 * detail lookup's upstream tier cannot be asked, which is 50000/503.
 */
const CLI_RETRIES_FUNCTION_404 = CLI_DECODES_PATHS;
/**
 * Netlify's CDN answers a method other than GET and HEAD for a static file itself, and `netlify serve` its own
 * way; the local server answers 405 (docs/api/http.md). Functions and the misses they answer refuse them everywhere.
 */
const LOCAL_SERVER_ONLY = AGAINST_MOCK;
const brokenEncoding = (value: string) => {
  try {
    decodeURIComponent(value);
    return false;
  } catch {
    return true;
  }
};
awaitSharedBuild();
beforeAll(async () => {
  ({ baseUrl, close, mock } = await startTestServer());
  for (const list of ['news', 'knowledge']) {
    const body = await json(await fetch(`${baseUrl}/api/v1/${list}?size=1`));
    firstSlugs[list] = body.data.list[0]?.slug ?? NONE;
  }
  liveValues.flashId = (await json(await fetch(`${baseUrl}/api/v1/flash?size=1`))).data.list[0]?.id ?? NONE;
  liveValues.globalId = (await json(await fetch(`${baseUrl}/api/global/history`))).typhoons[0]?.id ?? NONE;
  liveValues.disturbanceId = (await json(await fetch(`${baseUrl}/api/disturbances`))).list[0]?.id ?? NONE;
  liveValues.archivedId = (await json(await fetch(`${baseUrl}/api/global/history?size=1`))).archive.list[0]?.id ?? NONE;
  // A route's own example (its entry's `examples`) is asked when the deployment holds it: a build of the real archive
  // without forecast decks verifies no archived storm (netlify serve's), so there is nothing to ask there. The shared
  // build holds every one (its decks are the tests' and the demo's), so a missing one fails here.
  for (const resource of RESOURCES.filter((r) => r.examples)) {
    const status = (await fetch(baseUrl + fillPath((resource.paths.web ?? resource.paths.v1) as string, resource.examples ?? {}))).status;
    if (status !== 404) heldExamples.add(resource.id);
    else if (AGAINST_MOCK) throw new Error(`the shared build does not hold the example of ${resource.id}`);
  }
}, 120_000);
afterAll(() => close());

/** Values present in both the real archive and the hand-written sample; slugs are read from the lists. */
const GOOD: Record<ParamKind, string> = {
  year: '2024',
  code: '202411',
  date: '09-06',
  keyword: 'yagi',
  slug: '',
  globalId: '',
  archivedId: '',
  disturbanceId: '',
  flashId: '',
  agency: 'hko',
};
/** A list was empty: there is no good value to ask for (a deployed site with no flash news yet). */
const NONE = 'none';
/** The routes whose own example the deployment holds (asked in beforeAll). */
const heldExamples = new Set<string>();
const liveValues: Partial<Record<ParamKind, string>> = {};
const MALFORMED: Record<ParamKind, string[]> = {
  year: ['abcd', '20245', '-1', '%E0%A4%A', '..%2F..%2Fetc'],
  code: ['abc', '2024111', '202411x', '%2e%2e%2f%2e%2e%2fpasswd'],
  date: ['13-01', '02-30', 'today', '0906'],
  keyword: ['%20%20', 'x'.repeat(51), '%E0%A4%A', 'a%2Fb'],
  slug: ['Storm_Surge', '%E5%8F%B0', '-x', '..%2F..%2Fsite'],
  globalId: ['NHC-AL132025', 'nhc-xx132025', 'al132025', 'jtwc-sh0624', '%00'],
  archivedId: ['NHC-AL041992', 'nhc-al0419', 'AL041992', 'ibtracs-2019246X12125', 'cma-2013', 'jtwc-wp272049', '%00'],
  disturbanceId: ['JTWC-WP942026', 'jtwc-wp192026', 'wp942026', 'nhc-ep912026', '%00'],
  flashId: ['XYZ', '123', 'ABCDEF123456', '%00'],
  agency: ['HKO', 'cma', 'hko%20', '%00'],
};
/** Well-formed values that name nothing (only where "nothing" is an error rather than an empty list). */
const MISSING: Partial<Record<ParamKind, string>> = {
  year: '1900',
  code: '209901',
  slug: 'no-such-article',
  globalId: 'nhc-al992030',
  archivedId: 'nhc-al991851',
  disturbanceId: 'jtwc-wp992030',
  flashId: '000000000000',
};
const firstSlugs: Record<string, string> = {};

const get = (path: string, init?: RequestInit) => fetch(baseUrl + path, init);
// Bodies are checked field by field below; `any` keeps those checks short.
const json = (response: Response): Promise<any> => response.json();

async function expectJsonHeaders(response: Response, endpoint: Pick<Endpoint, 'family'> & Partial<Pick<Endpoint, 'resource'>>) {
  const expected = endpoint.resource ? mediaTypeOf(endpoint.resource) : 'application/json';
  // netlify serve gives an extensionless static file its own Content-Type, ignoring _headers (docs/maintainers/operations.md).
  if (!(CLI_DECODES_PATHS && endpoint.resource?.servedBy.kind === 'static'))
    expect(response.headers.get('content-type')?.split(';')[0]).toBe(expected.split(';')[0]);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  if (endpoint.family === 'v1') expect(response.headers.get('x-api-version')).toBe('v1');
}

async function expectError(path: string, family: 'web' | 'v1', code: number, status: number, method = 'GET') {
  const response = await get(path, { method });
  expect(response.status, path).toBe(status);
  await expectJsonHeaders(response, { family });
  const body = await json(response);
  if (family === 'v1') expect(body).toMatchObject({ code, data: null, msg: expect.any(String), ts: expect.any(Number) });
  else expect(body).toMatchObject({ error: { code, status, message: expect.any(String) } });
}

/** A method the API does not answer: 405, with the family's `Allow`. */
async function expectRefused(path: string, family: 'web' | 'v1', method: string) {
  await expectError(path, family, 40400, 405, method);
  expect((await get(path, { method })).headers.get('allow'), `${method} ${path}`).toBe('GET, HEAD, OPTIONS');
}
/** Methods no family answers (both answer OPTIONS: the preflight). */
const REFUSED_METHODS = ['POST', 'DELETE'];

const paramsOf = (endpoint: Endpoint) => Object.entries(endpoint.resource.params) as [string, ParamKind][];
const goodValue = (endpoint: Endpoint, kind: ParamKind) =>
  kind === 'slug' ? (firstSlugs[endpoint.resource.id.replace(/-detail$/, '')] as string) : (liveValues[kind] ?? GOOD[kind]);
// A route's own example (its entry's `examples`) first: an archived storm whose forecasts were verified, not any.
const goodParams = (endpoint: Endpoint) =>
  Object.fromEntries(
    paramsOf(endpoint).map(([n, k]) => {
      const own = endpoint.resource.examples?.[n];
      return [n, own === undefined ? goodValue(endpoint, k) : heldExamples.has(endpoint.resource.id) ? own : NONE];
    }),
  );
const goodPath = (endpoint: Endpoint) => fillPath(endpoint.path, goodParams(endpoint)) + exampleQuery(endpoint.resource.query ?? []);

describe.each(ENDPOINTS.map((e) => [`${e.family} ${e.path}`, e] as const))('%s', (_, endpoint) => {
  it('answers a good request with the resource, in the family format, with the headers', async (ctx) => {
    if (Object.values(goodParams(endpoint)).includes(NONE)) return ctx.skip();
    const response = await get(goodPath(endpoint));
    expect(response.status).toBe(200);
    await expectJsonHeaders(response, endpoint);
    // A feed is text in its own media type: its schema is a string (test/unit/flash-feed.test.ts reads it as a feed).
    if (!answersJson(endpoint.resource)) {
      endpoint.resource.dataSchema.parse(await response.text());
      return;
    }
    const body = await json(response);
    if (endpoint.family === 'v1') {
      expect(body).toMatchObject({ code: 0, msg: 'ok', ts: expect.any(Number) });
      v1DataSchema(endpoint.resource).parse(body.data);
    } else {
      endpoint.resource.dataSchema.parse(endpoint.resource.webKey ? body[endpoint.resource.webKey] : body);
    }
  });

  for (const [name, kind] of paramsOf(endpoint)) {
    it.each(MALFORMED[kind].filter((bad) => !(CLI_DECODES_PATHS && brokenEncoding(bad))))(
      `answers 40001 for a malformed ${name} (%s)`,
      async (bad) => {
        const params = { ...goodParams(endpoint), [name]: bad };
        await expectError(fillPath(endpoint.path, params), endpoint.family, 40001, 400);
      },
    );
    it(`answers broken percent-encoding in ${name} with 40001`, async (ctx) => {
      if (CLI_DECODES_PATHS) return ctx.skip(); // the CLI's own HTML 400 (above)
      await expectError(fillPath(endpoint.path, { ...goodParams(endpoint), [name]: '%ZZ' }), endpoint.family, 40001, 400);
    });
    const missing = MISSING[kind];
    const answeredByFunction = endpoint.resource.servedBy.kind === 'function';
    if (missing) {
      // A value no file answers reaches a function on every host: the miss functions refuse methods too.
      it(`refuses ${REFUSED_METHODS.join(', ')} for a ${name} that does not exist with 405`, async () => {
        for (const method of REFUSED_METHODS)
          await expectRefused(fillPath(endpoint.path, { ...goodParams(endpoint), [name]: missing }), endpoint.family, method);
      });
    }
    if (missing && !(CLI_RETRIES_FUNCTION_404 && answeredByFunction)) {
      // Only the detail asks the upstream; the GeoJSON of a storm not active and not archived is a plain 40401.
      const upstreamClosed = CLI_RETRIES_FUNCTION_404 && endpoint.resource.id === 'typhoon-detail';
      it(`answers ${upstreamClosed ? '50000 (upstream closed)' : '40401'} for a ${name} that does not exist`, async () => {
        const path = fillPath(endpoint.path, { ...goodParams(endpoint), [name]: missing });
        if (upstreamClosed) await expectError(path, endpoint.family, 50000, 503);
        else await expectError(path, endpoint.family, 40401, 404);
      });
    }
  }

  const query = endpoint.resource.query ?? [];
  if (query.length > 0) {
    it.for(query.map(queryName))('answers broken percent-encoding in the query value %s with 40001, as in a path', async (name, ctx) => {
      if (Object.values(goodParams(endpoint)).includes(NONE)) return ctx.skip();
      const others = exampleQuery(query)
        .slice(1)
        .split('&')
        .filter((pair) => pair && !pair.startsWith(`${name}=`));
      await expectError(
        `${fillPath(endpoint.path, goodParams(endpoint))}?${[...others, `${name}=%ZZ`].join('&')}`,
        endpoint.family,
        40001,
        400,
      );
    });
  }

  // Decided once (docs/api/conventions.md#query-parameters): a function refuses what its route does not declare; a
  // static answer is a file the CDN serves whatever the query says, and says the same here.
  if (readsQuery(endpoint.resource))
    it('refuses a query parameter it does not declare with 40001, naming the ones it takes', async (ctx) => {
      if (Object.values(goodParams(endpoint)).includes(NONE)) return ctx.skip();
      const path = goodPath(endpoint);
      const response = await get(`${path}${path.includes('?') ? '&' : '?'}colour=red`);
      expect(response.status, path).toBe(400);
      await expectJsonHeaders(response, { family: endpoint.family });
      const body = await json(response);
      const known = (endpoint.resource.query ?? []).map(queryName);
      const message = `Unknown query parameter "colour" for this endpoint: it takes ${known.length ? known.join(', ') : 'none'}.`;
      if (endpoint.family === 'v1') expect(body).toMatchObject({ code: 40001, msg: message, data: null });
      else expect(body).toEqual({ error: { code: 40001, status: 400, message } });
    });
  else
    it('reads no query: a parameter it does not declare changes nothing', async (ctx) => {
      if (Object.values(goodParams(endpoint)).includes(NONE)) return ctx.skip();
      const path = goodPath(endpoint);
      const [plain, extra] = await Promise.all([get(path), get(`${path}?colour=red`)]);
      expect([extra.status, await extra.text()]).toEqual([200, await plain.text()]);
    });

  it(`refuses ${REFUSED_METHODS.join(', ')} with 405 and Allow, in the family format`, async (ctx) => {
    if (Object.values(goodParams(endpoint)).includes(NONE)) return ctx.skip();
    if (endpoint.resource.servedBy.kind === 'static' && !LOCAL_SERVER_ONLY) return ctx.skip();
    for (const method of REFUSED_METHODS) await expectRefused(goodPath(endpoint), endpoint.family, method);
  });

  it('answers HEAD like GET, without a body', async () => {
    const [got, head] = await Promise.all([get(goodPath(endpoint)), get(goodPath(endpoint), { method: 'HEAD' })]);
    expect(head.status).toBe(got.status);
    for (const name of ['content-type', 'access-control-allow-origin', 'x-api-version', 'cache-control'])
      expect(head.headers.get(name), name).toBe(got.headers.get(name));
    expect(await head.text()).toBe('');
  });

  // A browser preflights a cross-origin request with a header of its own (If-None-Match), in either family.
  it('answers the CORS preflight, and carries the CORS headers on its answers', async () => {
    const response = await get(goodPath(endpoint), {
      method: 'OPTIONS',
      // A header of the app's own beside If-None-Match: any header is allowed.
      headers: {
        Origin: 'https://example.org',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'if-none-match, x-app-version',
      },
    });
    expect(response.status).toBe(endpoint.family === 'v1' ? 200 : 204);
    expect(response.headers.get('x-api-version')).toBe(endpoint.family === 'v1' ? 'v1' : null);
    const answer = await get(goodPath(endpoint));
    for (const headers of [response.headers, answer.headers]) {
      expect(headers.get('access-control-allow-origin')).toBe('*');
      expect(headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      expect(headers.get('access-control-allow-headers')).toBe('*');
      expect(headers.get('access-control-expose-headers')).toContain('ETag');
    }
    if (endpoint.family === 'v1') expect(await json(response)).toMatchObject({ code: 0, msg: 'ok', data: null });
    else expect(await response.text()).toBe('');
  });
});

describe('errors that point the way', () => {
  it.each([
    // A query where the path takes the value, a name where a code belongs, the wrong case, the other family.
    ['/api/v1/history/search?q=yagi', 'v1', 40400, 404, 'The keyword goes in the path: /api/v1/history/search/yagi.'],
    ['/api/history/search?q=yagi', 'web', 40400, 404, 'The keyword goes in the path: /api/history/search/yagi.'],
    ['/api/v1/typhoons?code=202411', 'v1', 40001, 400, '/api/v1/typhoons/{code} takes code in its path: /api/v1/typhoons/202411.'],
    ['/api/v1/typhoons/yagi', 'v1', 40001, 400, 'To search for it: /api/v1/history/search/yagi.'],
    ['/api/typhoons/yagi', 'web', 40001, 400, 'To search for it: /api/history/search/yagi.'],
    ['/api/v1/global/typhoons/melissa', 'v1', 40001, 400, 'To search for it: /api/v1/global/history?q=melissa.'],
    ['/API/v1/typhoons', 'v1', 40400, 404, 'Paths are case-sensitive: did you mean /api/v1/typhoons?'],
    ['/Api/history/2024', 'web', 40400, 404, 'Paths are case-sensitive: did you mean /api/history/2024?'],
    ['/api/V1/History/Years', 'v1', 40400, 404, 'Paths are case-sensitive: did you mean /api/v1/history/years?'],
    ['/FEEDS/flash.xml', 'web', 40400, 404, 'Paths are case-sensitive: did you mean /feeds/flash.xml?'],
    ['/api/v1/llm/summary', 'v1', 40400, 404, 'Did you mean /api/v1/summary?'],
    ['/api/summary', 'web', 40400, 404, 'Did you mean /api/llm/summary?'],
    ['/api/v1/geojson/202411', 'v1', 40400, 404, 'The web family has /api/geojson/{code}.'],
    ['/api/flash', 'web', 40400, 404, 'The v1 family has /api/v1/flash.'],
    ['/api/v1/history/near?lat=22.3&lng=114.2&mingrade=TY', 'v1', 40001, 400, 'Did you mean minGrade?'],
    // A slip in a fixed segment: a plural for a singular, a `.json`, a typo where a parameter stands.
    ['/api/v1/histories/2024', 'v1', 40400, 404, 'Did you mean /api/v1/history/{year}?'],
    ['/api/typhoons/202411/agency', 'web', 40400, 404, 'Did you mean /api/typhoons/{code}/agencies?'],
    ['/api/v1/typhoons.json', 'v1', 40400, 404, 'Did you mean /api/v1/typhoons?'],
    ['/api/v1/history/year', 'v1', 40001, 400, 'Did you mean /api/v1/history/years?'],
    ['/API/V1/TYPHOONS/202411', 'v1', 40400, 404, 'Paths are case-sensitive: did you mean /api/v1/typhoons/202411?'],
  ] as const)('%s answers %s JSON that names the way', async (path, family, code, status, hint) => {
    const response = await get(path);
    expect(response.status, path).toBe(status);
    await expectJsonHeaders(response, { family });
    const body = await json(response);
    expect(family === 'v1' ? body : body.error, path).toMatchObject({ code });
    // The CLI asks again with /index.htm appended to a function's 404 (CLI_RETRIES_FUNCTION_404): the hint is for that path.
    if (!(CLI_RETRIES_FUNCTION_404 && status === 404)) expect(family === 'v1' ? body.msg : body.error.message, path).toContain(hint);
  });
});

describe('unknown endpoints', () => {
  it.each(['/api/v1/nope', '/api/v1/history/2024/extra', '/api/v1/', '/api/v1'])('v1 %s is 40400', (path) =>
    expectError(path, 'v1', 40400, 404),
  );
  it.each(['/api/nope', '/api/history/2024/extra', '/api/', '/feeds/nope', '/feeds/flash.json', '/feeds/'])(
    'web %s is a JSON 404',
    (path) => expectError(path, 'web', 40400, 404),
  );
  it.each([
    ['/api/v1/nope', 'v1'],
    ['/api/nope', 'web'],
    ['/feeds/nope', 'web'],
  ] as const)('%s refuses other methods with 405', async (path, family) => {
    for (const method of REFUSED_METHODS) await expectRefused(path, family, method);
  });
});

describe('search', () => {
  it('finds by Chinese name, English name in any case, code and code prefix, best match first', async () => {
    const byName = await json(await get('/api/v1/history/search/%E6%91%A9%E7%BE%AF'));
    expect(byName.data.list[0].code).toBe('202411');
    const byEnglish = await json(await get('/api/history/search/YaGi'));
    expect(byEnglish.typhoons[0].code).toBe('202411');
    const byCode = await json(await get('/api/history/search/202411'));
    expect(byCode.typhoons[0].code).toBe('202411');
    const byPrefix = await json(await get('/api/history/search/2024'));
    expect(byPrefix.typhoons.length).toBeGreaterThan(1);
    expect(byPrefix.typhoons.every((t: { code: string }) => t.code.startsWith('2024'))).toBe(true);
  });

  it('returns at most 50 results', async () => {
    const body = await json(await get('/api/history/search/19'));
    expect(body.typhoons.length).toBeLessThanOrEqual(50);
  });
});

describe('paged lists', () => {
  it.each(['/api/v1/news', '/api/v1/knowledge'])('%s pages with page and size and carries the total', async (path) => {
    const all = await json(await get(`${path}?size=50`));
    expect(all.data).toMatchObject({ page: 1, size: 50, total: expect.any(Number) });
    expect(all.data.list.length).toBe(Math.min(50, all.data.total));
    const second = await json(await get(`${path}?page=2&size=1`));
    expect(second.data.list[0]).toEqual(all.data.list[1]);
    const past = await json(await get(`${path}?page=999&size=10`));
    expect(past.data).toMatchObject({ list: [], total: all.data.total, page: 999 });
    const defaults = await json(await get(path));
    expect(defaults.data).toMatchObject({ page: 1, size: 20 });
  });

  it.each(['size=51', 'size=0', 'page=0', 'page=-1', 'page=abc', 'size=1.5', 'size=', 'page=1&page=2', 'size=99999999999'])(
    '?%s is 40001',
    (query) => expectError(`/api/v1/news?${query}`, 'v1', 40001, 400),
  );
});

describe('version check', () => {
  it('answers latest, min, url and notes per platform', async () => {
    for (const platform of ['android', 'ios', 'harmony']) {
      const body = await json(await get(`/api/v1/version?platform=${platform}`));
      expect(body.data).toMatchObject({
        platform,
        latest: expect.any(String),
        min: expect.any(String),
        url: expect.any(String),
        notes: expect.any(String),
        forceUpdate: null,
      });
    }
  });

  it('tells a client below min that the update is forced', async () => {
    const { data } = await json(await get('/api/v1/version?platform=android'));
    const below = await json(await get(`/api/v1/version?platform=android&current=0.0.1`));
    expect(below.data).toMatchObject({ forceUpdate: true, updateAvailable: true });
    const latest = await json(await get(`/api/v1/version?platform=android&current=${data.latest}`));
    expect(latest.data).toMatchObject({ forceUpdate: false, updateAvailable: false });
  });

  it.each([
    '',
    '?platform=',
    '?platform=windows',
    '?platform=ANDROID',
    '?platform=android&current=1.2',
    '?platform=android&current=v1.2.3',
    '?platform=ios&current=01.2.3',
    '?platform=ios&current=1.02.3',
  ])('%s is 40001', (query) => expectError(`/api/v1/version${query}`, 'v1', 40001, 400));
});

describe('bootstrap', () => {
  it('bundles site, announcements, typhoons, disturbances, warnings, briefing, today in history and versions', async () => {
    const { data } = await json(await get('/api/v1/bootstrap'));
    expect(Object.keys(data).sort()).toEqual([
      'announcements',
      'briefing',
      'dataset',
      'disturbances',
      'site',
      'todayInHistory',
      'typhoons',
      'versions',
      'warnings',
    ]);
    expect(data.announcements.total).toBe(data.announcements.list.length);
    expect(data.todayInHistory.total).toBeGreaterThanOrEqual(data.todayInHistory.list.length);
    expect(Object.keys(data.versions).sort()).toEqual(['android', 'harmony', 'ios']);
    if (!AGAINST_MOCK) return;
    expect(data.typhoons).toMatchObject({ total: 1, list: [{ code: '202699', grade: 'SuperTY' }] });
    expect(data.briefing.text).toContain('山竹');
    // The mock's advisory lists 94W (the recorded one of 22 Aug 15Z, or the own copy of 08Z): a JTWC invest, in brief.
    expect(data.disturbances).toMatchObject({ stale: false, upstream: 'ok' });
    expect(data.disturbances.list).toContainEqual(
      expect.objectContaining({ id: 'jtwc-wp942026', designator: '94W', potential: expect.objectContaining({ words: 'LOW' }) }),
    );
  });
});

describe.runIf(AGAINST_MOCK)('live typhoons (mock upstream)', () => {
  it.each(['/api/typhoons', '/api/v1/typhoons'])(
    '%s lists the active storm with its track, wind circles, forecasts and landfall',
    async (path) => {
      const body = await json(await get(path));
      const data = path.startsWith('/api/v1') ? body.data : body;
      expect(data).toMatchObject({
        total: 1,
        stale: false,
        upstream: 'ok',
        source: 'zj-live',
        fetchedAt: expect.stringMatching(/\+08:00$/),
      });
      const storm = (path.startsWith('/api/v1') ? data.list : data.typhoons)[0];
      expect(storm).toMatchObject({ code: '202699', name: '山竹', isActive: true, live: { source: 'zj-live', stale: false } });
      expect(Object.keys(storm.forecasts).sort()).toEqual(['cma', 'cwa', 'hko', 'jma', 'jtwc']);
      expect(storm.land[0]).toMatchObject({ time: '2026-08-22T23:30:00+08:00', grade: 'SuperTY' });
      expect(storm.points.at(-1).radius7).toEqual({ ne: 350, se: 320, sw: 300, nw: 300 });
    },
  );

  it.each(['/api/typhoons/202699', '/api/v1/typhoons/202699'])('%s answers the active storm from the snapshot (tier 1)', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const body = await json(response);
    const storm = path.startsWith('/api/v1') ? body.data : body.typhoon;
    expect(storm).toMatchObject({ code: '202699', live: { source: 'zj-live' } });
    // The live policy, purged by tag when the run changes the snapshot or the warnings it lists (the upstream tier keeps
    // its answer longer).
    expect(response.headers.get('netlify-cdn-cache-control')).toBe('public, durable, s-maxage=300, stale-while-revalidate=60');
    expect(response.headers.get('netlify-cache-tag')).toBe('live,warnings');
  });

  it('answers a code the archive lacks from the upstream (tier 3), and 40401 for a code found nowhere', async () => {
    mock?.setPayload(
      'zj/TyphoonInfo/20260031',
      JSON.stringify({
        ...JSON.parse(JSON.stringify(await (await fetch(`${mock?.zjBase}/TyphoonInfo/202699`)).json())),
        tfid: '20260031',
        isactive: '0',
        name: '未命名',
        enname: 'NAMELESS',
      }),
    );
    const found = await get('/api/v1/typhoons/20260031');
    expect(found.status).toBe(200);
    expect((await json(found)).data).toMatchObject({ code: '20260031', name: null, isActive: false });
    await expectError('/api/v1/typhoons/20260099', 'v1', 40401, 404);
    await expectError('/api/typhoons/20260099', 'web', 40401, 404);
  });

  it('answers a code of a season the archive holds with 40401 without asking the upstream; newer seasons and 8-digit ids are asked', async () => {
    const asked = (code: string) => mock?.requestedPaths().includes(`/zj/Api/TyphoonInfo/${code}`);
    await expectError('/api/v1/typhoons/194599', 'v1', 40401, 404);
    await expectError('/api/typhoons/194599-1', 'web', 40401, 404);
    expect([asked('194599'), asked('194599-1')]).toEqual([false, false]);
    // The Zhejiang service's ids of unnamed systems are never in the archive: the upstream may have one of any season.
    await expectError('/api/v1/typhoons/19450099', 'v1', 40401, 404);
    await expectError('/api/v1/typhoons/209901', 'v1', 40401, 404);
    expect([asked('19450099'), asked('209901')]).toEqual([true, true]);
  });

  it('keeps answering with the last good data, marked stale, when every upstream fails', async () => {
    mock?.setFault('5xx');
    try {
      const { refreshLive } = await import('../../src/live/refresh-typhoons.ts');
      const { fileStore } = await import('../../src/store/store.ts');
      const { createUpstreamClient } = await import('../../src/upstream/client.ts');
      const result = await refreshLive(
        { zjBase: mock!.zjBase, nmcBase: mock!.nmcBase, client: createUpstreamClient({ retries: 0 }) },
        fileStore(process.env.TYPHOON_LIVE_DIR as string),
      );
      expect(result.ok).toBe(false);
      const body = await json(await get('/api/v1/typhoons'));
      expect(body.data).toMatchObject({ total: 1, stale: true, upstream: 'unavailable' });
      expect(body.data.list[0]).toMatchObject({ code: '202699', live: { stale: true } });
      expect(body.data.staleReason).toMatch(/upstream failed at the last refresh/);
      // The upstream could not be asked: not "no such storm", which nobody said.
      await expectError('/api/v1/typhoons/20260099', 'v1', 50000, 503);
    } finally {
      mock?.setFault(null);
    }
  });
});

describe.runIf(AGAINST_MOCK)('global cyclones (mock upstream)', () => {
  it('lists the active cyclones outside the north-western Pacific, NHC and JTWC, without duplicates', async () => {
    const body = await json(await get('/api/global/typhoons'));
    expect(body.typhoons.map((t: { id: string }) => t.id).sort()).toEqual(['jtwc-sh062024', 'nhc-al132025']);
    // Fetched well, but MELISSA's last advisory (31 Oct 2025) is far past NHC's publishing bound at the mock's moment:
    // told as stale for that reason alone, never as current.
    const silent = 'the upstream has published nothing new since 2025-10-31T18:00:00Z';
    expect(body.sources.nhc).toMatchObject({ stale: true, staleReason: silent, upstream: 'ok' });
    const melissa = body.typhoons.find((t: { id: string }) => t.id === 'nhc-al132025');
    expect(melissa).toMatchObject({
      basin: 'AL',
      source: 'nhc',
      windPeriod: '1min',
      stale: true,
      staleReason: silent,
      isActive: true,
      maxWindKt: 160,
      minPressure: 892,
    });
    expect(melissa.points.at(-1)).toMatchObject({
      time: '2025-10-31T18:00:00Z',
      speed: 36,
      radius7: { ne: 611, se: 519, sw: 648, nw: 259 },
    });
    expect(melissa.forecasts.nhc.points[0].time).toBe('2025-11-01T06:00:00Z');
  });

  it('answers one cyclone by id, 40001 for a malformed id, 40401 for an unknown one', async () => {
    const body = await json(await get('/api/global/typhoons/jtwc-sh062024'));
    expect(body.typhoon).toMatchObject({ id: 'jtwc-sh062024', name: 'ANGGREK', basin: 'SH', seaArea: '南半球', source: 'jtwc' });
    expect(body.typhoon.points.at(-1)).toMatchObject({ pressure: 986, radius10: { ne: 148, se: 157, sw: 130, nw: 120 } });
  });

  it('filters the history by year and keyword; a bad year or q is a JSON error', async () => {
    expect((await json(await get('/api/global/history?year=2025'))).typhoons.map((t: { id: string }) => t.id)).toEqual(['nhc-al132025']);
    expect((await json(await get('/api/global/history?q=anggrek'))).typhoons.map((t: { id: string }) => t.id)).toEqual(['jtwc-sh062024']);
    expect((await json(await get('/api/global/history?q=%E5%8D%97%E5%8D%8A%E7%90%83'))).total).toBe(1);
    expect((await json(await get('/api/global/history?year=1999'))).typhoons).toEqual([]);
    const entry = (await json(await get('/api/global/history'))).typhoons[0];
    expect(Object.keys(entry)).toEqual(
      expect.arrayContaining(['name', 'atcfId', 'seaArea', 'startTime', 'endTime', 'peakGrade', 'maxSpeed', 'maxWindKt', 'minPressure']),
    );
    await expectError('/api/global/history?year=25', 'web', 40001, 400);
    await expectError('/api/global/history?q=', 'web', 40001, 400);
    await expectError(`/api/global/history?q=${'x'.repeat(51)}`, 'web', 40001, 400);
  });
});

describe.runIf(AGAINST_MOCK)('flash news and the live summary (mock upstream)', () => {
  it('wrote flash items for the mock storms, marked AI-generated, filterable by code', async () => {
    const body = await json(await get('/api/seo/news?code=202699'));
    // The test server's first poll sees the storm a day after its numbering: it began tracking it, no "forms".
    expect(body.news.map((n: { type: string }) => n.type).sort()).toEqual(['landfall', 'tracked']);
    for (const item of body.news)
      expect(item).toMatchObject({
        code: '202699',
        aiGenerated: true,
        generator: 'template',
        title: expect.any(String),
        contentEn: expect.any(String),
      });
    expect((await json(await get('/api/seo/news'))).total).toBeGreaterThanOrEqual(4);
    await expectError('/api/seo/news?code=abc', 'web', 40001, 400);
  });

  it('summarises the live situation in words and data', async () => {
    const body = await json(await get('/api/llm/summary'));
    expect(body).toMatchObject({ aiGenerated: true, generator: 'template', stale: expect.any(Boolean) });
    expect(body.summary).toContain('山竹');
    expect(body.typhoons[0]).toMatchObject({ code: '202699', speed: 52, pressure: 935 });
    expect(body.global.map((g: { id: string }) => g.id).sort()).toEqual(['jtwc-sh062024', 'nhc-al132025']);
  });
});

describe.runIf(AGAINST_MOCK)("publishedAt: the upstream's own time of live answers (mock upstream)", () => {
  const own = (file: string) => fs.readFileSync(path.join(OWN_PAYLOADS, file), 'utf8');
  const two = (n: string) => n.padStart(2, '0');
  /** The times the mock's payloads give: the Zhejiang storm's latest position, NHC's lastUpdate, the JTWC .tcw's heading. */
  const upstream = (() => {
    const zj = /^(\d{4})\/(\d+)\/(\d+) (\d+):(\d+)/.exec(JSON.parse(own('zj/TyphoonInfo_202699.json')).points.at(-1).time) ?? [];
    const [heading, , base] = own('jtwc/sh0624.tcw').split('\n');
    const dtg = /^WTXS31 PGTW (\d{2})(\d{2})(\d{2})/.exec(heading ?? '') ?? [];
    return {
      zj: `${zj[1]}-${two(zj[2] ?? '')}-${two(zj[3] ?? '')}T${two(zj[4] ?? '')}:${zj[5]}:00+08:00`,
      nhc: (JSON.parse(own('nhc/CurrentStorms.json')).activeStorms[0].lastUpdate as string).replace('.000Z', 'Z'),
      jtwc: `${base?.slice(0, 4)}-${base?.slice(4, 6)}-${dtg[1]}T${dtg[2]}:${dtg[3]}:00Z`,
    };
  })();
  const global = { 'nhc-al132025': upstream.nhc, 'jtwc-sh062024': upstream.jtwc };
  const BEIJING = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/;
  const UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
  /** The field is there, an ISO time with the family's offset, the upstream's time, and not later than the fetch. */
  const expectPublished = (published: unknown, expected: string, fetched: string) => {
    expect(published).toMatch(expected.endsWith('Z') ? UTC : BEIJING);
    expect(published).toBe(expected);
    expect(Date.parse(published as string)).toBeLessThanOrEqual(Date.parse(fetched));
  };
  const answer = async (web: string, v1: string, family: 'web' | 'v1') =>
    family === 'web' ? json(await get(web)) : (await json(await get(v1))).data;

  it('have been read from the payloads (the test can fail)', () => {
    expect(upstream).toEqual({ zj: '2026-08-23T02:00:00+08:00', nhc: '2025-10-31T18:00:00Z', jtwc: '2024-01-31T15:00:00Z' });
  });

  it.each(['web', 'v1'] as const)('global list (%s): every cyclone, and each source the newest of its own', async (family) => {
    const body = await answer('/api/global/typhoons', '/api/v1/global/typhoons', family);
    const cyclones: { id: keyof typeof global; publishedAt: string; lastSeenAt: string }[] = family === 'web' ? body.typhoons : body.list;
    expect(cyclones.map((c) => c.id).sort()).toEqual(Object.keys(global).sort());
    for (const c of cyclones) expectPublished(c.publishedAt, global[c.id], c.lastSeenAt);
    expectPublished(body.sources.nhc.publishedAt, upstream.nhc, body.sources.nhc.fetchedAt);
    expectPublished(body.sources.jtwc.publishedAt, upstream.jtwc, body.sources.jtwc.fetchedAt);
  });

  it.each(['web', 'v1'] as const)('global detail (%s)', async (family) => {
    for (const [id, expected] of Object.entries(global)) {
      const body = await answer(`/api/global/typhoons/${id}`, `/api/v1/global/typhoons/${id}`, family);
      const cyclone = family === 'web' ? body.typhoon : body;
      // Its record was written when the feed listed it: lastSeenAt is that fetch.
      expectPublished(cyclone.publishedAt, expected, cyclone.lastSeenAt);
    }
  });

  it.each(['web', 'v1'] as const)('near (%s): every storm, and the newest at the top', async (family) => {
    const body = await answer('/api/near?lat=22.3&lng=114.2', '/api/v1/near?lat=22.3&lng=114.2', family);
    const storms: { code: string; publishedAt: string }[] = family === 'web' ? body.storms : body.list;
    const expected: Record<string, string> = { '202699': upstream.zj, ...global };
    expect(storms.map((s) => s.code).sort()).toEqual(Object.keys(expected).sort());
    for (const s of storms) expectPublished(s.publishedAt, expected[s.code] as string, body.fetchedAt);
    expectPublished(body.publishedAt, upstream.zj, body.fetchedAt);
  });

  it.each(['web', 'v1'] as const)('live summary (%s): beside fetchedAt, and every global brief', async (family) => {
    const body = await answer('/api/llm/summary', '/api/v1/summary', family);
    expectPublished(body.publishedAt, upstream.zj, body.fetchedAt);
    for (const brief of body.global as { id: keyof typeof global; publishedAt: string }[])
      expectPublished(brief.publishedAt, global[brief.id], body.fetchedAt);
  });

  it("bootstrap: the typhoons' and the briefing's, beside their fetch", async () => {
    const { data } = await json(await get('/api/v1/bootstrap'));
    expectPublished(data.typhoons.publishedAt, upstream.zj, data.typhoons.fetchedAt);
    expectPublished(data.briefing.publishedAt, upstream.zj, data.briefing.generatedAt);
  });
});

describe('conditional requests', () => {
  it.each(['/api/v1/history/search/yagi', '/api/typhoons', '/api/v1/news', '/api/v1/version?platform=ios', '/api/global/history'])(
    '%s answers an ETag and 304 for If-None-Match',
    async (path) => {
      const first = await get(path);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(path, { headers: { 'If-None-Match': etag as string } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      // RFC 9110 §8.6: a 304 may carry the 200's Content-Length or none, never the 0 of its empty body.
      expect([null, first.headers.get('content-length')]).toContain(again.headers.get('content-length'));
      if (path.startsWith('/api/v1')) expect(again.headers.get('x-api-version')).toBe('v1');
      expect((await get(path, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    },
  );
});

describe.runIf(AGAINST_MOCK)('GeoJSON of an active storm', () => {
  it('comes from the snapshot with every agency forecast as its own features', async () => {
    const response = await get('/api/geojson/202699');
    expect(response.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.type).toBe('FeatureCollection');
    const agencies = body.features
      .filter((f: { properties: { kind: string } }) => f.properties.kind === 'forecast-track')
      .map((f: { properties: { agency: string } }) => f.properties.agency);
    expect(agencies.sort()).toEqual(['cma', 'cwa', 'hko', 'jma', 'jtwc']);
    await expectError('/api/geojson/209901', 'web', 40401, 404);
  });
});
