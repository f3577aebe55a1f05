/**
 * The archive of every basin, built purely from our fixtures (test/fixtures/global-sources: invented HURDAT2 and
 * IBTrACS storms; test/fixtures/sources: the small north-western Pacific archive): records and their units,
 * identity and links, each basin's years, search, storms near a place and similar tracks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareArchive } from '../../src/archive/agency-comparison.ts';
import { buildArchive } from '../../src/archive/build-archive.ts';
import { buildGlobalHistory, type GlobalHistory } from '../../src/archive/global/global-history.ts';
import { searchGlobalArchive } from '../../src/archive/global/global-search.ts';
import { searchNearGlobal, similarGlobal } from '../../src/archive/global/global-track-search.ts';
import { readArchiveSources } from '../../src/archive/read-archive-sources.ts';
import { searchEntry } from '../../src/archive/search-index.ts';
import { buildTrackSearchData } from '../../src/archive/track-search-data.ts';
import { NAMES_FILE } from '../../src/config/paths.ts';
import { archivedStormSchema, archivedSummarySchema, basinYearSchema, type ArchivedStorm } from '../../src/model/global-archive-schemas.ts';
import type { IbtracsTrack } from '../../src/model/agency-track-schemas.ts';
import type { Typhoon } from '../../src/model/typhoon-schemas.ts';
import { parseIbtracsCsv, scanIbtracsLinks } from '../../src/sources/agencies/ibtracs-csv.ts';
import { knotsToMs, nmToKm } from '../../src/model/units.ts';
import { parseHurdat2 } from '../../src/sources/global/hurdat2.ts';
import {
  describeGlobalSources,
  newestHurdat2Files,
  readGlobalSources,
  type GlobalSources,
} from '../../src/sources/global/read-global-sources.ts';
import { parseNamesTable } from '../../src/sources/names-table.ts';
import { FIXTURE_GLOBAL_SOURCES, FIXTURE_SOURCES } from '../helpers/sources.ts';

const MIAMI = { lat: 25.7617, lng: -80.1918 };

describe('the archive of every basin, from the fixtures', () => {
  let sources: GlobalSources;
  let typhoons: Typhoon[];
  let history: GlobalHistory;
  const record = (id: string) => history.archive.storms.find((s) => s.id === id) as ArchivedStorm;
  const search = (q: string, filters: { year?: number; basin?: 'NA' | 'WP' | 'SI' | 'SP' } = {}) =>
    searchGlobalArchive(history.search, { q, year: filters.year ?? null, basin: filters.basin ?? null }).map((h) => [
      h.summary.id,
      h.matchedBy,
    ]);

  beforeAll(async () => {
    sources = await readGlobalSources(FIXTURE_GLOBAL_SOURCES);
    const archiveSources = await readArchiveSources(FIXTURE_SOURCES, NAMES_FILE);
    const archive = buildArchive(archiveSources);
    typhoons = archive.typhoons;
    const names = parseNamesTable(fs.readFileSync(NAMES_FILE, 'utf8'));
    history = buildGlobalHistory(sources, {
      typhoons,
      agencies: compareArchive(typhoons, archive.crosswalk, false),
      searchEntries: typhoons.map((t) => searchEntry(t, names)),
    });
  });

  it('reads every HURDAT2 and IBTrACS file of the folder, each IBTrACS storm formed in NI, SI, SP, SA whole', () => {
    expect(sources.problems).toEqual([]);
    expect(sources.files).toEqual([
      'hurdat2/hurdat2-1851-2049-010150.txt',
      'hurdat2/hurdat2-nepac-1949-2049-010150.txt',
      ...['EP', 'NA', 'NI', 'SA', 'SI', 'SP'].map((basin) => `ibtracs/ibtracs.${basin}.list.v04r01.csv`),
    ]);
    expect(sources.hurdat2.map((s) => s.id)).toEqual(['AL012048', 'AL052049', 'EP012049', 'CP012049']);
    expect(sources.ibtracs.map((t) => t.id)).toEqual([
      '2049130N12088', // DHARA; EBBTIDE, formed in the western Pacific, is the CMA archive's to tell
      '2049070S28315',
      '2049020S12060',
      '2049040S15110',
      '2049300S10090',
      '2049040S15110', // BRINDABELLA again, from the South Pacific file
      '2049050S17175',
    ]);
    expect(sources.ibtracsLinks).toHaveLength(10);
    expect(describeGlobalSources(sources)).toEqual([
      'HURDAT2: 2 file(s), 4 storms',
      'IBTrACS: 6 file(s), 9 storms, 6 formed in NI, SI, SP, SA',
    ]);
  });

  it('reads a list as its links (three columns) and its record storms (the WMO and US columns) as the whole parser does', () => {
    for (const basin of ['EP', 'NA', 'NI', 'SA', 'SI', 'SP']) {
      const file = `ibtracs.${basin}.list.v04r01.csv`;
      const text = fs.readFileSync(path.join(FIXTURE_GLOBAL_SOURCES, 'ibtracs', file), 'utf8');
      const whole = parseIbtracsCsv(text, file);
      const scanned = scanIbtracsLinks(text, file);
      expect(scanned).toEqual({
        links: whole.tracks.map((t) => ({ sid: t.id, usaAtcfIds: t.usaAtcfIds, basins: t.basins })),
        problems: [],
      });
      const records = new Set(scanned.links.filter((l) => ['NI', 'SI', 'SP', 'SA'].includes(l.basins[0] as string)).map((l) => l.sid));
      const read = parseIbtracsCsv(text, file, { storms: records, agencies: ['usa'] });
      const usaOnly = (t: IbtracsTrack) => ({
        ...t,
        points: t.points.map((p) => ({ ...p, agencies: p.agencies.usa ? { usa: p.agencies.usa } : {} })),
      });
      expect(read.tracks).toEqual(whole.tracks.filter((t) => records.has(t.id)).map(usaOnly));
    }
    // A row cut short is still found out when only the first columns are read; a bad SID is reported by the scan.
    const text = fs.readFileSync(path.join(FIXTURE_GLOBAL_SOURCES, 'ibtracs', 'ibtracs.SI.list.v04r01.csv'), 'utf8').split('\n');
    const cut = [...text.slice(0, 3), (text[3] as string).split(',').slice(0, 40).join(','), 'X2049020S12060,2049', ...text.slice(4)].join(
      '\n',
    );
    expect(parseIbtracsCsv(cut, 'x', { storms: new Set(['2049020S12060']), agencies: ['usa'] }).problems[0]).toEqual({
      line: 4,
      message: '40 columns instead of 174: row left out',
    });
    expect(scanIbtracsLinks(cut).problems).toEqual([{ line: 5, message: 'SID "X2049020S12060" is not valid: row left out' }]);
  });

  it('of several HURDAT2 releases of one series, reads the newest (season, then release date in either form)', () => {
    expect(
      newestHurdat2Files([
        'hurdat2/hurdat2-1851-2024-040425.txt',
        'hurdat2/hurdat2-1851-2025-02272026.txt',
        'hurdat2/hurdat2-1851-2023-051124.txt',
        'hurdat2/hurdat2-nepac-1949-2024-031725.txt',
        'hurdat2/hurdat2-nepac-1949-2020-043021a.txt',
        'hurdat2/my-copy.txt',
      ]),
    ).toEqual(['hurdat2/hurdat2-1851-2025-02272026.txt', 'hurdat2/hurdat2-nepac-1949-2024-031725.txt', 'hurdat2/my-copy.txt']);
  });

  it('gives every storm one record and one identity: nhc-<ATCF id>, ibtracs-<SID>, cma-<code>', () => {
    for (const s of history.archive.storms) archivedStormSchema.parse(s);
    for (const s of history.archive.summaries) archivedSummarySchema.parse(s);
    expect(history.archive.summaries.map((s) => [s.id, s.name, s.year, s.basins.join('/'), s.windPeriod])).toEqual(
      [
        ['cma-194501', null, 1945, 'WP', '1min'],
        ['nhc-al012048', null, 2048, 'NA', '1min'],
        ['ibtracs-2049020S12060', 'ARIANE', 2049, 'SI', '10min'],
        ['ibtracs-2049040S15110', 'BRINDABELLA', 2049, 'SI/SP', '10min'],
        ['ibtracs-2049050S17175', 'COROLLA', 2049, 'SP', '10min'],
        ['ibtracs-2049070S28315', 'FLORIPA', 2049, 'SA', '1min'],
        ['ibtracs-2049130N12088', 'DHARA', 2049, 'NI', '3min'],
        ['nhc-ep012049', 'CRUZADO', 2049, 'EP/WP', '1min'],
        ['nhc-al052049', 'INVENTA', 2049, 'NA', '1min'],
        ['nhc-cp012049', 'LOKELANI', 2049, 'EP', '1min'],
        ['ibtracs-2049300S10090', null, 2050, 'SI', '10min'],
      ].toSpliced(1, 0, ...typhoons.filter((t) => t.year > 1945).map((t) => [`cma-${t.code}`, t.enname, t.year, 'WP', '2min'])),
    );
  });

  it('links each storm to its global id, ATCF id and IBTrACS SID', () => {
    expect(record('nhc-al052049').links).toEqual({ global: 'nhc-al052049', atcf: 'al052049', ibtracs: '2049233N22286', cma: null });
    expect(record('nhc-cp012049').links).toEqual({ global: 'nhc-cp012049', atcf: 'cp012049', ibtracs: null, cma: null });
    expect(record('ibtracs-2049020S12060').links).toEqual({
      global: 'jtwc-sh052049',
      atcf: 'sh052049',
      ibtracs: '2049020S12060',
      cma: null,
    });
    expect(record('ibtracs-2049070S28315').links.global).toBeNull(); // SL: no JTWC id the global cyclones would use
    const yagi = history.archive.summaries.find((s) => s.code === '202411');
    expect(yagi).toMatchObject({
      id: 'cma-202411',
      source: 'cma',
      nameZh: '摩羯',
      links: { cma: '202411', atcf: 'wp112024', global: null },
    });
    expect(yagi?.agencies).toEqual(['cma', 'jma', 'jtwc', 'hko']);
    const realTime = typhoons.filter((t) => t.provenance.track === 'zj' && t.windPeriod === '2min').map((t) => `cma-${t.code}`);
    expect(history.archive.summaries.filter((s) => s.source === 'cma' && s.provisional).map((s) => s.id)).toEqual(realTime);
    // Only the seasons IBTrACS's lists hold are compared (2049: AL012048's 2048 is not in the NA list).
    expect(history.archive.notes).toEqual([
      { kind: 'crosscheck', id: 'CP012049', message: 'HURDAT2 CP012049 is in no IBTrACS storm read (by USA_ATCF_ID)' },
    ]);
  });

  it('a HURDAT2 record: every point its file line in kt and m/s (1-minute), hPa, radii and RMW in km, the landfalls marked L', () => {
    const parsed = parseHurdat2(fs.readFileSync(path.join(FIXTURE_GLOBAL_SOURCES, 'hurdat2', 'hurdat2-1851-2049-010150.txt'), 'utf8'), 'x');
    const inventa = record('nhc-al052049');
    expect(inventa.points).toEqual(
      parsed.storms[1]?.points.map((p) => ({
        time: p.time,
        lat: p.lat,
        lng: p.lng,
        status: p.status,
        stage: p.status === 'EX' ? 'extratropical' : 'tropical',
        record: p.record,
        windKt: p.windKt,
        speed: knotsToMs(p.windKt),
        pressure: p.pressureHpa,
        ...Object.fromEntries(
          (['kt34', 'kt50', 'kt64'] as const).map((kt) => {
            const q = p.radiiNm[kt];
            return [`radius${kt.slice(2)}`, q && { ne: nmToKm(q.ne), se: nmToKm(q.se), sw: nmToKm(q.sw), nw: nmToKm(q.nw) }];
          }),
        ),
        rmw: nmToKm(p.rmwNm),
      })),
    );
    expect(inventa.points[5]?.radius34).toEqual({ ne: 204, se: 167, sw: 111, nw: 148 }); // 110, 90, 60, 80 nm
    expect(inventa).toMatchObject({
      windPeriod: '1min',
      windAgency: 'nhc',
      maxWindKt: 120,
      maxSpeed: 61.7,
      maxWindTime: '2049-08-22T00:00:00Z',
      minPressure: 938,
      minPressureTime: '2049-08-22T00:00:00Z',
      intensity: 'major',
      ace: 4.96, // (40² + 55² + 75² + 120² + 115² + 90² + 60²) / 10⁴: the synoptic tropical entries ≥ 34 kt
      landRecorded: true,
    });
    expect(inventa.land).toEqual([
      {
        time: '2049-08-22T08:55:00Z',
        lat: 25.5,
        lng: -80.3,
        status: 'HU',
        stage: 'tropical',
        windKt: 115,
        speed: 59.2,
        pressure: 944,
        place: null,
      },
      {
        time: '2049-08-22T18:00:00Z',
        lat: 26.4,
        lng: -82.1,
        status: 'TS',
        stage: 'tropical',
        windKt: 60,
        speed: 30.9,
        pressure: 985,
        place: null,
      },
    ]);
    expect(record('nhc-al012048').points.map((p) => p.stage)).toEqual(['low', 'tropical', 'tropical', 'tropical', 'wave', 'disturbance']);
  });

  it("an IBTrACS record: the WMO agency's wind and period, the US agency's where there is no WMO agency, no landfalls", () => {
    const ariane = record('ibtracs-2049020S12060');
    expect(ariane).toMatchObject({ windAgency: 'reunion', windPeriod: '10min', maxWindKt: 90, minPressure: 935, intensity: 'hurricane' });
    expect(ariane.points[1]).toMatchObject({ time: '2049-01-20T03:00:00Z', windKt: null, speed: null, pressure: null }); // interpolated row
    expect(ariane.points.at(-1)).toMatchObject({ status: 'ET', stage: 'extratropical', windKt: 50 });
    expect(ariane).toMatchObject({ land: [], landRecorded: false });
    expect(record('ibtracs-2049040S15110')).toMatchObject({ windAgency: 'bom', basin: 'SI', basins: ['SI', 'SP'] });
    expect(record('ibtracs-2049130N12088')).toMatchObject({ windAgency: 'newdelhi', windPeriod: '3min', maxWindKt: 90 });
    expect(record('ibtracs-2049070S28315')).toMatchObject({
      windAgency: 'usa',
      windPeriod: '1min',
      maxWindKt: 70,
      maxSpeed: knotsToMs(70),
    });
    // Only FLORIPA's track is provisional (real-time, before the agencies' reanalysis); HURDAT2's never are.
    expect(history.archive.storms.filter((s) => s.provisional).map((s) => s.id)).toEqual(['ibtracs-2049070S28315']);
    expect(record('ibtracs-2049300S10090')).toMatchObject({ year: 2050, startTime: '2049-10-27T00:00:00Z' });
  });

  it("a north-western Pacific record in the same shape: CMA's m/s and the same in kt, its grades, landfalls with their place, its ids and agencies", () => {
    const t = typhoons.find((x) => x.code === '202411') as Typhoon;
    const yagi = record('cma-202411');
    archivedStormSchema.parse(yagi);
    expect(yagi).toMatchObject({
      source: 'cma',
      sourceId: '202411',
      code: '202411',
      nameZh: t.name,
      windAgency: 'cma',
      windPeriod: '2min',
    });
    expect(yagi.points).toHaveLength(t.points.length);
    yagi.points.forEach((p, i) => {
      const own = t.points[i] as Typhoon['points'][number];
      expect(Date.parse(p.time)).toBe(Date.parse(own.time));
      expect(p.time).toMatch(/Z$/);
      expect([p.lat, p.lng, p.speed, p.pressure, p.status]).toEqual([own.lat, own.lng, own.speed, own.pressure, own.grade]);
      expect(p.windKt).toBe(own.speed === null ? null : Math.round(((own.speed * 3600) / 1852) * 10) / 10);
      expect([p.radius34, p.radius50, p.radius64, p.rmw]).toEqual([null, null, null, null]);
    });
    expect(yagi.land.map((l) => [Date.parse(l.time), l.place])).toEqual(t.land.map((l) => [Date.parse(l.time), l.positionEn || null]));
    expect(yagi).toMatchObject({ maxSpeed: t.maxSpeed, minPressure: t.minPressure, landRecorded: t.landRecorded, ids: t.ids });
    expect(record('cma-194501')).toMatchObject({ windPeriod: '1min', windAgency: 'jtwc' });
  });

  it('counts storms, storms ≥ 34, ≥ 64 and ≥ 96 kt and ACE per basin and year', () => {
    for (const y of history.years) basinYearSchema.parse(y);
    const rows = history.years.map((y) => [
      y.basin,
      y.year,
      y.storms,
      y.named,
      y.hurricanes,
      y.major,
      y.ace,
      y.windPeriods.join(),
      y.source,
    ]);
    expect(rows.filter(([basin]) => basin !== 'WP')).toEqual([
      ['NA', 2048, 1, 1, 0, 0, 0.28, '1min', 'hurdat2'],
      ['NA', 2049, 1, 1, 1, 1, 4.96, '1min', 'hurdat2'],
      ['EP', 2049, 2, 2, 2, 1, 4.27, '1min', 'hurdat2'],
      ['NI', 2049, 1, 1, 1, 0, 1.32, '3min', 'ibtracs'],
      ['SI', 2049, 2, 2, 2, 0, 3.17, '10min', 'ibtracs'],
      ['SI', 2050, 1, 1, 0, 0, 0.12, '10min', 'ibtracs'],
      ['SP', 2049, 1, 1, 1, 0, 1.25, '10min', 'ibtracs'],
      ['SA', 2049, 1, 1, 1, 0, 0.95, '1min', 'ibtracs'],
    ]);
    const wp2024 = typhoons.filter((t) => t.year === 2024);
    expect(rows.find(([basin, year]) => basin === 'WP' && year === 2024)?.slice(2, 4)).toEqual([wp2024.length, expect.any(Number)]);
  });

  it('finds storms by name, spelling, id, with a year or a basin; the north-western Pacific with its agencies', () => {
    expect(search('Inventa')).toEqual([['nhc-al052049', 'name']]);
    expect(search('inv')).toEqual([['nhc-al052049', 'prefix']]);
    expect(search('Invanta')).toEqual([['nhc-al052049', 'fuzzy']]);
    expect(search('AL052049')).toEqual([['nhc-al052049', 'id']]);
    expect(search('nhc-al052049')).toEqual([['nhc-al052049', 'id']]);
    expect(search('2049020S12060')).toEqual([['ibtracs-2049020S12060', 'id']]);
    expect(search('sh052049')).toEqual([['ibtracs-2049020S12060', 'id']]);
    expect(search('Brindabella', { basin: 'SP' })).toEqual([['ibtracs-2049040S15110', 'name']]);
    expect(search('Brindabella', { basin: 'NA' })).toEqual([]);
    expect(search('Inventa 2048')).toEqual([]);
    for (const q of ['Yagi', '摩羯', 'mojie', '202411', 'cma-202411', 'wp112024'])
      expect(search(q)[0], q).toEqual(['cma-202411', expect.any(String)]);
    expect(searchGlobalArchive(history.search, { q: 'yagi', year: null, basin: 'WP' })[0]?.summary.agencies).toEqual([
      'cma',
      'jma',
      'jtwc',
      'hko',
    ]);
  });

  it('finds the storms whose track came within a radius, measured on the track between the fixes, with a basin filter', () => {
    const near = searchNearGlobal(history.trackSearch, { ...MIAMI, radius: 100, basin: null, from: null, to: null });
    expect(near.map((m) => [m.summary.id, m.closestKm])).toEqual([['nhc-al052049', expect.any(Number)]]);
    expect(near[0]?.closestKm).toBeLessThan(35);
    expect(near[0]?.closestPoint).toMatchObject({ stage: 'tropical', pressure: expect.any(Number) });
    // Halfway between two fixes 430 km apart (DHARA 10 May 06 and 12 UTC): 0 km from the track, over 200 km from either fix.
    const between = { lat: 14.35, lng: 89.15 };
    const dhara = searchNearGlobal(history.trackSearch, { ...between, radius: 20, basin: 'NI', from: null, to: null });
    expect(dhara.map((m) => m.summary.id)).toEqual(['ibtracs-2049130N12088']);
    expect(dhara[0]?.closestKm).toBeLessThan(5);
    expect(dhara[0]?.closestPoint.time).toMatch(/^2049-05-10T0[89]:\d{2}:00Z$/);
    expect(searchNearGlobal(history.trackSearch, { ...between, radius: 20, basin: 'SI', from: null, to: null })).toEqual([]);
    expect(searchNearGlobal(history.trackSearch, { ...MIAMI, radius: 100, basin: null, from: 2050, to: null })).toEqual([]);
  });

  it('ranks similar tracks across basins, or in one basin', () => {
    const all = similarGlobal(history.trackSearch, 'nhc-al052049', { basin: null, size: 50 });
    expect(all).toHaveLength(history.archive.summaries.length - 1);
    expect(all?.map((s) => s.score)).toEqual([...(all?.map((s) => s.score) ?? [])].sort((a, b) => a - b));
    expect(similarGlobal(history.trackSearch, 'nhc-al052049', { basin: 'EP', size: 5 })?.map((s) => s.summary.id)).toEqual([
      'nhc-cp012049',
      'nhc-ep012049',
    ]);
    expect(similarGlobal(history.trackSearch, 'nhc-xx', { basin: null, size: 5 })).toBeNull();
  });

  it("leaves the north-western Pacific's own track-search files as they were", () => {
    const own = buildTrackSearchData(typhoons);
    const cma = history.archive.summaries.flatMap((s, i) => (s.source === 'cma' ? [i] : []));
    const first = (file: typeof own.tracks, i: number) => [file.first[i] as number, file.first[i + 1] as number];
    cma.forEach((storm, k) => {
      const [a, b] = first(history.trackSearch.tracks, storm);
      const [c, d] = first(own.tracks, k);
      expect(history.trackSearch.tracks.lat.slice(a, b)).toEqual(own.tracks.lat.slice(c, d));
      expect(history.trackSearch.proximity.speed.slice(a, b)).toEqual(own.proximity.speed.slice(c, d));
    });
  });
});
