/** The local server's parts: Netlify path patterns, Accept-Encoding negotiation, the static file cache. */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, describe, expect, it } from 'vitest';
import { negotiate } from '../../src/server/compression.ts';
import { compilePath, fillTarget } from '../../src/server/netlify-match.ts';
import { createStaticCache } from '../../src/server/static-cache.ts';

describe('Netlify path patterns', () => {
  it.each([
    ['/api/v1/*', '/api/v1', { splat: '' }],
    ['/api/v1/*', '/api/v1/', { splat: '' }],
    ['/api/v1/*', '/api/v1/history/2024', { splat: 'history/2024' }],
    ['/api/v1/*', '/api/v1x', null],
    ['/x*', '/xyz', { splat: 'yz' }],
    ['/news/:year/:slug', '/news/2024/hello', { year: '2024', slug: 'hello' }],
    ['/news/:year/:slug', '/news/2024', null],
    ['/news/:year/:slug', '/news/2024/hello/more', null],
    ['/a.json', '/a.json/', {}],
    ['/a.json', '/aXjson', null],
    ['/API', '/api', null],
  ])('%s on %s', (pattern, pathname, expected) => {
    expect(compilePath(pattern)(pathname)).toEqual(expected);
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(fillTarget('/articles/:slug-:year.json?x=:nope', { slug: 'a', year: '2024' })).toBe('/articles/a-2024.json?x=:nope');
  });
});

describe('Accept-Encoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['gzip;q=0, *', 'br'],
    ['*;q=0', null],
    ['identity', null],
    ['x-gzip', 'gzip'],
    ['BR ; Q=0.8', 'br'],
    ['deflate', null],
    ['gzip;q=0.5, identity', null],
    ['gzip, identity;q=0', 'gzip'],
    ['identity;q=0', null],
  ])('%s answers %s', (header, expected) => {
    expect(negotiate(header)).toBe(expected);
  });
});

describe('static cache', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-static-cache-'));
  afterAll(() => fs.removeSync(dir));
  const write = (name: string, body: string) => {
    fs.writeFileSync(path.join(dir, name), body);
    return path.join(dir, name);
  };
  const get = (cache: ReturnType<typeof createStaticCache>, file: string) => cache.get(file, fs.statSync(file));

  it('reads a file once per stat, and again when it changes', async () => {
    const cache = createStaticCache(1 << 20);
    const file = write('a', 'first');
    const entry = await get(cache, file);
    expect(await get(cache, file)).toBe(entry);
    fs.renameSync(write('a.new', 'second!'), file);
    const fresh = await get(cache, file);
    expect(fresh.body.toString()).toBe('second!');
    expect(fresh.etag).not.toBe(entry.etag);
  });

  it('keeps the bytes held (bodies and variants) under its cap, dropping the least recently used', async () => {
    const cache = createStaticCache(5000);
    const files = ['b', 'c', 'd'].map((name) => write(name, JSON.stringify({ name, fill: name.repeat(1800) })));
    const [b, c, d] = files as [string, string, string];
    const first = await get(cache, b);
    const second = await get(cache, c);
    expect(await get(cache, b)).toBe(first); // b is now the most recently used
    await cache.encoded(first, 'gzip');
    await get(cache, d); // over the cap: c goes, b stays
    expect(cache.bytes()).toBeLessThanOrEqual(5000);
    expect(await get(cache, b)).toBe(first);
    expect(await get(cache, c)).not.toBe(second);
    expect(cache.bytes()).toBeLessThanOrEqual(5000);
  });

  it('compresses once per file', async () => {
    const cache = createStaticCache(1 << 20);
    const entry = await get(cache, write('e', 'x'.repeat(5000)));
    const [one, two] = await Promise.all([cache.encoded(entry, 'br'), cache.encoded(entry, 'br')]);
    expect(one).toBe(two);
  });
});
