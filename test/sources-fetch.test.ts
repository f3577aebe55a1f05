/** `sources fetch` against a loopback server that serves hand-made RAR archives in the official layout. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchCmaBestTrack } from '../src/sources/fetch-cma.ts';
import { writeStoredRar } from './helpers/rar-writer.ts';
import { FIXTURE_SOURCES } from './helpers/sources.ts';

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

let base = '';
let server: http.Server;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const [status, type, body] = routes[req.url ?? ''] ?? [404, 'text/plain', 'no'];
    res.writeHead(status, { 'Content-Type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tempDest = () => fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-fetch-'));

describe('fetchCmaBestTrack', () => {
  it('installs the verified year files with a manifest of checksums', async () => {
    const dest = tempDest();
    const sha = createHash('sha256').update(good).digest('hex');
    const report = await fetchCmaBestTrack({ url: `${base}/good.rar`, destDir: dest, sha256: sha });
    expect(report).toEqual({ archiveSha256: sha, years: [1949, 1951], entries: 3 });
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
});
