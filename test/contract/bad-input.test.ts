/**
 * A generated corpus of malformed requests against every endpoint: none may answer 5xx, HTML, a non-JSON
 * body (but a feed's own 200, in its media type), anything that looks like a stack trace, or an error a shared
 * cache may keep (errors are `private` or `no-store`), over HTTP and, for
 * methods, to each function's handler in-process. Doubled slashes are single ones (docs/api/http.md), so a path's
 * family is that of its path with them collapsed; a path in the wrong case is in the family it would be in.
 */
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleQuery, PARAMS, type ParamKind } from '../../src/api/params.ts';
import { answersJson, ENDPOINTS, fillPath, mediaTypeOf, RESOURCES, type Endpoint, type Resource } from '../../src/api/route-table.ts';
import { apiFunctionHandler, apiFunctions } from '../../src/server/local-functions.ts';
import { readConfig } from '../../src/config/env.ts';
import { startTestServer } from '../helpers/server.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';

let baseUrl = '';
let close = async () => {};
awaitSharedBuild();
beforeAll(async () => {
  ({ baseUrl, close } = await startTestServer());
}, 120_000);
afterAll(async () => {
  for (const agent of Object.values(AGENTS)) agent.destroy();
  await close();
});

/**
 * The corpus goes through Node's own HTTP client on kept-alive connections: over loopback it takes a third of the
 * CPU fetch does per request, and the file sends about 5,000. It sends what fetch sends (the URL parsed the same
 * way, Accept-Encoding: gzip, deflate) and undoes the encoding as fetch would.
 */
const AGENTS = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
interface Answer {
  status: number;
  headers: Headers;
  text: string;
}
function send(method: string, path: string): Promise<Answer> {
  const url = new URL(baseUrl + path);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method, agent: AGENTS[url.protocol as keyof typeof AGENTS], headers: { accept: '*/*', 'accept-encoding': 'gzip, deflate' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            for (const one of ([] as (string | undefined)[]).concat(value)) if (one !== undefined) headers.append(name, one);
          try {
            const raw = Buffer.concat(chunks);
            const encoding = headers.get('content-encoding');
            const body = encoding === 'gzip' ? zlib.gunzipSync(raw) : encoding === 'deflate' ? zlib.inflateSync(raw) : raw;
            resolve({ status: response.statusCode ?? 0, headers, text: body.toString('utf8') });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const SEGMENTS = [
  '..',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%5c..%5cwindows',
  '%252e%252e%252f',
  '%c0%ae%c0%ae%2f',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '%F0%9F%8C%80',
  '🌀',
  '\u202etxt',
  '%E2%80%8B',
  '台风',
  'x'.repeat(2000),
  'x'.repeat(17_000),
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  '[object Object]',
  '<script>alert(1)</script>',
  "';--",
  '%3Cscript%3E',
  ' ',
  '%20',
  '+',
  'CON',
  '.json',
];
const QUERIES = [
  'page=1e309',
  'size=%00',
  'page=%F0%9F%8C%80',
  'size=-0',
  'page=0x10',
  `size=${'9'.repeat(500)}`,
  'platform=android%00',
  'platform[]=android',
  'current=1.2.3.4',
  'current=%E2%80%8B1.2.3',
  'page=1&size=50&size=51',
  '&&&',
  '=',
  'page',
  'code=',
  'code=%00',
  'code=..%2F..%2Fetc',
  'code=202411&code=202411',
  'code=%ZZ',
  'q=%E0%A4%A',
  'lat=%ZZ&lng=1',
  // A keyed parameter twice, or once more percent-encoded: an error no CDN may file under the good URL.
  'lat=20&lng=120&l%61t=91',
  'lat=20&lng=120&lat=21',
];

/** Each request, with the resource whose path it was made from (whose media type a 200 may have). */
function corpus(): Map<string, Resource> {
  const paths = new Map<string, Resource>();
  for (const { path, resource } of ENDPOINTS) {
    const add = (target: string) => paths.set(target, paths.get(target) ?? resource);
    {
      const hasParam = path.includes(':');
      for (const segment of SEGMENTS) add(hasParam ? path.replace(/:\w+/, segment) : `${path}/${segment}`);
      add(`${path.replace(/:\w+/g, '')}/`);
      add(path.replace(/(?!^)\//g, '//'));
      // Paths are case-sensitive: another case is a JSON miss of the API, never the site's HTML 404 page.
      const filled = path.replace(/:\w+/g, '2024');
      add(filled.replace(/^\/\w+/, (root) => root.toUpperCase()));
      add(filled.toUpperCase());
    }
    for (const query of QUERIES) add(`${path.replace(/:\w+/g, '2024')}?${query}`);
  }
  return paths;
}

const CASES = corpus();

/** The v1 codes each HTTP status may carry. */
const V1_CODES: Record<number, number[]> = { 200: [0], 400: [40001], 404: [40400, 40401], 405: [40400], 431: [40001] };

/** What is wrong with an answer's body in its family's format (null when nothing is). */
function formatProblem(path: string, status: number, body: unknown, headers: Headers): string | null {
  const v1 = /^\/api\/v1(\/|$|\?)/i.test(path.replace(/\/{2,}/g, '/'));
  if (status === 405 && headers.get('allow') !== 'GET, HEAD, OPTIONS') return `405 with Allow: ${headers.get('allow')}`;
  if (v1) {
    const envelope = body as { code?: unknown; msg?: unknown; ts?: unknown };
    if (headers.get('x-api-version') !== 'v1') return 'no X-Api-Version: v1';
    if (typeof envelope.msg !== 'string' || typeof envelope.ts !== 'number') return 'not a v1 envelope';
    return (V1_CODES[status] ?? []).includes(envelope.code as number) ? null : `v1 code ${String(envelope.code)} with HTTP ${status}`;
  }
  if (status === 200) return null;
  const error = (body as { error?: { code?: unknown; status?: unknown; message?: unknown } }).error;
  if (error?.status !== status || typeof error.message !== 'string') return `not a web error body for HTTP ${status}`;
  return null;
}

/** What is wrong with an answer to a request made from a resource's path, or to one that must be JSON (null when nothing is). */
function answerProblem(path: string, resource: Resource | null, response: Answer): string | null {
  const { text } = response;
  const type = response.headers.get('content-type') ?? '';
  const feed = response.status === 200 && resource !== null && !answersJson(resource);
  if (response.status >= 500) return `HTTP ${response.status}`;
  // The web family's preflight: the CORS headers, no body.
  if (response.status === 204)
    return text === '' && response.headers.get('access-control-allow-methods') ? null : 'a 204 that is no preflight';
  // No shared cache keeps an error (docs/api/conventions.md#caching).
  const cache = response.headers.get('cache-control') ?? '';
  if (response.status >= 400 && (!/^(private|no-store)\b/.test(cache) || response.headers.has('netlify-cdn-cache-control')))
    return `an error a CDN may keep (Cache-Control: ${cache})`;
  // A 200 carries its route's media type (JSON, GeoJSON, a feed's); every error is JSON.
  const expected = response.status === 200 && resource !== null ? (mediaTypeOf(resource).split(';')[0] as string) : 'application/json';
  if (!type.startsWith(expected)) return type;
  if (/<html/i.test(text) || /\n\s+at \S+ \(|\b[A-Z]\w*Error: /.test(text)) return 'looks like HTML or a stack trace';
  if (feed || (response.status === 200 && text === '')) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'body is not JSON';
  }
  return formatProblem(path, response.status, body, response.headers);
}

/** Each request, 8 at a time; the failures, each with its method and path. */
async function failuresOf(requests: [method: string, path: string, resource: Resource, expectedStatus?: number][]): Promise<string[]> {
  const failures: string[] = [];
  const queue = [...requests];
  const worker = async () => {
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const [method, path, resource, expectedStatus] = next;
      const response = await send(method, path).catch((error: Error) => error);
      const problem =
        response instanceof Error
          ? response.message
          : expectedStatus !== undefined && response.status !== expectedStatus
            ? `HTTP ${response.status}, not ${expectedStatus}`
            : answerProblem(path, resource, response);
      if (problem) failures.push(`${method} ${path}: ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return failures;
}

/** A well-formed request to an endpoint: its parameters' examples and its required query. */
const examplePath = ({ path, resource }: Pick<Endpoint, 'path' | 'resource'>) =>
  fillPath(
    path,
    Object.fromEntries(
      Object.entries(resource.params).map(([name, kind]) => [name, resource.examples?.[name] ?? PARAMS[kind as ParamKind].example]),
    ),
  ) + exampleQuery(resource.query ?? []);

/** Methods the API does not answer, and OPTIONS, the preflight (v1: 200 with the envelope; web: 204). */
const REFUSED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const refusedStatus = (path: string, method: string) => (method !== 'OPTIONS' ? 405 : path.startsWith('/api/v1') ? 200 : 204);

describe('bad-input corpus', () => {
  it("never answers 5xx, HTML, non-JSON, a stack trace, or an error outside its family's format", async () => {
    expect(await failuresOf([...CASES].map(([path, resource]) => ['GET', path, resource]))).toEqual([]);
  }, 120_000);

  it("answers every other method than GET and HEAD on every endpoint with 405 and Allow in its family's format (OPTIONS: the preflight)", async () => {
    const requests = ENDPOINTS.flatMap((endpoint) =>
      REFUSED_METHODS.map(
        (method) =>
          [method, examplePath(endpoint), endpoint.resource, refusedStatus(endpoint.path, method)] as [string, string, Resource, number],
      ),
    );
    expect(await failuresOf(requests)).toEqual([]);
  }, 120_000);
});

describe('functions in-process', () => {
  it("answer a method other than GET and HEAD with 405 in the family's format before their handlers run (OPTIONS: the preflight)", async () => {
    const failures: string[] = [];
    // The scheduled run is not among them: Netlify's scheduler runs it with a POST; it is never reachable by URL.
    for (const planned of await apiFunctions()) {
      const fn = { name: planned.name, handler: apiFunctionHandler(planned, () => readConfig()) };
      const served = RESOURCES.filter((r) => (r.servedBy.kind === 'function' && r.servedBy.fn === fn.name) || r.missFn === fn.name);
      const paths = [
        ...served.flatMap((resource) => Object.values(resource.paths).map((path) => examplePath({ path, resource }))),
        '/api/v1/nothing',
        '/api/nothing',
        '/feeds/nothing',
      ];
      for (const path of paths) {
        for (const method of REFUSED_METHODS) {
          const response = await fn.handler(new Request(`http://localhost${path}`, { method }));
          const expected = refusedStatus(path, method);
          const answer = { status: response.status, headers: response.headers, text: await response.text() };
          const problem = response.status !== expected ? `HTTP ${response.status}, not ${expected}` : answerProblem(path, null, answer);
          if (problem) failures.push(`${fn.name} ${method} ${path}: ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
