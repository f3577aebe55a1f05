/**
 * `sources fetch` for the other basins' best tracks against a loopback server laid out like NHC's HURDAT2 folder (a
 * listing of every release) and NCEI's IBTrACS CSV folder, answering conditional requests like a static file server
 * (test/helpers/agency-site.ts). It serves our fixtures (test/fixtures/global-sources). Nothing reaches the internet.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchSources } from '../../src/sources/fetch-sources.ts';
import {
  fetchGlobalSources,
  GLOBAL_BASES,
  globalSummary,
  IBTRACS_LISTS,
  newestHurdat2Releases,
  parseGlobalList,
  type GlobalFetchOptions,
} from '../../src/sources/global/fetch-global.ts';
import { readGlobalSources } from '../../src/sources/global/read-global-sources.ts';
import { base, faults, files, requests, serveAgencySite, serveFixtures, tempDest } from '../helpers/agency-site.ts';
import { FIXTURE_GLOBAL_SOURCES } from '../helpers/sources.ts';

serveAgencySite();

const fixture = (...parts: string[]) => fs.readFileSync(path.join(FIXTURE_GLOBAL_SOURCES, ...parts));
const ATLANTIC = 'hurdat2-1851-2049-010150.txt';
const NEPAC = 'hurdat2-nepac-1949-2049-010150.txt';

/** NHC's folder listing, as Apache writes it, with older releases and other files beside the newest. */
const listing = (names: readonly string[]) =>
  `<html><body><h1>Index of /data/hurdat</h1><table>${names.map((n) => `<tr><td><a href="${n}">${n}</a></td></tr>`).join('')}</table></body></html>`;

function serveGlobal(atlantic = ATLANTIC) {
  files.clear();
  files.set(
    '/hurdat/',
    Buffer.from(listing(['hurdat2-1851-2048-050449.txt', atlantic, NEPAC, 'hurdat2-atl-02052024.txt', 'hurdat2-format-atlantic.pdf'])),
  );
  files.set(`/hurdat/${atlantic}`, fixture('hurdat2', ATLANTIC));
  files.set(`/hurdat/${NEPAC}`, fixture('hurdat2', NEPAC));
  for (const name of IBTRACS_LISTS) files.set(`/ibtracs/${name}`, fixture('ibtracs', name));
}

const options = (destDir: string, extra: Partial<GlobalFetchOptions> = {}): GlobalFetchOptions => ({
  destDir,
  bases: { hurdat2: `${base}/hurdat/`, ibtracs: `${base}/ibtracs/` },
  delayMs: 0,
  ...extra,
});

const EVERY = [`hurdat2/${ATLANTIC}`, `hurdat2/${NEPAC}`, ...IBTRACS_LISTS.map((name) => `ibtracs/${name}`)];

describe('what is downloaded from where', () => {
  it("NHC's HURDAT2 folder and NCEI's IBTrACS v04r01 CSV folder", () => {
    expect(GLOBAL_BASES).toEqual({
      hurdat2: 'https://www.nhc.noaa.gov/data/hurdat/',
      ibtracs: 'https://www.ncei.noaa.gov/data/international-best-track-archive-for-climate-stewardship-ibtracs/v04r01/access/csv/',
    });
    expect(IBTRACS_LISTS).toEqual(['NI', 'SI', 'SP', 'SA', 'NA', 'EP'].map((b) => `ibtracs.${b}.list.v04r01.csv`));
  });

  it("finds the newest release of each series in NHC's listing (the names of 2026-08)", () => {
    const names = [
      'hurdat2-1851-2024-040225.txt',
      'hurdat2-1851-2024-040425.txt',
      'hurdat2-1851-2025-02272026.txt',
      'hurdat2-atl-1851-2023-042624.txt',
      'hurdat2-atl-02052024.txt',
      'hurdat2-nepac-1949-2020-043021a.txt',
      'hurdat2-nepac-1949-2024-031725.txt',
      'hurdat2-nepac-1949-2025-02272026.txt',
    ];
    expect(newestHurdat2Releases(listing(names))).toEqual(['hurdat2-1851-2025-02272026.txt', 'hurdat2-nepac-1949-2025-02272026.txt']);
    expect(newestHurdat2Releases('<html>moved</html>')).toEqual([]);
  });

  it('reads the --global list', () => {
    expect(parseGlobalList('all')).toEqual(['hurdat2', 'ibtracs']);
    expect(parseGlobalList('none')).toEqual([]);
    expect(parseGlobalList('IBTrACS')).toEqual(['ibtracs']);
    expect(() => parseGlobalList('hurdat')).toThrow(/"hurdat" is not one of hurdat2, ibtracs/);
  });
});

describe('fetchGlobalSources', () => {
  it('installs the newest HURDAT2 releases and the IBTrACS lists, verified, with manifests; the reader reads them back', async () => {
    serveGlobal();
    const dest = tempDest();
    const report = await fetchGlobalSources(options(dest));
    expect(report).toEqual({ installed: EVERY, unchanged: [], missing: [], failed: [] });
    expect(globalSummary(report)).toBe(
      'Best tracks of the other basins (HURDAT2, IBTrACS): 8 installed, 0 unchanged, 0 not published yet, 0 failed',
    );
    expect(fs.readdirSync(path.join(dest, 'hurdat2'))).toEqual(['.FETCHED.json', ATLANTIC, NEPAC]);
    const manifest = JSON.parse(fs.readFileSync(path.join(dest, 'hurdat2', '.FETCHED.json'), 'utf8'));
    expect(manifest.files[ATLANTIC]).toMatchObject({ url: `${base}/hurdat/${ATLANTIC}`, storms: 2 });
    const read = await readGlobalSources(dest);
    expect(read.problems).toEqual([]);
    expect([read.hurdat2.length, new Set(read.ibtracsLinks.map((l) => l.sid)).size]).toEqual([4, 9]);
  });

  it('asks conditionally the next time; a new release replaces the older one, which is removed', async () => {
    serveGlobal();
    const dest = tempDest();
    await fetchGlobalSources(options(dest));
    requests.length = 0;
    expect(await fetchGlobalSources(options(dest))).toEqual({ installed: [], unchanged: EVERY, missing: [], failed: [] });
    expect(requests.filter((r) => r.url !== '/hurdat/').every((r) => r.ifNoneMatch)).toBe(true);

    serveGlobal('hurdat2-1851-2049-02012050.txt');
    const next = await fetchGlobalSources(options(dest, { kinds: ['hurdat2'] }));
    expect(next.installed).toEqual(['hurdat2/hurdat2-1851-2049-02012050.txt']);
    expect(fs.readdirSync(path.join(dest, 'hurdat2'))).toEqual(['.FETCHED.json', 'hurdat2-1851-2049-02012050.txt', NEPAC]);
    const manifest = JSON.parse(fs.readFileSync(path.join(dest, 'hurdat2', '.FETCHED.json'), 'utf8'));
    expect(Object.keys(manifest.files).sort()).toEqual(['hurdat2-1851-2049-02012050.txt', NEPAC]);
  });

  it('refuses what does not verify, reports a listing it cannot read, and leaves installed files alone', async () => {
    serveGlobal();
    const dest = tempDest();
    await fetchGlobalSources(options(dest));
    const before = fs.readFileSync(path.join(dest, 'ibtracs', 'ibtracs.SI.list.v04r01.csv'));
    files.set('/ibtracs/ibtracs.SI.list.v04r01.csv', Buffer.from('<html>maintenance</html>'));
    files.set(`/hurdat/${NEPAC}`, Buffer.from(fixture('hurdat2', NEPAC).toString().replace(' 9,', ' 8,')));
    faults.set('/hurdat/', 503);
    try {
      const report = await fetchGlobalSources(options(dest));
      expect(report.failed).toEqual([
        { id: 'hurdat2/', error: `the HURDAT2 listing ${base}/hurdat/: GET ${base}/hurdat/ answered HTTP 503` },
        {
          id: 'ibtracs/ibtracs.SI.list.v04r01.csv',
          error: expect.stringMatching(/^holds no IBTrACS storm \(ibtracs.SI.list.v04r01.csv:1: not an IBTrACS v04 CSV/),
        },
      ]);
      expect(fs.readFileSync(path.join(dest, 'ibtracs', 'ibtracs.SI.list.v04r01.csv')).equals(before)).toBe(true);
      faults.clear();
      const refused = await fetchGlobalSources(options(dest, { kinds: ['hurdat2'] }));
      expect(refused.failed).toEqual([
        {
          id: `hurdat2/${NEPAC}`,
          error: `1 problems in 6 fixes (more than 1 %): ${NEPAC}:1: EP012049: the header announces 8 data lines, 9 follow: storm left out`,
        },
      ]);
      expect(fs.readFileSync(path.join(dest, 'hurdat2', NEPAC)).equals(fixture('hurdat2', NEPAC))).toBe(true);
    } finally {
      faults.clear();
    }
  });

  it('runs inside sources fetch when asked, into the global sources folder, with a summary line of its own', async () => {
    serveFixtures();
    serveGlobalBeside();
    const dest = tempDest();
    const globalDest = tempDest();
    const report = await fetchSources({
      destDir: dest,
      cmaUrl: `${base}/cma/CMABSTdata.rar`,
      zjBase: `${base}/zj`,
      years: [],
      delayMs: 0,
      global: ['ibtracs'],
      globalDestDir: globalDest,
      globalBases: { ibtracs: `${base}/ibtracs/` },
    });
    expect(report.summary.at(-1)).toBe(
      'Best tracks of the other basins (HURDAT2, IBTrACS): 6 installed, 0 unchanged, 0 not published yet, 0 failed',
    );
    expect(fs.readdirSync(path.join(globalDest, 'ibtracs'))).toHaveLength(IBTRACS_LISTS.length + 1);
    expect(fs.existsSync(path.join(dest, 'ibtracs'))).toBe(false);
  });
});

/** The IBTrACS lists beside the CMA archive of serveFixtures. */
function serveGlobalBeside() {
  for (const name of IBTRACS_LISTS) files.set(`/ibtracs/${name}`, fixture('ibtracs', name));
}
