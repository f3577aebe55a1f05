/** The upstream client against a loopback server: decoding, wrappers, retries only where they belong, timeouts. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpstreamClient, stripJsonp, UpstreamError } from '../src/live/upstream-client.ts';

const hits = new Map<string, number>();
let base = '';
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    if (path === '/gbk-header') res.writeHead(200, { 'Content-Type': 'application/json; charset=gbk' }).end(Buffer.from('\uFEFF{"name":"摩羯"}', 'utf8'));
    else if (path === '/jsonp') res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end('typhoon_jsons_list_default(({"a":[1,2]}))');
    else if (path === '/flaky') res.writeHead(count < 3 ? 503 : 200).end(count < 3 ? 'busy' : '[1]');
    else if (path === '/missing') res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"status":404}');
    else if (path === '/html') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>maintenance</html>');
    else if (path === '/empty') res.writeHead(200).end();
    else if (path === '/broken') res.writeHead(200).end('{"a":');
    else if (path === '/slow') setTimeout(() => res.writeHead(200).end('[]'), 2000);
    else res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = createUpstreamClient({ timeoutMs: 300, retries: 2, backoffMs: 0 });
const failureOf = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: UpstreamError) => error.failure);

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
    expect(await failureOf(client.json(`${base}/slow`))).toBe('timeout');
    expect(hits.get('/slow')).toBe(3);
    expect(await failureOf(client.json('http://127.0.0.1:9/refused'))).toBe('network');
  });
});
