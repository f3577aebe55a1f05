/** The generated routing agrees with the route table, the function files and the README. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderHeaders, renderRedirects } from '../src/api/netlify-rules.ts';
import { ENDPOINTS, RESOURCES } from '../src/api/route-table.ts';
import { configMethods, configPaths, loadFunctions } from '../src/server/function-registry.ts';
import { headersFor, matchNetlifyPath, parseHeaders, parseRedirects } from '../src/server/netlify-files.ts';

const files = [
  { file: 'api/history/2024.json', route: '/api/history/2024', body: '' },
  { file: 'api/v1/history/2024.json', route: '/api/v1/history/2024', body: '' },
  { file: 'api/_data/search-index.json', route: null, body: '' },
];

describe('_redirects', () => {
  const rules = parseRedirects(renderRedirects(files));

  it('has exact rules first, then per-collection rules to api-miss, then the catch-alls', () => {
    expect(rules.slice(0, 2)).toEqual([
      { from: '/api/history/2024', to: '/api/history/2024.json', status: 200, force: false },
      { from: '/api/v1/history/2024', to: '/api/v1/history/2024.json', status: 200, force: false },
    ]);
    const firstSplat = rules.findIndex((r) => r.from.endsWith('*'));
    expect(rules.slice(0, firstSplat).every((r) => !r.from.includes('*'))).toBe(true);
    expect(rules.slice(-3).map((r) => `${r.from} ${r.to} ${r.status}`)).toEqual([
      '/api/v1 /.netlify/functions/api-miss 200',
      '/api/v1/* /.netlify/functions/api-miss 200',
      '/api/* /api/errors/40400.json 404',
    ]);
  });

  it('sends every parameterised endpoint to a collection rule before the catch-alls', () => {
    for (const endpoint of ENDPOINTS.filter((e) => e.path.includes(':'))) {
      const sample = endpoint.path.replace(/:\w+/g, 'zzz');
      const first = rules.find((r) => matchNetlifyPath(r.from, sample));
      // The miss handler of the collection: api-miss, or typhoon-lookup, which classifies misses the same way.
      expect(['/.netlify/functions/api-miss', '/.netlify/functions/typhoon-lookup'], sample).toContain(first?.to);
      expect(first?.from, sample).not.toMatch(/^\/api(\/v1)?\/\*$/);
    }
  });
});

describe('_headers', () => {
  const blocks = parseHeaders(renderHeaders());

  it('never sets one header twice for a path (Netlify would join the values)', () => {
    for (const p of ['/api/history/2024', '/api/v1/history/2024.json', '/api/v1/typhoons/202411', '/api/errors/40400.json']) {
      const seen = blocks.filter((b) => matchNetlifyPath(b.path, p)).flatMap((b) => b.headers.map(([name]) => name.toLowerCase()));
      expect(new Set(seen).size, p).toBe(seen.length);
    }
  });

  it('gives v1 files the version header and web files none', () => {
    expect(headersFor(blocks, ['/api/v1/history/2024'])['X-Api-Version']).toBe('v1');
    expect(headersFor(blocks, ['/api/history/2024'])['X-Api-Version']).toBeUndefined();
  });
});

describe('functions', () => {
  it('declare the config.path of exactly the endpoints the route table gives them', async () => {
    const functions = await loadFunctions();
    for (const fn of functions) {
      const expected = ENDPOINTS.filter((e) => e.resource.servedBy.kind === 'function' && e.resource.servedBy.fn === fn.name).map((e) => e.path);
      if (fn.name === 'v1-preflight') {
        expect(configPaths(fn.config)).toEqual(['/api/v1/*']);
        expect(configMethods(fn.config)).toEqual(['OPTIONS']);
      } else {
        expect(configPaths(fn.config).sort(), fn.name).toEqual(expected.sort());
      }
    }
  });
});

describe('README', () => {
  it('lists every endpoint of the route table', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '..', 'README.md'), 'utf8');
    for (const endpoint of ENDPOINTS) expect(readme, endpoint.path).toContain(`\`${endpoint.path.replace(/:(\w+)/g, '{$1}')}\``);
    expect(RESOURCES.length).toBeGreaterThan(0);
  });
});
