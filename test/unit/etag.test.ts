/** Entity tags: one per encoding, and If-None-Match naming the resource in any of them (src/api/etag.ts). */
import { describe, expect, it } from 'vitest';
import { encodedEtag, etagOf, matchingEtag } from '../../src/api/etag.ts';
import { withEtag } from '../../src/api/serve.ts';

const TAG = etagOf('{"a":1}');

describe('matchingEtag', () => {
  it('finds the tag, weak or strong, in any of its encodings, among others', () => {
    expect(TAG).toMatch(/^"[\w-]{27}"$/);
    expect(matchingEtag(TAG, TAG)).toBe(TAG);
    expect(matchingEtag(`"x", W/${TAG}`, TAG)).toBe(TAG);
    expect(matchingEtag(`"x", ${encodedEtag(TAG, 'gzip')}`, TAG)).toBe(encodedEtag(TAG, 'gzip'));
    expect(matchingEtag(encodedEtag(TAG, 'br'), TAG)).toBe(encodedEtag(TAG, 'br'));
    expect(matchingEtag('*', TAG)).toBe(TAG);
  });

  it('matches nothing else: another tag, an unknown suffix, no header', () => {
    expect(matchingEtag('"other"', TAG)).toBeNull();
    expect(matchingEtag(encodedEtag(TAG, 'zstd'), TAG)).toBeNull();
    expect(matchingEtag(encodedEtag(etagOf('{"a":2}'), 'gzip'), TAG)).toBeNull();
    expect(matchingEtag(undefined, TAG)).toBeNull();
    expect(matchingEtag('', TAG)).toBeNull();
  });
});

describe('withEtag', () => {
  const answer = (ts: number) =>
    new Response(JSON.stringify({ code: 0, msg: 'ok', data: [1], ts }), { headers: { 'X-Api-Version': 'v1' } });
  const request = (ifNoneMatch?: string) =>
    new Request('http://localhost/api/v1/x', { headers: ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {} });

  it('tags a v1 answer by its data, not its ts, and answers 304 with the tag the client named', async () => {
    const first = await withEtag(request(), answer(1));
    const tag = first.headers.get('etag') as string;
    expect((await withEtag(request(), answer(2))).headers.get('etag')).toBe(tag);
    const gzipped = encodedEtag(tag, 'gzip');
    const again = await withEtag(request(gzipped), answer(3));
    expect([again.status, again.headers.get('etag'), await again.text()]).toEqual([304, gzipped, '']);
    expect((await withEtag(request('"other"'), answer(4))).status).toBe(200);
  });
});
