/**
 * A loopback server laid out like the other agencies' official sites (JMA's bst_all.zip, IBTrACS's csv folder,
 * HKO's HKO<year>BST.csv, JTWC's <year>/<year>s-bwp/bwp<year>.zip) and answering conditional requests like a
 * static file server: what `sources fetch` downloads from, in the suites over our fixtures
 * (test/unit/agency-fetch.test.ts) and over the real samples (test/real-data/agency-fetch.test.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll } from 'vitest';
import type { AgencyFetchOptions } from '../../src/sources/agencies/fetch-agencies.ts';
import { writeStoredRar } from './rar-writer.ts';
import { FIXTURE_AGENCIES, FIXTURE_SOURCES } from './sources.ts';

export const read = (...parts: string[]) => fs.readFileSync(path.join(FIXTURE_AGENCIES, ...parts));
export const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Path → body; bodies can be swapped by a test. A missing path is a 404. */
export const files = new Map<string, Buffer | Uint8Array>();
export const serveFixtures = () => {
  files.clear();
  files.set('/jma/bst_all.zip', zipSync({ 'bst_all.txt': read('jma', 'bst_all.txt') }));
  files.set('/ibtracs/ibtracs.WP.list.v04r01.csv', read('ibtracs', 'ibtracs.WP.list.v04r01.csv'));
  files.set('/ibtracs/ibtracs.ACTIVE.list.v04r01.csv', read('ibtracs', 'ibtracs.ACTIVE.list.v04r00.csv'));
  files.set('/hko/HKO2049BST.csv', read('hko', 'HKO2049BST.csv'));
  files.set('/jtwc/2049/2049s-bwp/bwp2049.zip', zipSync({ 'bwp272049.dat': read('jtwc', 'bwp272049.dat') }));
  files.set(
    '/cma/CMABSTdata.rar',
    writeStoredRar({ 'CH1949BST.txt': fs.readFileSync(path.join(FIXTURE_SOURCES, 'cma-bst', 'CH1949BST.txt')) }),
  );
};
export const requests: { url: string; ifNoneMatch?: string }[] = [];
/** Answers with this status instead, by path (a server fault). */
export const faults = new Map<string, number>();

/** The server's address, once the calling file's serveAgencySite has started it. */
export let base = '';

/** Starts the server before the calling file's tests, serving nothing and asked nothing yet, and stops it after them. */
export function serveAgencySite(): void {
  let server: http.Server;
  beforeAll(async () => {
    files.clear();
    requests.length = 0;
    faults.clear();
    server = http.createServer((req, res) => {
      const url = req.url ?? '';
      requests.push({ url, ifNoneMatch: req.headers['if-none-match'] });
      const body = files.get(url);
      if (faults.has(url)) return void res.writeHead(faults.get(url) as number).end('fault');
      if (!body) return void res.writeHead(404, { 'Content-Type': 'text/html' }).end('<html>Not found</html>');
      const etag = `"${sha(body).slice(0, 16)}"`;
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { ETag: etag }).end();
      res
        .writeHead(200, { ETag: etag, 'Last-Modified': 'Tue, 24 Mar 2026 08:00:00 GMT', 'Content-Type': 'application/octet-stream' })
        .end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
}

export const tempDest = () => fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-agency-fetch-'));
export const options = (destDir: string, extra: Partial<AgencyFetchOptions> = {}): AgencyFetchOptions => ({
  destDir,
  bases: { jma: `${base}/jma/`, ibtracs: `${base}/ibtracs/`, hko: `${base}/hko/`, jtwc: `${base}/jtwc/` },
  years: { hko: [2049, 2050], jtwc: [2049] },
  delayMs: 0,
  ...extra,
});
