/**
 * `sources fetch --forecasts` against a loopback server laid out like NHC's ATCF archive (`archive/<year>/`, gzipped
 * decks) and UCAR's open repository of JTWC's decks (`adecks_open/<year>/`), each year's folder an index page that
 * links every deck (test/helpers/agency-site.ts answers conditional requests like a static file server). It serves
 * our own a-deck (test/fixtures/forecasts) under the names of the storms it stands for. Nothing reaches the internet.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fetchSources } from '../../src/sources/fetch-sources.ts';
import {
  defaultForecastYears,
  FORECAST_DECK_BASES,
  fetchForecastDecks,
  forecastDecksSummary,
  listedDecks,
  type ForecastDeckFetchOptions,
} from '../../src/sources/fetch-forecast-decks.ts';
import { readForecastDecks } from '../../src/sources/forecast-decks.ts';
import { base, faults, files, requests, serveAgencySite, serveFixtures, tempDest } from '../helpers/agency-site.ts';

serveAgencySite();

const DECK = fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'forecasts', 'aal072049.dat'), 'utf8');
/** The fixture's rows as another storm's (JTWC's decks carry tech JTWC, not OFCL). */
const deckOf = (basin: string, number: string, tech = 'OFCL') =>
  DECK.replaceAll(/^AL, 07,/gm, `${basin}, ${number},`).replaceAll(', OFCL,', `, ${tech},`);

/** A folder index as Apache writes it, with the other decks, invests and a parent link beside the a-decks. */
const index = (names: readonly string[]) =>
  `<html><body><h1>Index</h1><a href="../">Parent</a>${names.map((n) => `<a href="${n}">${n}</a>`).join(' ')}</body></html>`;

function serveArchives() {
  files.clear();
  files.set(
    '/nhc/2049/',
    Buffer.from(index(['aal072049.dat.gz', 'bal072049.dat.gz', 'aal912049.dat.gz', 'aep012049.dat.gz', 'fal072049.dat.gz', 'storm.table'])),
  );
  files.set('/nhc/2049/aal072049.dat.gz', gzipSync(DECK));
  files.set('/nhc/2049/aep012049.dat.gz', gzipSync(deckOf('EP', '01')));
  files.set('/jtwc/2049/', Buffer.from(index(['awp272049.dat', 'bwp272049.dat', 'awp992049.dat', 'ash032049.dat'])));
  files.set('/jtwc/2049/awp272049.dat', Buffer.from(deckOf('WP', '27', 'JTWC')));
  files.set('/jtwc/2049/ash032049.dat', Buffer.from(deckOf('SH', '03', 'JTWC')));
}

const options = (destDir: string, extra: Partial<ForecastDeckFetchOptions> = {}): ForecastDeckFetchOptions => ({
  destDir,
  years: [2049],
  bases: { nhc: `${base}/nhc/`, jtwc: `${base}/jtwc/` },
  delayMs: 0,
  ...extra,
});

const EVERY = ['nhc/2049/aal072049.dat.gz', 'nhc/2049/aep012049.dat.gz', 'jtwc/2049/ash032049.dat', 'jtwc/2049/awp272049.dat'];

describe('what is downloaded from where', () => {
  it("NHC's ATCF archive and UCAR's open repository of JTWC's a-decks, a folder per year", () => {
    expect(FORECAST_DECK_BASES).toEqual({
      nhc: 'https://ftp.nhc.noaa.gov/atcf/archive/',
      jtwc: 'https://hurricanes.ral.ucar.edu/repository/data/adecks_open/',
    });
    expect(defaultForecastYears(new Date('2026-08-22T00:00:00Z'))).toEqual([2021, 2022, 2023, 2024, 2025]);
  });

  it("takes only numbered storms' a-decks of the source's basins and the year from a listing", () => {
    const listing = index([
      'aal012024.dat.gz',
      'aal922024.dat.gz',
      'aal812024.dat.gz',
      'bal012024.dat.gz',
      'awp012024.dat',
      'aal012023.dat.gz',
    ]);
    expect(listedDecks(listing, 'nhc', 2024)).toEqual(['aal012024.dat.gz']);
    expect(listedDecks(listing, 'jtwc', 2024)).toEqual(['awp012024.dat']);
    expect(listedDecks('<html>moved</html>', 'nhc', 2024)).toEqual([]);
  });
});

describe('fetchForecastDecks', () => {
  it('installs every listed deck, verified, with manifests; the build reads them back', async () => {
    serveArchives();
    const dest = tempDest();
    const report = await fetchForecastDecks(options(dest));
    expect(report).toEqual({ installed: EVERY, unchanged: [], missing: [], failed: [] });
    expect(forecastDecksSummary(report)).toBe(
      'Official forecast decks (NHC, JTWC a-decks): 4 installed, 0 unchanged, 0 not published yet, 0 failed',
    );
    expect(fs.readdirSync(path.join(dest, 'nhc', '2049'))).toEqual(['.FETCHED.json', 'aal072049.dat.gz', 'aep012049.dat.gz']);
    const read = await readForecastDecks(dest);
    expect(read.problems).toEqual([]);
    expect(read.decks.map((d) => [d.atcfId, d.file, d.records.filter((r) => ['OFCL', 'JTWC'].includes(r.tech)).length])).toEqual([
      ['sh032049', 'jtwc/2049/ash032049.dat', 11],
      ['wp272049', 'jtwc/2049/awp272049.dat', 11],
      ['al072049', 'nhc/2049/aal072049.dat.gz', 11],
      ['ep012049', 'nhc/2049/aep012049.dat.gz', 11],
    ]);
  });

  it('resumes: asks conditionally the next time, and installs only what changed', async () => {
    serveArchives();
    const dest = tempDest();
    await fetchForecastDecks(options(dest));
    requests.length = 0;
    expect(await fetchForecastDecks(options(dest))).toEqual({ installed: [], unchanged: EVERY, missing: [], failed: [] });
    expect(requests.filter((r) => !r.url.endsWith('/')).every((r) => r.ifNoneMatch)).toBe(true);
    files.set('/jtwc/2049/awp272049.dat', Buffer.from(`${deckOf('WP', '27', 'JTWC')}\n`));
    expect((await fetchForecastDecks(options(dest))).installed).toEqual(['jtwc/2049/awp272049.dat']);
  });

  it('refuses what does not verify, reports a listing it cannot read, a year not published yet, and keeps what it has', async () => {
    serveArchives();
    const dest = tempDest();
    await fetchForecastDecks(options(dest));
    const before = fs.readFileSync(path.join(dest, 'nhc', '2049', 'aal072049.dat.gz'));
    files.set('/nhc/2049/aal072049.dat.gz', gzipSync('<html>maintenance</html>'));
    files.set('/nhc/2049/aep012049.dat.gz', Buffer.from('not gzip'));
    faults.set('/jtwc/2049/', 503);
    try {
      const report = await fetchForecastDecks(options(dest, { years: [2049, 2050] }));
      expect(report.missing).toEqual(['nhc/2050/', 'jtwc/2050/']);
      expect(report.failed).toEqual([
        { id: 'jtwc/2049/', error: `the listing ${base}/jtwc/2049/: GET ${base}/jtwc/2049/ answered HTTP 503` },
        { id: 'nhc/2049/aal072049.dat.gz', error: 'holds no a-deck storm' },
        { id: 'nhc/2049/aep012049.dat.gz', error: expect.stringMatching(/incorrect header check/) },
      ]);
      expect(fs.readFileSync(path.join(dest, 'nhc', '2049', 'aal072049.dat.gz')).equals(before)).toBe(true);
    } finally {
      faults.clear();
    }
  });

  it('runs inside sources fetch when asked, into the forecast decks folder, with a summary line of its own', async () => {
    serveFixtures();
    for (const [name, body] of [
      ['/nhc/2049/', index(['aal072049.dat.gz'])],
      ['/nhc/2049/aal072049.dat.gz', gzipSync(DECK)],
    ] as const)
      files.set(name, Buffer.from(body));
    const dest = tempDest();
    const decks = tempDest();
    const report = await fetchSources({
      destDir: dest,
      cmaUrl: `${base}/cma/CMABSTdata.rar`,
      zjBase: `${base}/zj`,
      years: [],
      delayMs: 0,
      forecastYears: [2049],
      forecastDestDir: decks,
      forecastBases: { nhc: `${base}/nhc/`, jtwc: `${base}/jtwc/` },
    });
    expect(report.summary.at(-1)).toBe(
      'Official forecast decks (NHC, JTWC a-decks): 1 installed, 0 unchanged, 1 not published yet (jtwc/2049/), 0 failed',
    );
    expect(fs.readdirSync(path.join(decks, 'nhc', '2049'))).toEqual(['.FETCHED.json', 'aal072049.dat.gz']);
  });
});
