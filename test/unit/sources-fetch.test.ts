/**
 * `sources fetch` against a loopback server that serves hand-made RAR archives in the official layout (and
 * answers conditional requests like a static file server), plus the mock upstream for the zj half.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { fetchCmaBestTrack } from '../../src/sources/fetch-cma.ts';
import { fetchSources, parseYears } from '../../src/sources/fetch-sources.ts';
import { writeStoredRar } from '../helpers/rar-writer.ts';
import { FIXTURE_SOURCES } from '../helpers/sources.ts';

const year1949 = fs.readFileSync(path.join(FIXTURE_SOURCES, 'cma-bst', 'CH1949BST.txt'));
const good = writeStoredRar({
  'CMABSTdata/CH1949BST.txt': year1949,
  'CMABSTdata/CH1950BST.txt': year1949,
  'CMABSTdata/CH1951BST.txt': year1949,
  'CMABSTdata/readme.txt': 'not a year file',
});
const routes: Record<string, [number, string, Buffer | string]> = {
  '/good.rar': [200, 'application/octet-stream', good],
  '/gap.rar': [200, 'application/octet-stream', writeStoredRar({ 'CH1949BST.txt': year1949, 'CH1951BST.txt': year1949 })],
  '/broken.rar': [200, 'application/octet-stream', writeStoredRar({ 'CH1949BST.txt': '66666 0000    5 0001 0000 0 6 X 20110729\r\n' })],
  '/page.rar': [200, 'text/html', '<html><body>Maintenance</body></html>'],
  '/down.rar': [503, 'text/plain', 'busy'],
};

const fourYears = writeStoredRar({
  'CH1949BST.txt': year1949,
  'CH1950BST.txt': year1949,
  'CH1951BST.txt': year1949,
  'CH1952BST.txt': year1949,
});
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** `/cond.rar`: the current archive with a strong ETag and a Last-Modified, 304 when the client has it. */
const conditional = { body: good, lastModified: 'Tue, 24 Mar 2026 08:00:00 GMT' };
const requests: { url: string; ifNoneMatch?: string; ifModifiedSince?: string }[] = [];

let base = '';
let server: http.Server;
let mock: MockUpstream;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'], ifModifiedSince: req.headers['if-modified-since'] });
    if (req.url === '/cond.rar') {
      const etag = `"${sha(conditional.body).slice(0, 16)}"`;
      const headers = { ETag: etag, 'Last-Modified': conditional.lastModified };
      if (req.headers['if-none-match'] === etag) res.writeHead(304, headers).end();
      else res.writeHead(200, { ...headers, 'Content-Type': 'application/octet-stream' }).end(conditional.body);
      return;
    }
    const [status, type, body] = routes[req.url ?? ''] ?? [404, 'text/plain', 'no'];
    res.writeHead(status, { 'Content-Type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mock = await startMockUpstream({ recordedDir: '/nonexistent' });
});
afterAll(async () => {
  await mock.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const tempDest = () => fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-fetch-'));

describe('fetchCmaBestTrack', () => {
  it('installs the verified year files with a manifest of checksums', async () => {
    const dest = tempDest();
    const sha = createHash('sha256').update(good).digest('hex');
    const report = await fetchCmaBestTrack({ url: `${base}/good.rar`, destDir: dest, sha256: sha });
    expect(report).toEqual({ archiveSha256: sha, years: [1949, 1951], entries: 3, unchanged: false });
    expect(fs.readdirSync(path.join(dest, 'cma-bst')).sort()).toEqual(['CH1949BST.txt', 'CH1950BST.txt', 'CH1951BST.txt', 'FETCHED.json']);
    expect(fs.readFileSync(path.join(dest, 'cma-bst', 'CH1950BST.txt')).equals(year1949)).toBe(true);
    const manifest = JSON.parse(fs.readFileSync(path.join(dest, 'cma-bst', 'FETCHED.json'), 'utf8'));
    expect(manifest).toMatchObject({ url: `${base}/good.rar`, archiveSha256: sha });
    expect(manifest.files['CH1949BST.txt']).toBe(createHash('sha256').update(year1949).digest('hex'));
  });

  it.each([
    ['a checksum mismatch', '/good.rar', { sha256: '0'.repeat(64) }, /SHA-256 mismatch/],
    ['a gap in the years', '/gap.rar', {}, /not contiguous/],
    ['a file that does not parse', '/broken.rar', {}, /promises 5 data lines/],
    ['an HTML page', '/page.rar', {}, /not a RAR archive/],
    ['an HTTP error', '/down.rar', {}, /HTTP 503/],
  ])('refuses %s and leaves the installed files alone', async (_, route, extra, message) => {
    const dest = tempDest();
    await fetchCmaBestTrack({ url: `${base}/good.rar`, destDir: dest });
    const before = fs.readFileSync(path.join(dest, 'cma-bst', 'FETCHED.json'), 'utf8');
    await expect(fetchCmaBestTrack({ url: `${base}${route}`, destDir: dest, ...extra })).rejects.toThrow(message);
    expect(fs.readFileSync(path.join(dest, 'cma-bst', 'FETCHED.json'), 'utf8')).toBe(before);
  });

  it('stores the validators and installs nothing when the server answers 304', async () => {
    const dest = tempDest();
    conditional.body = good;
    const first = await fetchCmaBestTrack({ url: `${base}/cond.rar`, destDir: dest });
    const manifestFile = path.join(dest, 'cma-bst', 'FETCHED.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    expect(manifest).toMatchObject({
      etag: `"${sha(good).slice(0, 16)}"`,
      lastModified: conditional.lastModified,
      archiveSha256: sha(good),
    });
    const before = [fs.readFileSync(manifestFile, 'utf8'), fs.statSync(path.join(dest, 'cma-bst', 'CH1950BST.txt')).mtimeMs];

    const second = await fetchCmaBestTrack({ url: `${base}/cond.rar`, destDir: dest });
    expect(requests.at(-1)).toEqual({ url: '/cond.rar', ifNoneMatch: manifest.etag, ifModifiedSince: conditional.lastModified });
    expect(second).toEqual({ ...first, unchanged: true });
    expect([fs.readFileSync(manifestFile, 'utf8'), fs.statSync(path.join(dest, 'cma-bst', 'CH1950BST.txt')).mtimeMs]).toEqual(before);

    conditional.body = fourYears; // a new release
    const third = await fetchCmaBestTrack({ url: `${base}/cond.rar`, destDir: dest });
    expect(third).toMatchObject({ unchanged: false, years: [1949, 1952], archiveSha256: sha(fourYears) });
    expect(fs.existsSync(path.join(dest, 'cma-bst', 'CH1952BST.txt'))).toBe(true);
  });

  it('installs nothing when a server without validators sends the same archive', async () => {
    const dest = tempDest();
    await fetchCmaBestTrack({ url: `${base}/good.rar`, destDir: dest });
    const yearFile = path.join(dest, 'cma-bst', 'CH1951BST.txt');
    const mtime = fs.statSync(yearFile).mtimeMs;
    const report = await fetchCmaBestTrack({ url: `${base}/good.rar`, destDir: dest });
    expect(report).toMatchObject({ unchanged: true, archiveSha256: sha(good), years: [1949, 1951], entries: 3 });
    expect(fs.statSync(yearFile).mtimeMs).toBe(mtime);
  });

  it('downloads unconditionally and reinstalls when an installed file was damaged', async () => {
    const dest = tempDest();
    conditional.body = good;
    await fetchCmaBestTrack({ url: `${base}/cond.rar`, destDir: dest });
    fs.appendFileSync(path.join(dest, 'cma-bst', 'CH1950BST.txt'), 'edited');
    const report = await fetchCmaBestTrack({ url: `${base}/cond.rar`, destDir: dest });
    expect(requests.at(-1)).toEqual({ url: '/cond.rar', ifNoneMatch: undefined, ifModifiedSince: undefined });
    expect(report.unchanged).toBe(false);
    expect(fs.readFileSync(path.join(dest, 'cma-bst', 'CH1950BST.txt')).equals(year1949)).toBe(true);
  });
});

describe('fetchSources', () => {
  it('fetches the CMA archive, then the zj seasons, with a line per source', async () => {
    const dest = tempDest();
    conditional.body = good;
    const demo = fs.readFileSync(path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json'), 'utf8');
    mock.setPayload(
      'zj/TyphoonList/2099',
      JSON.stringify([
        { tfid: '209901', name: '演示', enname: 'DEMO', starttime: '2099-09-10 08:00:00', endtime: '2099-09-12 14:00:00', isactive: '0' },
      ]),
    );
    mock.setPayload('zj/TyphoonInfo/209901', JSON.stringify({ ...JSON.parse(demo), tfid: '209901', isactive: '0' }));
    const options = {
      destDir: dest,
      cmaUrl: `${base}/cond.rar`,
      zjBase: mock.zjBase,
      years: [2099],
      delayMs: 0,
      client: createUpstreamClient({ retries: 0 }),
    };
    const first = await fetchSources(options);
    expect(first.cma.unchanged).toBe(false);
    expect(first.zj.written).toEqual(['209901']);
    expect(first.summary).toEqual([
      `CMA best track: installed, 1949–1951, 3 entries (SHA-256 ${sha(good).slice(0, 12)}…)`,
      'Zhejiang archive: 1 season(s), 1 written, 0 unchanged, 0 skipped (active or unnamed), 0 failed',
    ]);
    const second = await fetchSources(options);
    expect(second.summary).toEqual([
      `CMA best track: unchanged, 1949–1951, 3 entries (SHA-256 ${sha(good).slice(0, 12)}…)`,
      'Zhejiang archive: 1 season(s), 0 written, 1 unchanged, 0 skipped (active or unnamed), 0 failed',
    ]);
  });

  it('reads year lists and ranges for the command line', () => {
    expect(parseYears('2025')).toEqual([2025]);
    expect(parseYears('1949, 2019-2021,2020')).toEqual([1949, 2019, 2020, 2021]);
    for (const bad of ['1944', '2021-2019', '20x1', '', `${new Date().getUTCFullYear() + 2}`])
      expect(() => parseYears(bad)).toThrow(/not a year or range/);
  });
});
