/**
 * A generated corpus of malformed requests against every endpoint: none may answer 5xx, HTML, a non-JSON
 * body (but a feed's own 200, in its media type) or anything that looks like a stack trace. Malformed paths are
 * tried under /api only: a path outside it that names no file or function (`/feeds/x`) is the site's 404 page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersJson, ENDPOINTS, mediaTypeOf, type Resource } from '../src/api/route-table.ts';
import { startTestServer } from './helpers/server.ts';
import { awaitSharedBuild } from './helpers/shared-build.ts';

let baseUrl = '';
let close = async () => {};
awaitSharedBuild();
beforeAll(async () => {
  ({ baseUrl, close } = await startTestServer());
}, 120_000);
afterAll(() => close());

const SEGMENTS = [
  '..', '%2e%2e', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%5c..%5cwindows', '%252e%252e%252f', '%c0%ae%c0%ae%2f', '%00', 'a%00b',
  '%', '%zz', '%E0%A4%A', '%F0%9F%8C%80', '🌀', '\u202etxt', '%E2%80%8B', '台风', 'x'.repeat(2000), '9'.repeat(400), '-1', '1e309',
  'NaN', 'null', 'undefined', '[object Object]', '<script>alert(1)</script>', "';--", '%3Cscript%3E', ' ', '%20', '+', 'CON', '.json',
];
const QUERIES = [
  'page=1e309', 'size=%00', 'page=%F0%9F%8C%80', 'size=-0', 'page=0x10', `size=${'9'.repeat(500)}`, 'platform=android%00',
  'platform[]=android', 'current=1.2.3.4', 'current=%E2%80%8B1.2.3', 'page=1&size=50&size=51', '&&&', '=', 'page',
  'code=', 'code=%00', 'code=..%2F..%2Fetc', 'code=202411&code=202411',
];

/** Each request, with the resource whose path it was made from (whose media type a 200 may have). */
function corpus(): Map<string, Resource> {
  const paths = new Map<string, Resource>();
  for (const { path, resource } of ENDPOINTS) {
    const add = (target: string) => paths.set(target, paths.get(target) ?? resource);
    if (path.startsWith('/api/')) {
      const hasParam = path.includes(':');
      for (const segment of SEGMENTS) add(hasParam ? path.replace(/:\w+/, segment) : `${path}/${segment}`);
      add(`${path.replace(/:\w+/g, '')}/`);
      add(path.replace(/(?!^)\//g, '//'));
    }
    for (const query of QUERIES) add(`${path.replace(/:\w+/g, '2024')}?${query}`);
  }
  return paths;
}

const CASES = corpus();

/** What is wrong with an answer's body in its family's format (null when nothing is). */
function formatProblem(path: string, status: number, body: unknown, headers: Headers): string | null {
  const v1 = /^\/api\/v1(\/|$|\?)/.test(path);
  if (v1) {
    const envelope = body as { code?: unknown; msg?: unknown; ts?: unknown };
    if (headers.get('x-api-version') !== 'v1') return 'no X-Api-Version: v1';
    if (typeof envelope.msg !== 'string' || typeof envelope.ts !== 'number') return 'not a v1 envelope';
    const expected = status === 200 ? [0] : status === 400 ? [40001] : status === 404 ? [40400, 40401] : [];
    return expected.includes(envelope.code as number) ? null : `v1 code ${String(envelope.code)} with HTTP ${status}`;
  }
  if (status === 200) return null;
  const error = (body as { error?: { code?: unknown; status?: unknown; message?: unknown } }).error;
  if (error?.status !== status || typeof error.message !== 'string') return `not a web error body for HTTP ${status}`;
  return null;
}

describe('bad-input corpus', () => {
  it('never answers 5xx, HTML, non-JSON, a stack trace, or an error outside its family\'s format', async () => {
    const failures: string[] = [];
    const queue = [...CASES];
    const worker = async () => {
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        const [path, resource] = next;
        const response = await fetch(baseUrl + path).catch((error: Error) => error);
        if (response instanceof Error) {
          failures.push(`${path}: ${response.message}`);
          continue;
        }
        const text = await response.text();
        const type = response.headers.get('content-type') ?? '';
        const feed = response.status === 200 && !answersJson(resource);
        if (response.status >= 500) failures.push(`${path}: HTTP ${response.status}`);
        else if (!type.startsWith(feed ? (mediaTypeOf(resource).split(';')[0] as string) : 'application/json')) failures.push(`${path}: ${type}`);
        else if (/<html/i.test(text) || /\n\s+at \S+ \(|\b[A-Z]\w*Error: /.test(text)) failures.push(`${path}: looks like HTML or a stack trace`);
        else if (!feed) {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            failures.push(`${path}: body is not JSON`);
            continue;
          }
          const problem = formatProblem(path, response.status, body, response.headers);
          if (problem) failures.push(`${path}: ${problem}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(failures).toEqual([]);
  }, 120_000);
});
