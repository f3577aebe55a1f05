/**
 * The archive of every basin from the real files we have, read from a global sources folder as the build reads it:
 * NHC's Atlantic HURDAT2 1970–2018 (TYPHOON_HISTORY_SAMPLES; without Katrina, so its counts are the file's), the
 * North-east and Central Pacific 1949–2024 (TYPHOON_CROSSCHECK_DATA) and the IBTrACS list of every basin 1842–2025
 * (history samples); with the real north-western Pacific archive (TYPHOON_SOURCES, the run's shared build) for
 * the search across basins. Counts are read from the raw files here, distances checked with a haversine of our own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { buildGlobalHistory, type GlobalHistory } from '../../src/archive/global/global-history.ts';
import { searchGlobalArchive } from '../../src/archive/global/global-search.ts';
import { searchNearGlobal } from '../../src/archive/global/global-track-search.ts';
import { archivedStormSchema, type ArchivedStorm } from '../../src/model/global-archive-schemas.ts';
import type { IbtracsTrack } from '../../src/model/agency-track-schemas.ts';
import { parseIbtracsCsv, scanIbtracsLinks } from '../../src/sources/agencies/ibtracs-csv.ts';
import { readGlobalSources, type GlobalSources } from '../../src/sources/global/read-global-sources.ts';
import { assembleRealGlobalSources, REAL_GLOBAL_FILES } from '../helpers/global-sources.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { renderArchive } from '../helpers/rendered-archive.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';

const { atlantic: ATLANTIC, nepac: NEPAC, everyBasin: IBTRACS, active: ACTIVE } = REAL_GLOBAL_FILES;
const MIAMI = { lat: 25.7617, lng: -80.1918 };

function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** `<basin> <year>` → storms, from the raw headers (AL is the North Atlantic, EP and CP the eastern North Pacific). */
function rawCounts(text: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [, basin, year] of text.matchAll(/^(AL|EP|CP)\d{2}(\d{4}),/gm)) {
    const key = `${basin === 'AL' ? 'NA' : 'EP'} ${year}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describeRealData('history', 'the archive of every basin from the real HURDAT2 and IBTrACS files', () => {
  let folder: string;
  let sources: GlobalSources;
  let built: GlobalHistory;
  const record = (id: string) => built.archive.storms.find((s) => s.id === id) as ArchivedStorm;

  beforeAll(async () => {
    folder = assembleRealGlobalSources(fs.mkdtempSync(path.join(os.tmpdir(), 'global-sources-')));
    sources = await readGlobalSources(folder);
    built = buildGlobalHistory(sources, null);
  }, 120_000);
  afterAll(() => folder && fs.rmSync(folder, { recursive: true, force: true }));

  it('reads the four files; the only problems are the two values outside the format', () => {
    expect(sources.files).toEqual([`hurdat2/${NEPAC}`, `hurdat2/${ATLANTIC}`, `ibtracs/${ACTIVE}`, `ibtracs/${IBTRACS}`]);
    expect(sources.problems.map((p) => [p.file, p.line])).toEqual([
      [`hurdat2/${NEPAC}`, 32576],
      [`hurdat2/${ATLANTIC}`, 9394],
    ]);
    for (const storm of built.archive.storms) archivedStormSchema.parse(storm);
  });

  it('counts the storms of each basin and year as the raw files have them: EP 1949–2024, NA 1970–2018', () => {
    const raw = {
      ...rawCounts(fs.readFileSync(path.join(folder, 'hurdat2', NEPAC), 'utf8')),
      ...rawCounts(fs.readFileSync(path.join(folder, 'hurdat2', ATLANTIC), 'utf8')),
    };
    const ours = Object.fromEntries(built.years.filter((y) => y.source === 'hurdat2').map((y) => [`${y.basin} ${y.year}`, y.storms]));
    expect(ours).toEqual(raw);
    expect(Object.values(raw).reduce((a, b) => a + b, 0)).toBe(1242 + 797);
    expect(ours['NA 2005']).toBe(30); // the file lacks Katrina (AL122005): NHC's 2005 has 31
  });

  it('counts the IBTrACS storms formed in the basins it is the record of: NI 6, SI 124, SP 31; the others are not its records', () => {
    const perBasin: Record<string, number> = {};
    for (const y of built.years.filter((y) => y.source === 'ibtracs')) perBasin[y.basin] = (perBasin[y.basin] ?? 0) + y.storms;
    expect(perBasin).toEqual({ NI: 6, SI: 124, SP: 31 });
    expect(built.archive.storms.filter((s) => s.source === 'ibtracs')).toHaveLength(161);
    // The list of every basin's 3 NA, 2 EP and 13 WP storms are HURDAT2's and CMA's to tell; its winds have no WMO
    // agency, so no period. The ACTIVE list's South Indian storm of September 2025 (the 2026 season) is provisional,
    // with no WMO winds yet: the US agency's 1-minute winds.
    const periods = built.archive.storms.filter((s) => s.source === 'ibtracs' && s.id !== 'ibtracs-2025252S09069').map((s) => s.windPeriod);
    expect(new Set(periods)).toEqual(new Set([null]));
    expect(record('ibtracs-2025252S09069')).toMatchObject({
      year: 2026,
      basin: 'SI',
      provisional: true,
      windAgency: 'usa',
      windPeriod: '1min',
      links: { global: 'jtwc-sh032026', atcf: 'sh032026' },
    });
  });

  it('reads a list as its links (three columns) and its record storms (the WMO and US columns) as the whole parser does', () => {
    for (const file of [IBTRACS, ACTIVE]) {
      const text = fs.readFileSync(path.join(folder, 'ibtracs', file), 'utf8');
      const whole = parseIbtracsCsv(text, file);
      const scanned = scanIbtracsLinks(text, file);
      expect(scanned.links).toEqual(whole.tracks.map((t) => ({ sid: t.id, usaAtcfIds: t.usaAtcfIds, basins: t.basins })));
      const records = new Set(scanned.links.filter((l) => ['NI', 'SI', 'SP', 'SA'].includes(l.basins[0] as string)).map((l) => l.sid));
      const read = parseIbtracsCsv(text, file, { storms: records, agencies: ['usa'] });
      const usaOnly = (t: IbtracsTrack) => ({
        ...t,
        points: t.points.map((p) => ({ ...p, agencies: p.agencies.usa ? { usa: p.agencies.usa } : {} })),
      });
      expect(read.tracks).toEqual(whole.tracks.filter((t) => records.has(t.id)).map(usaOnly));
    }
  });

  it('Andrew 1992: 150 kt (1-minute, 77.2 m/s), 922 hPa, five landfalls', () => {
    expect(record('nhc-al041992')).toMatchObject({
      name: 'ANDREW',
      maxWindKt: 150,
      maxSpeed: 77.2,
      maxWindTime: '1992-08-23T18:00:00Z',
      minPressure: 922,
      minPressureTime: '1992-08-23T18:00:00Z',
      intensity: 'major',
      windPeriod: '1min',
    });
    expect(record('nhc-al041992').land.map((l) => [l.time, l.windKt, l.pressure])).toEqual([
      ['1992-08-23T21:00:00Z', 140, 923],
      ['1992-08-24T01:00:00Z', 130, 931],
      ['1992-08-24T08:40:00Z', 145, 926],
      ['1992-08-24T09:05:00Z', 145, 922],
      ['1992-08-26T08:30:00Z', 100, 956],
    ]);
  });

  it('Wilma 2005: 160 kt, 882 hPa, landfalls in Cozumel, Yucatán and Florida', () => {
    expect(record('nhc-al252005')).toMatchObject({
      maxWindKt: 160,
      maxSpeed: 82.3,
      minPressure: 882,
      minPressureTime: '2005-10-19T12:00:00Z',
    });
    expect(record('nhc-al252005').land.map((l) => [l.time, l.lat, l.lng, l.windKt])).toEqual([
      ['2005-10-21T21:45:00Z', 20.6, -86.8, 130],
      ['2005-10-22T03:30:00Z', 20.8, -86.9, 115],
      ['2005-10-24T10:30:00Z', 25.9, -81.7, 105],
    ]);
    expect(record('nhc-al252005').points.find((p) => p.pressure === 882)?.radius34).toEqual({ ne: 315, se: 232, sw: 167, nw: 259 });
  });

  it('Patricia 2015: 185 kt (95.2 m/s), 872 hPa, a landfall in Jalisco', () => {
    expect(record('nhc-ep202015')).toMatchObject({ maxWindKt: 185, maxSpeed: 95.2, minPressure: 872, maxWindTime: '2015-10-23T12:00:00Z' });
    expect(record('nhc-ep202015').land).toEqual([
      {
        time: '2015-10-23T23:00:00Z',
        lat: 19.4,
        lng: -105,
        status: 'HU',
        stage: 'tropical',
        windKt: 130,
        speed: 66.9,
        pressure: 932,
        place: null,
      },
    ]);
  });

  it('storms within 100 km of Miami include Andrew 1992 and Irene 1999, and every storm with a fix within 100 km', () => {
    const near = searchNearGlobal(built.trackSearch, { ...MIAMI, radius: 100, basin: null, from: null, to: null });
    const listed = new Map(near.map((m) => [m.summary.id, m.closestKm]));
    expect(listed.has('nhc-al041992')).toBe(true);
    expect(listed.has('nhc-al131999')).toBe(true);
    expect(near.find((m) => m.summary.id === 'nhc-al041992')?.closestKm).toBeLessThan(35);
    const withFix = built.archive.storms
      .map((s) => ({ id: s.id, km: Math.min(...s.points.map((p) => haversineKm(MIAMI.lat, MIAMI.lng, p.lat, p.lng))) }))
      .filter((s) => s.km <= 100);
    expect(withFix.filter((s) => !listed.has(s.id))).toEqual([]);
    expect(withFix.filter((s) => (listed.get(s.id) as number) > s.km + 0.05)).toEqual([]);
    // Measured on the track between fixes: some storms pass within 100 km with no fix that close.
    expect(near.length).toBeGreaterThan(withFix.length);
    expect(near.every((m) => m.summary.basins.includes('NA'))).toBe(true);
    expect(searchNearGlobal(built.trackSearch, { ...MIAMI, radius: 100, basin: 'EP', from: null, to: null })).toEqual([]);
  });

  it('finds a storm by its name and year across basins, the most intense first for a shared name', () => {
    const hits = (q: string) => searchGlobalArchive(built.search, { q, year: null, basin: null }).map((h) => h.summary.id);
    // The files' five Katrinas (not 2005's: the Atlantic file lacks it), the lowest central pressure first, then newer.
    const katrinas = ['nhc-ep101967', 'nhc-ep111971', 'nhc-ep111975', 'nhc-al211981', 'nhc-al151999'];
    const byPressure = katrinas
      .map(record)
      .sort((a, b) => (a.minPressure ?? Infinity) - (b.minPressure ?? Infinity) || b.startTime.localeCompare(a.startTime));
    expect(byPressure.filter((s) => s.minPressure === null)).toHaveLength(3); // the eastern Pacific's before 1979 mostly have none
    expect(hits('Katrina')).toEqual(byPressure.map((s) => s.id));
    expect(hits('katrina 1999')).toEqual(['nhc-al151999']);
    expect(hits('Patricia 2015')).toEqual(['nhc-ep202015']);
    expect(hits('EP202015')).toEqual(['nhc-ep202015']);
  });

  describeRealData('archive', 'with the north-western Pacific archive: Haiyan with its agencies side by side', (archiveDir) => {
    awaitSharedBuild(archiveDir);
    let withPacific: GlobalHistory;

    beforeAll(async () => {
      const archive = await renderArchive(archiveDir);
      const typhoons = [...archive.details.values()].filter((t) => !t.isActive);
      withPacific = buildGlobalHistory(sources, {
        typhoons,
        agencies: new Map(Object.entries(archive.data(DATA_FILES.agencyComparison.of(2013)))),
        searchEntries: archive.data(DATA_FILES.searchIndex),
      });
    }, 120_000);

    it('a search for "Haiyan" finds the north-western Pacific record, its agencies beside it', () => {
      const [haiyan] = searchGlobalArchive(withPacific.search, { q: 'Haiyan', year: null, basin: null });
      expect(haiyan?.summary).toMatchObject({
        id: 'cma-201330',
        code: '201330',
        source: 'cma',
        name: 'HAIYAN',
        nameZh: '海燕',
        basin: 'WP',
      });
      expect(haiyan?.summary.agencies).toEqual(['cma', 'jma', 'jtwc', 'hko']);
      expect(haiyan?.summary.ids).toMatchObject({ jma: '1330', jtwc: 'wp312013' });
      expect(searchGlobalArchive(withPacific.search, { q: '海燕', year: 2013, basin: 'WP' })[0]?.summary.id).toBe('cma-201330');
      expect(searchGlobalArchive(withPacific.search, { q: 'Haiyan', year: null, basin: 'NA' })).toEqual([]);
    });
  });
});
