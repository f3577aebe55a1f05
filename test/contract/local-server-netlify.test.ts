/**
 * The local server follows Netlify on a hand-made site: shadowing and `!`, splats (`/x/*` takes `/x`),
 * placeholders in the path and the query, trailing slashes, 3xx with the query passed on, rewrites to a function
 * with the original URL, 404 rules, a rewrite to a missing file, `_headers` on the request path or a rewrite's
 * target, lines the parsers reject (reported, left out), methods other than GET and HEAD, compression, ETags, HEAD,
 * and a rebuild seen at once.
 */
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalServer, type LocalServer } from '../../src/server/local-server.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { readConfig } from '../../src/config/env.ts';

const REDIRECTS = `# a file at /shadowed wins over this rule; /forced is forced
/shadowed /target.json 200
/forced /target.json 200!
/old/* /new/:splat 301
/q id=:id /by-id/:id 302
/news/:year/:slug /articles/:slug-:year.json 200
/api/v1/history/* /.netlify/functions/api-miss 200
/gone/* /missing.json 200
/errors/* /error.json 404
/country /target.json 200 Country=au
/no-destination
/odd /target.json 30x
`;

const HEADERS = `/*
  X-Everywhere: 1
/shadowed
  X-Request-Path: yes
/target.json
  X-Target: yes
/error.json
  Cache-Control: public, max-age=60
/big
  Content-Type: application/json; charset=utf-8
  a line without a colon
`;

const BIG = JSON.stringify({ list: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `storm ${i}` })) });

let root = '';
let server: LocalServer;
const errors: string[] = [];
const get = (target: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(server.url, target, { headers, method });

async function writeBuild(name: string, files: Record<string, string>): Promise<string> {
  const dir = path.join(root, 'builds', name);
  for (const [file, body] of Object.entries(files)) await fs.outputFile(path.join(dir, file), body);
  return dir;
}

/** Turns `public` to a build in one rename, as build/publish.ts does. */
async function publishBuild(dir: string): Promise<void> {
  const link = path.join(root, 'public.link');
  await fs.symlink(dir, link);
  await fs.rename(link, path.join(root, 'public'));
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-netlify-site-'));
  process.env.TYPHOON_LIVE_DIR = path.join(root, 'live');
  const build = await writeBuild('a', {
    _redirects: REDIRECTS,
    _headers: HEADERS,
    shadowed: 'the shadowed file',
    forced: 'the forced file',
    'target.json': '{"target":true}',
    'articles/hello-2024.json': '{"article":"hello"}',
    'error.json': '{"error":"not here"}',
    '404.html': '<h1>404 page</h1>',
    big: BIG,
    tiny: '{"tiny":true}',
    'dir/index.html': '<p>index</p>',
  });
  await publishBuild(build);
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
  server = await startLocalServer({ publicDir: path.join(root, 'public'), config: readConfig(), port: 0 });
}, 60_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
  await fs.remove(root);
});

describe('routing as on Netlify', () => {
  it('serves an existing file over a rule that is not forced (shadowing), with _headers of the request path', async () => {
    const answer = await get('/shadowed');
    expect(answer.body.toString()).toBe('the shadowed file');
    expect(answer.headers).toMatchObject({ 'x-request-path': 'yes', 'x-everywhere': '1' });
  });

  it('lets a forced rule win over the file, with _headers of the target', async () => {
    const answer = await get('/forced');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('{"target":true}');
    expect(answer.headers).toMatchObject({ 'x-target': 'yes', 'content-type': 'application/json' });
  });

  it('redirects with the splat and the query passed on; /x/* also takes /x', async () => {
    expect((await get('/old/a/b?x=1')).headers.location).toBe('/new/a/b?x=1');
    const bare = await get('/old');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/new/');
  });

  it('matches query placeholders, and not without the parameter', async () => {
    const answer = await get('/q?id=7');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/by-id/7');
    expect((await get('/q')).status).toBe(404);
  });

  it('fills path placeholders, a trailing slash ignored', async () => {
    for (const target of ['/news/2024/hello', '/news/2024/hello/']) {
      const answer = await get(target);
      expect(answer.status, target).toBe(200);
      expect(answer.body.toString()).toBe('{"article":"hello"}');
    }
  });

  it('runs a function for a rewrite to /.netlify/functions/<name>, with the original URL', async () => {
    const answer = await get('/api/v1/history/abcd');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 40001 });
  });

  it('serves the 404 page for a rewrite to a missing file, never falling through', async () => {
    const answer = await get('/gone/x');
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).toBe('<h1>404 page</h1>');
  });

  it('serves a 404 rule target with status 404 and the target headers', async () => {
    const answer = await get('/errors/x');
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).toBe('{"error":"not here"}');
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
  });

  it('serves files with a trailing slash or doubled slashes, and a folder as its index.html', async () => {
    expect((await get('/tiny/')).body.toString()).toBe('{"tiny":true}');
    expect((await get('//big')).headers['content-type']).toBe('application/json; charset=utf-8');
    for (const target of ['/dir', '/dir/']) expect((await get(target)).body.toString(), target).toBe('<p>index</p>');
  });

  it('never serves the routing files, however the path is written', async () => {
    for (const target of ['/_redirects', '//_headers', '/_redirects/', '/dir/..%2f_redirects', '/%5f_redirects']) {
      const answer = await get(target);
      expect(answer.status, target).toBe(404);
      expect(answer.body.toString(), target).not.toContain('X-Everywhere');
    }
  });

  it('reports the lines the parsers reject and the rules it cannot follow, and leaves them out', async () => {
    expect(errors.join('\n')).toMatch(/_redirects: Could not parse redirect line 11/);
    expect(errors.join('\n')).toMatch(/the status 30\b/);
    expect(errors.join('\n')).toMatch(/a condition \(Country\)/);
    expect((await get('/country')).status).toBe(404);
    expect((await get('/odd')).status).toBe(404);
  });

  it("answers a method other than GET and HEAD with 405 in the family's JSON, before files and rules; OPTIONS under /api is the preflight function's", async () => {
    for (const [method, target, family] of [
      ['POST', '/tiny', 'web'],
      ['PUT', '/forced', 'web'],
      ['DELETE', '/old/a', 'web'],
      ['OPTIONS', '/tiny', 'web'],
      ['POST', '/api/v1/history/abcd', 'v1'],
      ['PATCH', '/nothing/here', 'web'],
    ]) {
      const answer = await get(target as string, {}, method);
      expect([answer.status, answer.headers.allow, answer.headers['x-api-version']], `${method} ${target}`).toEqual([
        405,
        'GET, HEAD, OPTIONS',
        family === 'v1' ? 'v1' : undefined,
      ]);
      expect(JSON.parse(answer.body.toString()), `${method} ${target}`).toMatchObject(
        family === 'v1' ? { code: 40400, data: null } : { error: { code: 40400, status: 405 } },
      );
    }
    const preflight = await get('/api/v1/history/abcd', { Origin: 'https://example.org' }, 'OPTIONS');
    expect([preflight.status, preflight.headers['access-control-allow-methods']]).toEqual([200, 'GET, HEAD, OPTIONS']);
    // The web family's, and a wrong-case path's (the browser then gets the JSON 404 that says the right path).
    for (const [target, status] of [
      ['/api/history/abcd', 204],
      ['/feeds/flash.xml', 204],
      ['/API/v1/typhoons', 200],
    ] as const) {
      const answer = await get(target, { Origin: 'https://example.org' }, 'OPTIONS');
      expect([answer.status, answer.headers['access-control-allow-headers']], target).toEqual([status, '*']);
    }
  });

  it('gives a static file without Cache-Control Netlify default one, and an ETag it answers 304 to', async () => {
    const first = await get('/tiny');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await get('/tiny', { 'If-None-Match': first.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

describe('compression', () => {
  it('prefers brotli, honours q=0, and sends identity without Accept-Encoding; Vary on each', async () => {
    const br = await get('/big', { 'Accept-Encoding': 'gzip, deflate, br' });
    const gzip = await get('/big', { 'Accept-Encoding': 'br;q=0, gzip' });
    const plain = await get('/big');
    expect([br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding']]).toEqual([
      'br',
      'gzip',
      undefined,
    ]);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(BIG);
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(BIG);
    expect(plain.body.toString()).toBe(BIG);
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect(br.body.length).toBeLessThan(BIG.length / 3);
  });

  it('tags each encoding of a file apart, and answers 304 to any of its tags with the tag asked for', async () => {
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (coding) => (await get('/big', { 'Accept-Encoding': coding })).headers.etag as string),
    );
    const [br, gzip, plain] = tags;
    expect(new Set(tags).size).toBe(3);
    expect([br, gzip]).toEqual([plain?.replace(/"$/, '-br"'), plain?.replace(/"$/, '-gzip"')]);
    for (const tag of tags) {
      const again = await get('/big', { 'Accept-Encoding': 'br', 'If-None-Match': `"other", W/${tag}` });
      expect([again.status, again.headers.etag]).toEqual([304, tag]);
    }
    expect((await get('/big', { 'If-None-Match': plain?.replace(/"$/, '-zstd"') as string })).status).toBe(200);
  });

  it('leaves bodies under 1 KB and types that are not text alone', async () => {
    const tiny = await get('/target.json', { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.headers['content-type']).toBe('application/json');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBe('Accept-Encoding');
    const binary = await get('/shadowed', { 'Accept-Encoding': 'br, gzip' });
    expect(binary.headers['content-type']).toBe('application/octet-stream');
    expect(binary.headers['content-encoding']).toBeUndefined();
    expect(binary.headers.vary).toBeUndefined();
  });

  it('answers HEAD like GET without a body, uncompressed', async () => {
    const [got, head] = await Promise.all([get('/big'), get('/big', { 'Accept-Encoding': 'br' }, 'HEAD')]);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
    for (const name of ['content-type', 'content-length', 'etag', 'vary', 'x-everywhere'])
      expect(head.headers[name], name).toBe(got.headers[name]);
  });
});

describe('rebuilds', () => {
  it('serves a new build (files and rules) from the next request', async () => {
    expect((await get('/tiny')).body.toString()).toBe('{"tiny":true}');
    await publishBuild(await writeBuild('b', { _redirects: '/moved /tiny 200\n', tiny: '{"tiny":"again"}', '404.html': 'gone' }));
    expect((await get('/tiny')).body.toString()).toBe('{"tiny":"again"}');
    expect((await get('/moved')).body.toString()).toBe('{"tiny":"again"}');
    expect((await get('/shadowed')).status).toBe(404);
  });
});
