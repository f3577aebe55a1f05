/**
 * The upstream client against a loopback server: decoding, wrappers, retries only where they belong, timeouts, and
 * a deadline read from a clock the test moves (no test here depends on how fast the machine is).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allAnswered,
  createUpstreamClient,
  MIN_ATTEMPT_MS,
  stripJsonp,
  type UpstreamError,
  type Validated,
} from '../../src/upstream/client.ts';
import { manualClock } from '../helpers/clock.ts';
import { captureLogs } from '../helpers/logs.ts';

const hits = new Map<string, number>();
/** The clock of the deadline tests; `/busy` moves it on, as an upstream that takes that long would. */
const clock = manualClock();
const BUSY_MS = 800;
let base = '';
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    if (path === '/gbk-header')
      res.writeHead(200, { 'Content-Type': 'application/json; charset=gbk' }).end(Buffer.from('\uFEFF{"name":"摩羯"}', 'utf8'));
    else if (path === '/jsonp')
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end('typhoon_jsons_list_default(({"a":[1,2]}))');
    else if (path === '/flaky') res.writeHead(count < 3 ? 503 : 200).end(count < 3 ? 'busy' : '[1]');
    else if (path === '/missing') res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"status":404}');
    else if (path === '/html') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>maintenance</html>');
    else if (path === '/empty') res.writeHead(200).end();
    else if (path === '/broken') res.writeHead(200).end('{"a":');
    else if (path === '/versioned') {
      // A cache in the way: every conditional request gets 304, but with the ETag of another version.
      if (req.headers['if-none-match']) res.writeHead(304, { ETag: '"v1"' }).end();
      else res.writeHead(200, { ETag: '"v2"' }).end(`{"version":${count}}`);
    } else if (path === '/confirmed') {
      if (req.headers['if-none-match'] === '"c1"') res.writeHead(304, { ETag: 'W/"c1"' }).end();
      else res.writeHead(200, { ETag: '"c1"' }).end('{"kept":true}');
    } else if (path === '/hang')
      return; // never answers (the connection is closed at the end)
    else if (path === '/busy') {
      clock.advance(BUSY_MS);
      res.writeHead(503).end('busy');
    } else res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

// The normal timeout (8 s): an answer never races a short timer, however busy the machine. Only what never answers
// is waited for less.
const client = createUpstreamClient({ retries: 2, backoffMs: 0 });
const impatient = createUpstreamClient({ timeoutMs: 100, retries: 2, backoffMs: 0 });
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: UpstreamError) => error.failure,
  );

describe('upstream client', () => {
  it('decodes UTF-8 whatever the charset says and drops a BOM', async () => {
    expect(await client.json(`${base}/gbk-header`)).toEqual({ name: '摩羯' });
  });

  it('strips JSONP wrappers with one or two parentheses', async () => {
    expect(await client.json(`${base}/jsonp`)).toEqual({ a: [1, 2] });
    expect(stripJsonp('cb({"x":1})')).toBe('{"x":1}');
    expect(stripJsonp('[{"x":1}]')).toBe('[{"x":1}]');
  });

  it('retries a 503 a bounded number of times', async () => {
    expect(await client.json(`${base}/flaky`)).toEqual([1]);
    expect(hits.get('/flaky')).toBe(3);
  });

  it('does not retry a 404, and classifies every kind of failure', async () => {
    expect(await failureOf(client.json(`${base}/missing`))).toBe('http');
    expect(hits.get('/missing')).toBe(1);
    expect(await failureOf(client.json(`${base}/html`))).toBe('html');
    expect(await failureOf(client.json(`${base}/empty`))).toBe('empty');
    expect(await failureOf(client.json(`${base}/broken`))).toBe('json');
    expect(await failureOf(impatient.json(`${base}/hang`))).toBe('timeout');
    expect(hits.get('/hang')).toBe(3);
    expect(await failureOf(client.json('http://127.0.0.1:9/refused'))).toBe('network');
  });
});

describe('a deadline', () => {
  const errorOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: UpstreamError) => error,
    );

  it("cuts each attempt's timeout to the time left", async () => {
    const before = hits.get('/hang') ?? 0;
    const late = createUpstreamClient({ timeoutMs: 8000, retries: 0, deadline: clock() + 300, clock });
    const error = await errorOf(late.json(`${base}/hang`));
    expect(error).toMatchObject({ failure: 'timeout', message: expect.stringMatching(/no answer within 300 ms$/) });
    expect(hits.get('/hang')).toBe(before + 1);
  });

  it(`starts no attempt with less than ${MIN_ATTEMPT_MS} ms left`, async () => {
    const before = hits.get('/jsonp') ?? 0;
    const late = createUpstreamClient({ deadline: clock() + MIN_ATTEMPT_MS - 1, clock });
    const error = await errorOf(late.json(`${base}/jsonp`));
    expect(error).toMatchObject({ failure: 'timeout', message: expect.stringMatching(/not asked: the time for this run is used up$/) });
    expect(hits.get('/jsonp') ?? 0).toBe(before);
    expect(await createUpstreamClient({ deadline: clock() + MIN_ATTEMPT_MS, clock }).json(`${base}/jsonp`)).toEqual({ a: [1, 2] });
  });

  it('starts no retry that the time left could not hold', async () => {
    const before = hits.get('/busy') ?? 0;
    // Each answer takes 800 ms of the clock: after the first, 1,000 − 800 = 200 ms are left, under MIN_ATTEMPT_MS.
    const client = createUpstreamClient({ retries: 5, backoffMs: 0, deadline: clock() + 1000, clock });
    expect(await errorOf(client.json(`${base}/busy`))).toMatchObject({ failure: 'http', status: 503 });
    expect(hits.get('/busy')).toBe(before + 1);
    // With time for two answers and a third attempt's minimum, three.
    const roomier = createUpstreamClient({ retries: 5, backoffMs: 0, deadline: clock() + 2 * BUSY_MS + MIN_ATTEMPT_MS, clock });
    expect(await errorOf(roomier.json(`${base}/busy`))).toMatchObject({ failure: 'http', status: 503 });
    expect(hits.get('/busy')).toBe(before + 4);
  });
});

describe('conditional requests', () => {
  const logs = captureLogs();
  const cacheOf = () => {
    const entries = new Map<string, Validated>();
    return { get: (url: string) => entries.get(url), set: (url: string, v: Validated) => void entries.set(url, v) };
  };

  it('takes a 304 as "unchanged" only when it names the ETag sent (weak or strong alike)', async () => {
    const client = createUpstreamClient({ backoffMs: 0, validators: cacheOf() });
    expect(await client.json(`${base}/confirmed`)).toEqual({ kept: true });
    expect(await client.json(`${base}/confirmed`)).toEqual({ kept: true });
    expect(hits.get('/confirmed')).toBe(2);
  });

  it('asks again without conditions after a 304 for another validator: the new version, never the kept body', async () => {
    const client = createUpstreamClient({ backoffMs: 0, validators: cacheOf() });
    expect(await client.json(`${base}/versioned`)).toEqual({ version: 1 });
    // The conditional request is answered 304 with "v1" where "v2" was sent: not a confirmation.
    expect(await client.json(`${base}/versioned`)).toEqual({ version: 3 });
    expect(hits.get('/versioned')).toBe(3);
    expect(logs.lines()).toEqual([
      `${base}/versioned: 304 Not Modified for another validator than the one sent; asked again without conditions`,
    ]);
  });
});

describe('a set of requests', () => {
  it('settles only once every request has: the work of a slow one is done before the set fails', async () => {
    const done: string[] = [];
    let answer: () => void = () => {};
    const slow = new Promise<string>((resolve) => {
      answer = () => {
        done.push('slow');
        resolve('slow');
      };
    });
    const set = allAnswered([Promise.reject(new Error('404')), slow, 'at hand']);
    let settled = false;
    set.catch(() => {}).finally(() => (settled = true));
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    answer();
    await expect(set).rejects.toThrow('404');
    expect(done).toEqual(['slow']);
    await expect(allAnswered([Promise.resolve(1), 2])).resolves.toEqual([1, 2]);
  });
});
