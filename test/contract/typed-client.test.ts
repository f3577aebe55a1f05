/**
 * The typed client (clients/typescript) against the API: every GET operation of the OpenAPI document the server
 * serves, walked from its paths (a new route is covered without touching this file), is asked through the client
 * with its parameters' examples. Each answer is one the operation documents, read by the client as the document
 * says (JSON, or text for the feeds) without a parse error, and of the media type the document gives. The
 * committed generated types are checked to be what `npm run client:generate` writes now.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SCHEMA_FILE, renderClientSchema } from '../../build/client-schema.ts';
import {
  createEtagCache,
  createTyphoonClient,
  FEED_PATHS,
  items,
  pages,
  type paths,
  TyphoonApiError,
  type TyphoonClient,
  unwrap,
} from '../../clients/typescript/src/index.ts';
import { documentedMediaTypes, type OpenApiDocument, type OpenApiOperation, operationRequests } from '../helpers/openapi-walk.ts';
import { startTestServer } from '../helpers/server.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';

type GetPath = {
  [P in keyof paths]: paths[P] extends { get: object } ? P : never;
}[keyof paths];

/**
 * The paths as the walk sees them: the parameters come from the document at run time, so the compiler cannot pair
 * them with a path (the server checks them: a mismatch is an undocumented 400 the test fails on), and each answer
 * is checked as what it is at run time. The same client with the generated types is in the typed calls below.
 */
type WalkPaths = Record<
  GetPath,
  {
    get: {
      parameters: { path?: Record<string, string>; query?: Record<string, string> };
      responses: { 200: { content: Record<string, unknown> }; default: { content: Record<string, unknown> } };
    };
  }
>;

let baseUrl = '';
let close = async () => {};
let client: TyphoonClient;
let walker: ReturnType<typeof createTyphoonClient<WalkPaths>>;
let doc: OpenApiDocument;

awaitSharedBuild();
beforeAll(async () => {
  ({ baseUrl, close } = await startTestServer());
  client = createTyphoonClient({ baseUrl });
  walker = createTyphoonClient<WalkPaths>({ baseUrl });
  doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
}, 120_000);
afterAll(() => close());

const isGetPath = (path: string): path is GetPath => Object.hasOwn(doc.paths, path) && doc.paths[path]?.get !== undefined;
const isFeed = (path: string) => (FEED_PATHS as readonly string[]).includes(path);

/** Every GET operation's request, its path checked to be one of the typed client's. */
function requests(): { path: GetPath; operation: OpenApiOperation; pathParams: Record<string, string>; query: Record<string, string> }[] {
  return operationRequests(doc, ['get']).map(({ path, operation, pathParams, query }) => {
    if (!isGetPath(path)) throw new Error(`${path}: no GET operation in the typed client's paths`);
    return { path, operation, pathParams, query };
  });
}

describe('typed client', () => {
  it('has its generated types up to date (npm run client:generate)', async () => {
    expect(await fs.readFile(CLIENT_SCHEMA_FILE, 'utf8')).toBe(await renderClientSchema());
  });

  it('asks every GET operation of the document with its examples and reads every answer', async () => {
    const seen: string[] = [];
    for (const { path, operation, pathParams, query } of requests()) {
      const init = { params: { path: pathParams, query }, parseAs: isFeed(path) ? ('text' as const) : ('json' as const) };
      const { data, error, response } = await walker.GET(path, init);
      const label = `${operation.operationId} ${response.url}`;
      expect(documentedMediaTypes(doc, operation, response.status), `${label}: ${response.status} is not documented`).not.toEqual([]);
      const type = response.headers.get('content-type')?.split(';')[0] ?? '';
      expect(documentedMediaTypes(doc, operation, response.status), label).toContain(type);
      if (response.ok) {
        expect(error, label).toBeUndefined();
        expect(data, label).toBeDefined();
        if (isFeed(path)) expect(typeof data, label).toBe('string');
        else expect(typeof data, label).toBe('object');
      } else {
        expect(error, label).toBeDefined();
      }
      seen.push(`${response.status} ${operation.operationId}`);
    }
    expect(seen.length).toBe(Object.keys(doc.paths).length);
  }, 120_000);

  it('reads typed answers without a cast: feeds as text, GeoJSON, bootstrap, numbers as JavaScript writes them', async () => {
    const rss = await client.GET('/feeds/flash.xml', { parseAs: 'text' });
    const feed: string | undefined = rss.data;
    expect(feed).toMatch(/^<\?xml[^>]*\?>\s*<rss/);
    const atom = await client.GET('/feeds/flash.atom', { params: { query: { code: '202411' } }, parseAs: 'text' });
    expect(atom.data).toMatch(/<feed xmlns="http:\/\/www.w3.org\/2005\/Atom"/);

    const geo = await client.GET('/api/geojson/{code}', { params: { path: { code: '202411' } } });
    expect(geo.data?.type).toBe('FeatureCollection');
    const kinds = new Set(geo.data?.features.map((f) => `${f.properties.kind} ${f.geometry.type}`));
    expect(kinds).toContain('track LineString');
    expect(kinds).toContain('track-point Point');

    const boot = await client.GET('/api/v1/bootstrap');
    const latest: string | undefined = boot.data?.data.versions.android.latest;
    expect(latest).toMatch(/^\d+\.\d+\.\d+$/);

    // openapi-fetch writes 0.0000001 as String() does, 1e-7: the server reads it as the number it is.
    const near = await client.GET('/api/v1/near', { params: { query: { lat: 0.0000001, lng: 114.2 } } });
    expect(near.response.status).toBe(200);
    expect(near.response.url).toContain('lat=1e-7');

    const articles = await client.GET('/api/v1/knowledge', { params: { query: { category: 'basics' } } });
    expect(articles.data?.data.list.length).toBeGreaterThan(0);
    expect(articles.data?.data.list.every((a) => a.category === 'basics')).toBe(true);
    const unknown = await client.GET('/api/v1/knowledge', {
      params: { query: { category: 'basics' } },
      querySerializer: () => 'category=weather',
    });
    expect(unknown.error?.code).toBe(40001);
  });
});

describe("typed client's helpers", () => {
  const yagi = { params: { path: { code: '202411' } } };

  it('unwraps v1 data, and turns an error of either family and a 304 into a TyphoonApiError', async () => {
    expect((await unwrap(client.GET('/api/v1/typhoons/{code}', yagi))).enname).toBe('YAGI');
    const v1 = await unwrap(client.GET('/api/v1/history/{year}', { params: { path: { year: '24' } } })).catch((e: unknown) => e);
    expect(v1).toBeInstanceOf(TyphoonApiError);
    expect(v1).toMatchObject({ status: 400, code: 40001, message: expect.stringContaining('four-digit year') });
    expect(typeof (v1 as TyphoonApiError).ts).toBe('number');
    // @ts-expect-error unwrap is typed for v1 answers (a web payload has no data.data); a web error is read all the same
    const web = await unwrap(client.GET('/api/typhoons/{code}', { params: { path: { code: '2024xx' } } })).catch((e: unknown) => e);
    expect(web).toMatchObject({ status: 400, code: 40001, ts: null });
    const first = await client.GET('/api/v1/typhoons/{code}', yagi);
    const etag = first.response.headers.get('ETag') ?? '';
    const again = await client.GET('/api/v1/typhoons/{code}', { params: { ...yagi.params, header: { 'If-None-Match': etag } } });
    expect(again).toMatchObject({ notModified: true, response: { status: 304 } });
    expect(again.data).toBeUndefined();
    expect(again.error).toBeUndefined();
    await expect(unwrap(again)).rejects.toMatchObject({ status: 304, code: null });
  });

  it('reads every page of a list, and every item once', async () => {
    const seen: number[] = [];
    for await (const page of pages((page) => client.GET('/api/v1/news', { params: { query: { page, size: 1 } } }))) seen.push(page.page);
    const all = await unwrap(client.GET('/api/v1/news', { params: { query: { size: 50 } } }));
    expect(seen).toEqual(Array.from({ length: all.total }, (_, i) => i + 1));
    const slugs: string[] = [];
    for await (const item of items((page) => client.GET('/api/v1/news', { params: { query: { page, size: 2 } } }))) slugs.push(item.slug);
    expect(slugs).toEqual(all.list.map((item) => item.slug));
  });

  it('revalidates with the ETag it keeps, answers a 304 with the kept body, and keeps at most maxEntries URLs', async () => {
    const api = createTyphoonClient({ baseUrl });
    const cache = createEtagCache({ maxEntries: 1 });
    api.use(cache.middleware);
    const sent: (string | null)[] = [];
    api.use({ onRequest: ({ request }) => void sent.push(request.headers.get('If-None-Match')) });
    const first = await api.GET('/api/v1/typhoons/{code}', yagi);
    const again = await api.GET('/api/v1/typhoons/{code}', yagi);
    expect([first.response.status, again.response.status]).toEqual([200, 200]);
    expect([cache.revalidated(first.response), cache.revalidated(again.response)]).toEqual([false, true]);
    expect(again.data).toEqual(first.data);
    expect(sent).toEqual([null, first.response.headers.get('ETag')]);
    await api.GET('/api/v1/history/years');
    expect(cache.size).toBe(1);
    const evicted = await api.GET('/api/v1/typhoons/{code}', yagi);
    expect(cache.revalidated(evicted.response)).toBe(false);
    expect(sent.at(-1)).toBeNull();
  });
});
