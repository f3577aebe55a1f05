/**
 * `sources fetch` for the other agencies against a loopback server laid out like the official sites (JMA's
 * bst_all.zip, IBTrACS's csv folder, HKO's HKO<year>BST.csv, JTWC's <year>/<year>s-bwp/bwp<year>.zip) and
 * answering conditional requests like a static file server (test/helpers/agency-site.ts). It serves our fixtures
 * (test/fixtures/agencies; the real samples: test/real-data/agency-fetch.test.ts). Nothing reaches the internet.
 */
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  AGENCY_BASES,
  agencyDownloads,
  agencySummary,
  fetchAgencyTracks,
  parseAgencyList,
} from '../../src/sources/agencies/fetch-agencies.ts';
import { readAgencySources } from '../../src/sources/agencies/read-agency-sources.ts';
import { fetchSources } from '../../src/sources/fetch-sources.ts';
import { base, faults, files, options, read, requests, serveAgencySite, serveFixtures, sha, tempDest } from '../helpers/agency-site.ts';

serveAgencySite();

const ALL = [
  'jma/bst_all.zip',
  'ibtracs/ibtracs.WP.list.v04r01.csv',
  'ibtracs/ibtracs.ACTIVE.list.v04r01.csv',
  'hko/HKO2049BST.csv',
  'jtwc/bwp2049.zip',
];

describe('what is downloaded from where', () => {
  it('lists the official addresses, every year of the yearly series, and only their newest year may be missing', () => {
    const list = agencyDownloads({ now: new Date('2026-03-01T00:00:00Z') });
    expect(list.slice(0, 3).map((d) => d.url)).toEqual([
      'https://www.jma.go.jp/jma/jma-eng/jma-center/rsmc-hp-pub-eg/Besttracks/bst_all.zip',
      'https://www.ncei.noaa.gov/data/international-best-track-archive-for-climate-stewardship-ibtracs/v04r01/access/csv/ibtracs.WP.list.v04r01.csv',
      'https://www.ncei.noaa.gov/data/international-best-track-archive-for-climate-stewardship-ibtracs/v04r01/access/csv/ibtracs.ACTIVE.list.v04r01.csv',
    ]);
    const hko = list.filter((d) => d.agency === 'hko');
    const jtwc = list.filter((d) => d.agency === 'jtwc');
    expect([hko.length, hko[0]?.url, hko.at(-1)?.url]).toEqual([
      41,
      `${AGENCY_BASES.hko}HKO1985BST.csv`,
      `${AGENCY_BASES.hko}HKO2025BST.csv`,
    ]);
    expect([jtwc.length, jtwc[0]?.url, jtwc.at(-1)?.name]).toEqual([
      81,
      'https://www.metoc.navy.mil/jtwc/products/best-tracks/1945/1945s-bwp/bwp1945.zip',
      'bwp2025.zip',
    ]);
    expect(list.filter((d) => d.mayBeMissing).map((d) => d.name)).toEqual(['HKO2025BST.csv', 'bwp2025.zip']);
    expect(agencyDownloads({ agencies: ['jma'] })).toHaveLength(1);
  });

  it('reads the --agencies list', () => {
    expect(parseAgencyList('all')).toEqual(['jma', 'jtwc', 'hko', 'ibtracs']);
    expect(parseAgencyList('none')).toEqual([]);
    expect(parseAgencyList('JMA, hko')).toEqual(['jma', 'hko']);
    expect(() => parseAgencyList('jma,cma')).toThrow(/"cma" is not one of/);
  });
});

describe('fetchAgencyTracks', () => {
  it('installs every agency verified, with a manifest, and the reader reads them back', async () => {
    serveFixtures();
    const dest = tempDest();
    const report = await fetchAgencyTracks(options(dest));
    expect(report).toEqual({ installed: ALL, unchanged: [], missing: ['hko/HKO2050BST.csv'], failed: [] });
    expect(agencySummary(report)).toBe(
      "Other agencies' best tracks: 5 installed, 0 unchanged, 1 not published yet (hko/HKO2050BST.csv), 0 failed",
    );
    expect(fs.readFileSync(path.join(dest, 'agencies', 'hko', 'HKO2049BST.csv')).equals(read('hko', 'HKO2049BST.csv'))).toBe(true);
    const manifest = JSON.parse(fs.readFileSync(path.join(dest, 'agencies', 'jtwc', '.FETCHED.json'), 'utf8'));
    const zip = files.get('/jtwc/2049/2049s-bwp/bwp2049.zip') as Uint8Array;
    expect(manifest.files['bwp2049.zip']).toEqual({
      url: `${base}/jtwc/2049/2049s-bwp/bwp2049.zip`,
      sha256: sha(zip),
      etag: `"${sha(zip).slice(0, 16)}"`,
      lastModified: 'Tue, 24 Mar 2026 08:00:00 GMT',
      storms: 1,
    });
    const agencies = await readAgencySources(path.join(dest, 'agencies'));
    expect(agencies.problems).toEqual([]);
    expect(Object.values(agencies.tracks).map((t) => t.length)).toEqual([2, 1, 2, 3]);
  });

  it('asks conditionally the next time and touches nothing unchanged', async () => {
    serveFixtures();
    const dest = tempDest();
    await fetchAgencyTracks(options(dest));
    const zip = path.join(dest, 'agencies', 'jma', 'bst_all.zip');
    const mtime = fs.statSync(zip).mtimeMs;
    requests.length = 0;
    const second = await fetchAgencyTracks(options(dest));
    expect(second).toEqual({ installed: [], unchanged: ALL, missing: ['hko/HKO2050BST.csv'], failed: [] });
    expect(requests.filter((r) => r.url !== '/hko/HKO2050BST.csv').every((r) => r.ifNoneMatch)).toBe(true);
    expect(fs.statSync(zip).mtimeMs).toBe(mtime);

    // A new release is installed; a damaged file on disk is downloaded again unconditionally.
    files.set('/hko/HKO2049BST.csv', Buffer.from(read('hko', 'HKO2049BST.csv').toString().replace(',950,90,', ',945,95,')));
    fs.appendFileSync(zip, 'damaged');
    requests.length = 0;
    const third = await fetchAgencyTracks(options(dest));
    expect(third.installed).toEqual(['jma/bst_all.zip', 'hko/HKO2049BST.csv']);
    expect(requests.find((r) => r.url === '/jma/bst_all.zip')?.ifNoneMatch).toBeUndefined();
    expect(fs.readFileSync(path.join(dest, 'agencies', 'hko', 'HKO2049BST.csv'), 'utf8')).toContain(',945,95,');
  });

  it('refuses what does not verify, reports failures and goes on, leaving installed files alone', async () => {
    serveFixtures();
    const dest = tempDest();
    await fetchAgencyTracks(options(dest));
    const before = fs.readFileSync(path.join(dest, 'agencies', 'ibtracs', 'ibtracs.WP.list.v04r01.csv'));
    files.set('/jma/bst_all.zip', zipSync({ 'bst_all.txt': Buffer.from('<html>maintenance</html>') }));
    files.set(
      '/ibtracs/ibtracs.WP.list.v04r01.csv',
      Buffer.from(
        before
          .toString()
          .split('\n')
          .map((l, i) => (i > 2 ? l.slice(0, 60) : l))
          .join('\n'),
      ),
    );
    faults.set('/jtwc/2049/2049s-bwp/bwp2049.zip', 503);
    try {
      const report = await fetchAgencyTracks(options(dest, { years: { hko: [2048, 2049], jtwc: [2049] } }));
      expect(report.failed).toEqual([
        {
          id: 'jma/bst_all.zip',
          error: expect.stringMatching(/^holds no jma storm \(bst_all.zip\/bst_all.txt:1: expected a 66666 header/),
        },
        {
          id: 'ibtracs/ibtracs.WP.list.v04r01.csv',
          error: expect.stringMatching(
            /^4 problems in 1 fixes \(more than 1 %\): ibtracs.WP.list.v04r01.csv:4: 9 columns instead of 174: row left out;/,
          ),
        },
        { id: 'hko/HKO2048BST.csv', error: `GET ${base}/hko/HKO2048BST.csv answered HTTP 404` },
        { id: 'jtwc/bwp2049.zip', error: `GET ${base}/jtwc/2049/2049s-bwp/bwp2049.zip answered HTTP 503` },
      ]);
      expect(report.unchanged).toEqual(['ibtracs/ibtracs.ACTIVE.list.v04r01.csv', 'hko/HKO2049BST.csv']);
      expect(fs.readFileSync(path.join(dest, 'agencies', 'ibtracs', 'ibtracs.WP.list.v04r01.csv')).equals(before)).toBe(true);
      expect(fs.readdirSync(path.join(dest, 'agencies', 'jma'))).toEqual(['.FETCHED.json', 'bst_all.zip']);
    } finally {
      faults.clear();
    }
  });

  it('runs inside sources fetch when asked, with a summary line of its own', async () => {
    serveFixtures();
    const dest = tempDest();
    const report = await fetchSources({
      destDir: dest,
      cmaUrl: `${base}/cma/CMABSTdata.rar`,
      zjBase: `${base}/zj`,
      years: [],
      delayMs: 0,
      agencies: ['hko'],
      agencyBases: { hko: `${base}/hko/` },
      agencyYears: { hko: [2049] },
    });
    expect(report.summary.at(-1)).toBe("Other agencies' best tracks: 1 installed, 0 unchanged, 0 not published yet, 0 failed");
    expect(
      (await fetchSources({ destDir: dest, cmaUrl: `${base}/cma/CMABSTdata.rar`, zjBase: `${base}/zj`, years: [], delayMs: 0 })).agencies,
    ).toBeNull();
  });
});
