/** The OpenAPI document covers the route table, both families, and says something (a unit) of every number. */
import { describe, expect, it } from 'vitest';
import { renderOpenApi } from '../src/api/openapi.ts';
import { ENDPOINTS } from '../src/api/route-table.ts';

type Node = Record<string, unknown>;

/** JSON pointers of numeric schemas without a description (a description on an enclosing anyOf counts). */
function undescribedNumbers(node: unknown, where = '', described = false): string[] {
  if (!node || typeof node !== 'object') return [];
  const schema = node as Node;
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const own = described || typeof schema.description === 'string';
  const here = (types.includes('number') || types.includes('integer')) && !own ? [where] : [];
  return [
    ...here,
    ...Object.entries(schema).flatMap(([key, child]) =>
      key === 'anyOf' || key === 'oneOf'
        ? (child as unknown[]).flatMap((item, i) => undescribedNumbers(item, `${where}/${key}/${i}`, own))
        : undescribedNumbers(child, `${where}/${key}`, false),
    ),
  ];
}

describe('OpenAPI document', () => {
  const doc = renderOpenApi() as { openapi: string; paths: Record<string, Record<string, unknown>> };

  it('is OpenAPI 3.1 with every endpoint of the route table, v1 with its preflight', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const endpoint of ENDPOINTS) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.get, path).toBeDefined();
      if (endpoint.family === 'v1') expect(doc.paths[path]?.options, path).toBeDefined();
    }
  });

  it('describes every numeric field', () => {
    expect(undescribedNumbers(doc)).toEqual([]);
  });

  it('states the units of the track point fields', () => {
    const text = JSON.stringify(doc);
    for (const unit of ['m/s', 'hPa', 'km/h', 'km', '+08:00']) expect(text).toContain(unit);
  });
});
