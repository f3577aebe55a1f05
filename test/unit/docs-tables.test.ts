/**
 * The docs' tables the code writes (build/docs-tables.ts): every generated block says what the code says now
 * (`npm run docs:tables` writes them), and the blocks are where they belong: every endpoint in
 * docs/api/endpoints.md, every route's parameters on its page, the errors, the variables and the word lists.
 */
import { describe, expect, it } from 'vitest';
import { generatedBlocks, staleTables } from '../../build/docs-tables.ts';
import { RESOURCES } from '../../src/api/route-table.ts';

describe('generated docs tables', () => {
  it('are current: npm run docs:tables writes them from the code', async () => {
    expect((await staleTables()).map((s) => s.file)).toEqual([]);
  });

  it('are where the docs need them', async () => {
    const blocks = (await generatedBlocks()).map(({ file, block }) => `${file}: ${block}`);
    for (const expected of [
      'docs/api/endpoints.md: endpoints',
      'docs/api/conventions.md: errors',
      'docs/api/conventions.md: v1-collections',
      'docs/api/conventions.md: web-only',
      'docs/maintainers/operations.md: environment',
      'docs/data/generated-text.md: connectives',
      'docs/data/generated-text.md: word-lists',
      'docs/api/endpoints-other.md: openapi-counts',
      'docs/api/freshness.md: cache-tags',
    ])
      expect(blocks).toContain(expected);
  });

  it('give the parameters of every route that takes any, in the section the route names (its docs)', async () => {
    const sections = new Set((await generatedBlocks()).map(({ section }) => section));
    const taking = RESOURCES.filter((r) => Object.keys(r.params).length > 0 || (r.query ?? []).length > 0);
    expect(taking.filter((r) => !sections.has(r.docs)).map((r) => `${r.id}: ${r.docs}`)).toEqual([]);
  });
});
