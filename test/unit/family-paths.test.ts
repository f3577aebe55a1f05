/** A v1 error names v1 paths: every web path with a v1 twin is named as the twin, the others are kept. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import { inV1, withV1Paths } from '../../src/api/family-paths.ts';
import { handleApiMiss } from '../../src/api/handlers/api-miss.ts';
import { ROUTES } from '../../src/api/route-table.ts';

describe('web paths in a v1 error', () => {
  it('become their v1 twins, longest first, and only whole paths', () => {
    expect(withV1Paths('No storm with code 202499; /api/history/search/{keyword} finds codes by name.')).toBe(
      'No storm with code 202499; /api/v1/history/search/{keyword} finds codes by name.',
    );
    expect(withV1Paths('/api/history/years lists the years.')).toBe('/api/v1/history/years lists the years.');
    expect(withV1Paths('see /api/global/history?q=x')).toBe('see /api/v1/global/history?q=x');
    // Already v1, web-only, or a longer path that is not an endpoint: unchanged.
    expect(withV1Paths('/api/v1/history/years')).toBe('/api/v1/history/years');
    expect(withV1Paths('/api/geojson/{code} and /feeds/flash.xml')).toBe('/api/geojson/{code} and /feeds/flash.xml');
    expect(withV1Paths('/api/history/yearsX')).toBe('/api/history/yearsX');
  });

  it('keeps the error kind, and leaves what is not an ApiError to the fault handler', () => {
    const error = inV1(new ApiError('notFound', 'x /api/typhoons/{code}')) as ApiError;
    expect([error.code, error.message]).toEqual([40401, 'x /api/v1/typhoons/{code}']);
    const fault = new Error('boom');
    expect(inV1(fault)).toBe(fault);
  });

  it('is what a v1 answer says; the web answer keeps its own paths', async () => {
    // A year the archive lacks has no file: the miss function answers it, with the route's one message.
    const v1 = (await handleApiMiss(new Request('http://localhost/api/v1/history/1800')).json()) as { msg: string };
    const web = (await handleApiMiss(new Request('http://localhost/api/history/1800')).json()) as { error: { message: string } };
    expect(ROUTES['history-year'].notFound?.('1800')).toContain('/api/history/years');
    expect(v1.msg).toContain('/api/v1/history/years');
    expect(web.error.message).toContain('/api/history/years');
  });
});
