/**
 * The dump of the real data, made as `npm run dump` makes it: the real archive (TYPHOON_SOURCES), the other
 * agencies' samples (TYPHOON_AGENCY_SOURCES) and, when given, the real samples of the other basins
 * (test/helpers/global-sources.ts: NHC's Atlantic HURDAT2 1970-2018, the North-east and Central Pacific 1949-2024,
 * the IBTrACS lists). Every storm in tracks.geojson, the crosswalk saying of each agency track what the API says,
 * every cell of every CSV as datapackage.json types it; the archive of every basin counted per basin as the global
 * history counts it, and every HURDAT2 entry and IBTrACS row in global-points.csv as its raw line. The same checks on
 * the hand-written sample and the fixtures, and the rest of the dump's: test/unit/dump.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { buildGlobalHistory, type GlobalHistory } from '../../src/archive/global/global-history.ts';
import { dumpEntries, type DumpInput } from '../../src/dump/dump.ts';
import { readDumpInput } from '../../src/dump/write-dump.ts';
import { readGlobalSources } from '../../src/sources/global/read-global-sources.ts';
import { apiAndDumpLinks, asHurdat2Entry, asIbtracsRow, basinCounts, type CrosswalkLine, trackFeatures } from '../helpers/dump-contents.ts';
import { assembleRealGlobalSources, hasRealGlobalSources, REAL_GLOBAL_FILES } from '../helpers/global-sources.ts';
import { rawHurdat2, rawIbtracs } from '../helpers/raw-global-tracks.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { renderArchive } from '../helpers/rendered-archive.ts';
import { agenciesFor } from '../helpers/sources.ts';
import { readTyped, type TableSchema } from '../helpers/table-schema.ts';

type TypedRow = ReturnType<typeof readTyped>['rows'][number];

describeRealData('archive', 'the dump of the real archive', (sourcesDir) => {
  let scratch = '';
  let globalFolder: string | null = null;
  /** The dump's files as text, but the storms' own (storms/*.json: only their names) and the large JSON Lines. */
  const files = new Map<string, string>();
  const storms: string[] = [];
  let input: DumpInput;
  let tables: Map<string, ReturnType<typeof readTyped>>;
  const text = (name: string) => files.get(name) as string;
  const rows = (table: string): TypedRow[] => tables.get(table)?.rows ?? [];

  beforeAll(async () => {
    const agenciesDir = agenciesFor(sourcesDir);
    if (!agenciesDir) throw new Error('the real dump checks need TYPHOON_AGENCY_SOURCES beside TYPHOON_SOURCES');
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-real-dump-'));
    globalFolder = hasRealGlobalSources() ? assembleRealGlobalSources(path.join(scratch, 'global-sources')) : null;
    // What `npm run dump` writes, by the functions it writes it with (src/dump/write-dump.ts), the files checked here
    // made without zipping the whole dump (the zip itself, its checksums and the rest: test/unit/dump.test.ts).
    input = await readDumpInput({ sourcesDir, agenciesDir, ...(globalFolder ? { globalSourcesDir: globalFolder } : {}) });
    const { entries } = dumpEntries(input);
    for (const { name, text: made } of entries) {
      if (name.startsWith('storms/')) storms.push(path.basename(name, '.json'));
      else if (!name.endsWith('.jsonl') || name === 'crosswalk.jsonl') files.set(name, [...made()].join(''));
    }
    const pkg = JSON.parse(text('datapackage.json')) as { resources: { name: string; path: string; schema: TableSchema }[] };
    tables = new Map(pkg.resources.map((r) => [r.name, readTyped(r.schema, text(r.path))]));
  }, 600_000);
  afterAll(() => scratch && fs.rmSync(scratch, { recursive: true, force: true }));

  it('holds every storm in tracks.geojson, 197702-1 (a single fix) as a Point', async () => {
    const features = trackFeatures(text('tracks.geojson'));
    expect(storms.length).toBe(JSON.parse(text('manifest.json')).storms);
    expect(storms.length).toBe(input.typhoons.length);
    expect([...features.keys()].sort()).toEqual(storms.sort());
    expect(features.get('197702-1')).toMatchObject({ geometry: { type: 'Point', coordinates: [110, 20] }, properties: { kind: 'track' } });
    expect([...features.values()].filter((f) => f.geometry.type === 'Point').map((f) => f.properties.code)).toEqual(['197702-1']);
  });

  it("says of every agency track what the API says of it, YAGI's and TAPAH's from IBTrACS included", async () => {
    const site = await renderArchive(sourcesDir);
    const years = [...new Set([...site.details.values()].map((t) => t.year))];
    const comparisons = years.flatMap((year) => Object.values(site.data(DATA_FILES.agencyComparison.of(year))));
    const crosswalk = text('crosswalk.jsonl')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as CrosswalkLine);
    const pairs = apiAndDumpLinks(comparisons, crosswalk);
    expect(pairs.length).toBe(1953);
    expect(pairs.filter((p) => JSON.stringify(p.api) !== JSON.stringify(p.dump))).toEqual([]);
    // Measured from the raw files (see test/real-data/crosswalk.test.ts): not the IBTrACS records' 36/36 at 0 km and 12/12 at 21.7 km.
    const dumped = (track: string) => pairs.find((p) => p.track === track)?.dump;
    expect(dumped('202411 jtwc')).toEqual({
      id: 'wp122024',
      method: 'ibtracs',
      agreeingFixes: 31,
      sharedFixes: 31,
      medianDistanceKm: 11.1,
    });
    expect(dumped('202411 hko')).toEqual({ id: null, method: 'ibtracs', agreeingFixes: 34, sharedFixes: 34, medianDistanceKm: 10.7 });
    expect(dumped('202516 jtwc')).toEqual({ id: 'wp222025', method: 'ibtracs', agreeingFixes: 8, sharedFixes: 8, medianDistanceKm: 22.9 });
  });

  it('reads every cell of every CSV as datapackage.json declares it; JMA numbers such as 0121 stay text', async () => {
    const pkg = JSON.parse(text('datapackage.json'));
    expect(pkg.dataset.kind).toBe('real');
    expect([...tables.keys()]).toEqual(['points', 'crosswalk', 'global-storms', 'global-points', 'global-landfalls']);
    for (const [name, table] of tables) expect(table.faults.slice(0, 10), name).toEqual([]);
    const jma = rows('crosswalk')
      .map((r) => r.jma)
      .filter((id) => id !== null);
    expect(jma.length).toBeGreaterThan(1000);
    expect(jma.every((id) => typeof id === 'string' && /^\d{4}$/.test(id))).toBe(true);
    expect(jma).toContain('0121');
  });

  describeRealData('history', 'with the real samples of the other basins', () => {
    let history: GlobalHistory;
    beforeAll(async () => {
      if (!globalFolder)
        throw new Error(
          'the other basins need TYPHOON_CROSSCHECK_DATA and TYPHOON_AGENCY_SOURCES beside TYPHOON_SOURCES and TYPHOON_HISTORY_SAMPLES',
        );
      // The global history as the build makes it (build/build-site.ts), from the same files read apart.
      history = buildGlobalHistory(await readGlobalSources(globalFolder), {
        typhoons: input.typhoons,
        agencies: input.comparisons,
        searchEntries: [],
      });
    }, 600_000);

    it("holds every record of the global history: each basin's records and entries counted as the history counts them", () => {
      const { storms: records } = history.archive;
      expect(rows('global-storms').map((r) => r.id)).toEqual(records.map((s) => s.id));
      const counts = basinCounts(rows, records);
      expect(counts.dumped).toEqual(counts.history);
      // NA 1970-2018 (the file lacks Katrina), EP 1949-2024, the north-western Pacific's archive, IBTrACS's NI, SI, SP.
      expect(counts.dumped.storms).toEqual({ NA: 797, EP: 1242, WP: storms.length, NI: 6, SI: 124, SP: 31 });
      const manifest = JSON.parse(text('manifest.json'));
      expect(manifest.global.recordsByBasin).toEqual({ ...counts.history.storms, SA: 0 });
      expect(manifest.global.pointsByBasin).toEqual({ ...counts.history.points, SA: 0 });
      // The South Atlantic's files hold no storm formed there: not loaded, told so.
      expect(manifest.global.coverage.basins.find((b: { basin: string }) => b.basin === 'SA')).toMatchObject({ loaded: false, storms: 0 });
      expect(JSON.parse(text('global-data-quality.json')).problems.map((p: { file: string; line: number }) => [p.file, p.line])).toEqual([
        [`hurdat2/${REAL_GLOBAL_FILES.nepac}`, 32576],
        [`hurdat2/${REAL_GLOBAL_FILES.atlantic}`, 9394],
      ]);
      const tracks = JSON.parse(text('global-tracks.geojson'));
      expect(tracks.features.map((f: { properties: { code: string } }) => f.properties.code)).toEqual(records.map((s) => s.id));
    });

    it('writes every HURDAT2 entry and every IBTrACS row of the records as its raw line', () => {
      const entries = new Map<string, TypedRow[]>();
      for (const r of rows('global-points')) {
        const id = r.id as string;
        if (!entries.has(id)) entries.set(id, []);
        entries.get(id)?.push(r);
      }
      let checked = 0;
      for (const file of [REAL_GLOBAL_FILES.atlantic, REAL_GLOBAL_FILES.nepac])
        for (const [atcf, raw] of rawHurdat2(path.join(globalFolder as string, 'hurdat2', file))) {
          const ours = (entries.get(`nhc-${atcf}`) ?? []).map(asHurdat2Entry);
          expect(ours, atcf).toEqual(raw);
          checked += raw.length;
        }
      expect(checked).toBe(21475 + 31539);
      const lists: [string, boolean][] = [
        [REAL_GLOBAL_FILES.everyBasin, false],
        [REAL_GLOBAL_FILES.active, true],
      ];
      for (const [file, usa] of lists)
        for (const [sid, raw] of rawIbtracs(path.join(globalFolder as string, 'ibtracs', file), usa)) {
          const ours = (entries.get(`ibtracs-${sid}`) ?? []).map(asIbtracsRow);
          expect(ours, sid).toEqual(raw);
        }
      // A few rows whole: Andrew's landfall at Homestead (HURDAT2's `19920824, 0905, L, HU, 25.5N, 80.3W, 145, 922`).
      expect(entries.get('nhc-al041992')?.find((r) => (r.time as Date).toISOString() === '1992-08-24T09:05:00.000Z')).toMatchObject({
        record: 'L',
        status: 'HU',
        stage: 'tropical',
        lat: 25.5,
        lng: -80.3,
        wind_kt: 145,
        wind_ms: 74.6,
        wind_period: '1min',
        pressure_hpa: 922,
      });
      const andrew = rows('global-storms').find((r) => r.id === 'nhc-al041992');
      expect(andrew).toMatchObject({
        name: 'ANDREW',
        basin: 'NA',
        max_wind_kt: 150,
        min_pressure_hpa: 922,
        landfalls: 5,
        intensity: 'major',
      });
    });

    it("lists the records' landfalls, Andrew's five as HURDAT2 marks them", () => {
      const andrew = rows('global-landfalls').filter((r) => r.id === 'nhc-al041992');
      expect(andrew.map((r) => [(r.time as Date).toISOString().replace('.000', ''), r.wind_kt, r.pressure_hpa])).toEqual([
        ['1992-08-23T21:00:00Z', 140, 923],
        ['1992-08-24T01:00:00Z', 130, 931],
        ['1992-08-24T08:40:00Z', 145, 926],
        ['1992-08-24T09:05:00Z', 145, 922],
        ['1992-08-26T08:30:00Z', 100, 956],
      ]);
      expect(rows('global-landfalls').length).toBe(history.archive.storms.reduce((n, s) => n + s.land.length, 0));
    });
  });
});
