/**
 * The offline dump on the hand-written sample and its agencies (test/fixtures/sources/agencies: YAGI as JMA, JTWC
 * and HKO analysed it, invented; test/fixtures/sample-ibtracs: an IBTrACS record of it, invented): its checksums
 * verify with sha256sum -c; its parts agree; the agencies' rows and the crosswalk are there, the crosswalk's figures
 * are the API's, every storm is in tracks.geojson (one of a single fix too), and the columns docs/data/data-sources.md
 * documents are the columns written. The same checks on the real dump: test/real-data/dump.test.ts.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import fg from 'fast-glob';
import { unzipSync } from 'fflate';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareArchive } from '../../src/archive/agency-comparison.ts';
import { buildArchive } from '../../src/archive/build-archive.ts';
import { buildGlobalHistory, type GlobalHistory } from '../../src/archive/global/global-history.ts';
import { globalDataQuality } from '../../src/archive/global/global-report.ts';
import { readGlobalSources } from '../../src/sources/global/read-global-sources.ts';
import { NAMES_FILE } from '../../src/config/paths.ts';
import { buildDump, DUMP_ROOT } from '../../src/dump/dump.ts';
import { DEMO_SOURCES_DIR } from '../../src/config/paths.ts';
import { datedDump, DUMP_STATUS, readDumpInput, STABLE_DUMP, writeDump } from '../../src/dump/write-dump.ts';
import { readArchiveSources } from '../../src/archive/read-archive-sources.ts';
import { apiAndDumpLinks, asHurdat2Entry, asIbtracsRow, basinCounts, type CrosswalkLine, trackFeatures } from '../helpers/dump-contents.ts';
import { rawHurdat2, rawIbtracs } from '../helpers/raw-global-tracks.ts';
import { FIXTURE_GLOBAL_SOURCES, FIXTURE_SOURCES } from '../helpers/sources.ts';
import { readTyped, type TableField, type TableSchema } from '../helpers/table-schema.ts';

/** An IBTrACS record of the sample's YAGI, invented (see its README): the agencies' tracks come from its columns. */
const SAMPLE_IBTRACS = path.resolve(import.meta.dirname, '..', 'fixtures', 'sample-ibtracs');

/** Unpacks the stable zip written into `outDir`; returns the dump's root folder. */
async function unpack(outDir: string): Promise<string> {
  const unpacked = path.join(outDir, 'unpacked');
  for (const [name, bytes] of Object.entries(unzipSync(await fs.readFile(path.join(outDir, STABLE_DUMP)))))
    await fs.outputFile(path.join(unpacked, name), bytes);
  return path.join(unpacked, DUMP_ROOT);
}

/** Writes a dump of the sample archive and unpacks it. */
async function unpackedDump(outDir: string, agenciesDir?: string): Promise<string> {
  await writeDump({ sourcesDir: FIXTURE_SOURCES, agenciesDir, outDir });
  return unpack(outDir);
}

const readCsv = async (file: string): Promise<Record<string, string>[]> => parse(await fs.readFile(file, 'utf8'), { columns: true });
const readJsonl = async (file: string): Promise<Record<string, unknown>[]> =>
  (await fs.readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
interface Resource {
  name: string;
  path: string;
  profile: string;
  schema: TableSchema & { primaryKey?: string; foreignKeys?: unknown };
}

const csvHeader = async (file: string): Promise<string[]> => ((await fs.readFile(file, 'utf8')).split('\n')[0] as string).split(',');

describe('writeDump', () => {
  it('writes a stable and a dated zip whose SHA256SUMS verify with sha256sum -c', async () => {
    const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-dump-'));
    const report = await writeDump({ sourcesDir: FIXTURE_SOURCES, outDir });
    // Dated by the data (the newest CMA release date, 2025-03-01), not by the clock.
    expect(report.files.map((f) => path.basename(f))).toEqual([STABLE_DUMP, 'typhoon-archive-2025-03-01.zip']);
    expect(datedDump(report.version)).toBe('typhoon-archive-2025-03-01.zip');
    // The status the docs page reads instead of asking for the zip (a build publishes it saying there is none).
    expect(await fs.readJson(path.join(outDir, DUMP_STATUS))).toEqual({
      available: true,
      file: STABLE_DUMP,
      dated: 'typhoon-archive-2025-03-01.zip',
      bytes: report.bytes,
      version: '2025-03-01T00:00:00+08:00',
    });
    const first = await fs.readFile(path.join(outDir, STABLE_DUMP));
    await writeDump({ sourcesDir: FIXTURE_SOURCES, outDir });
    expect((await fs.readFile(path.join(outDir, STABLE_DUMP))).equals(first)).toBe(true);

    const root = await unpack(outDir);
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: root, encoding: 'utf8' })).toMatch(/points\.csv: OK/);

    const manifest = await fs.readJson(path.join(root, 'manifest.json'));
    expect(manifest).toMatchObject({
      schemaVersion: 5,
      // The same field as the v1 answers: which archive, its storms counted (the fixtures are not the demo archive).
      dataset: { kind: 'real', storms: 6 },
      storms: 6,
      generatedAt: '2025-02-28T16:00:00.000Z',
      countsPerYear: { 1945: 1, 1949: 1, 2024: 4 },
    });
    expect(manifest.schemaChanges[2]).toMatch(/crosswalk\.csv/);
    expect(manifest.schemaChanges[3]).toMatch(/tracks\.geojson holds every storm/);
    expect(manifest.schemaChanges[4]).toMatch(/datapackage\.json is new/);
    expect(manifest.schemaChanges[5]).toMatch(/the archive of every basin is new: global-storms\.csv/);
    // 13 CMA points; JTWC: 1945's own 2 (via the Zhejiang archive) and YAGI's 4; JMA's and HKO's 4 of YAGI.
    expect(manifest.pointsByAgency).toEqual({ cma: 13, jma: 4, jtwc: 6, hko: 4 });
    expect(manifest.linkedStorms).toEqual({ jma: 1, jtwc: 1, hko: 1, ibtracs: 0 });
    expect(manifest.sources.map((s: { file: string }) => s.file)).toEqual(
      expect.arrayContaining([
        'cma-bst/CH2024BST.txt',
        'agencies/jma/bst_all.txt',
        'agencies/jtwc/bwp112024.dat',
        'agencies/hko/HKO2024BST.csv',
      ]),
    );
    const csvRows = (await fs.readFile(path.join(root, 'points.csv'), 'utf8')).trim().split('\n');
    const jsonl = (await fs.readFile(path.join(root, 'points.jsonl'), 'utf8')).trim().split('\n');
    expect(csvRows.length - 1).toBe(manifest.points);
    expect(jsonl.length).toBe(manifest.points);
    // Schema 1's columns keep their places; schema 2's come after them.
    expect(csvRows[0]).toMatch(
      /^code,name,enname,year,time,lat,lng,grade,strong,power,speed_ms,pressure_hpa,.*,r12_nw_km,agency,source,wind_period,speed_kt,category$/,
    );
    expect([...trackFeatures(await fs.readFile(path.join(root, 'tracks.geojson'), 'utf8')).keys()]).toEqual([
      '194501',
      '1949C01',
      '202411',
      '202414',
      '202414-1',
      '2024C14',
    ]);
    expect(await fs.readFile(path.join(root, 'LICENSE-AND-ATTRIBUTION.txt'), 'utf8')).toContain('tcdata.typhoon.org.cn');
    expect((await fs.readdir(path.join(root, 'storms'))).length).toBe(6);
    await fs.remove(outDir);
  });
});

describe('the dump with the other agencies', () => {
  let outDir: string;
  let root: string;
  beforeAll(async () => {
    outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-dump-agencies-'));
    root = await unpackedDump(outDir);
  });
  afterAll(() => fs.remove(outDir));

  it("puts YAGI's JMA, JTWC and HKO points after its own, each with its wind period and its knots as written", async () => {
    const yagi = (await readCsv(path.join(root, 'points.csv'))).filter((r) => r.code === '202411');
    expect(yagi.map((r) => r.agency)).toEqual([
      ...Array(4).fill('cma'),
      ...Array(4).fill('jma'),
      ...Array(4).fill('jtwc'),
      ...Array(4).fill('hko'),
    ]);
    const at = (agency: string, time: string) => yagi.find((r) => r.agency === agency && r.time === time);
    // 2024-09-05 12 UTC: CMA 62 m/s (2-minute); JMA 110 kt (10-minute), JTWC 140 kt (1-minute), HKO 110 kt.
    expect(at('cma', '2024-09-05T20:00:00+08:00')).toMatchObject({
      source: 'cma-bst',
      wind_period: '2min',
      speed_ms: '62',
      speed_kt: '',
      category: 'SuperTY',
      grade: 'SuperTY',
      r7_ne_km: '300',
    });
    expect(at('jma', '2024-09-05T20:00:00+08:00')).toMatchObject({
      source: 'jma-bst',
      wind_period: '10min',
      speed_ms: '56.6',
      speed_kt: '110',
      pressure_hpa: '915',
      category: '5',
      grade: '',
      power: '',
      r7_ne_km: '',
    });
    expect(at('jtwc', '2024-09-05T20:00:00+08:00')).toMatchObject({
      source: 'jtwc-bdeck',
      wind_period: '1min',
      speed_ms: '72',
      speed_kt: '140',
      category: 'ST',
      name: '摩羯',
      enname: 'YAGI',
      year: '2024',
    });
    expect(at('hko', '2024-09-05T20:00:00+08:00')).toMatchObject({
      source: 'hko-bst',
      wind_period: '10min',
      lat: '19.55',
      lng: '114.25',
      speed_kt: '110',
      category: 'SuperT',
    });
    // JMA's fix before CMA's first is there too.
    expect(at('jma', '2024-09-05T14:00:00+08:00')).toMatchObject({ speed_kt: '105' });

    const jsonl = (await readJsonl(path.join(root, 'points.jsonl'))).filter((p) => p.code === '202411' && p.agency === 'jtwc');
    expect(jsonl[1]).toEqual({
      code: '202411',
      time: '2024-09-05T20:00:00+08:00',
      lat: 19.4,
      lng: 114.3,
      strong: null,
      grade: null,
      power: null,
      speed: 72,
      pressure: 912,
      moveDir: null,
      moveSpeed: null,
      radius7: null,
      radius10: null,
      radius12: null,
      agency: 'jtwc',
      source: 'jtwc-bdeck',
      windPeriod: '1min',
      speedKt: 140,
      category: 'ST',
    });
  });

  it('lists every storm in the crosswalk, YAGI with its ids and how each was found; the nameless HKO storm nowhere', async () => {
    const rows = await readCsv(path.join(root, 'crosswalk.csv'));
    expect(rows.map((r) => r.code)).toEqual(['194501', '1949C01', '202411', '202414', '202414-1', '2024C14']);
    expect(rows.find((r) => r.code === '202411')).toMatchObject({
      jma: '2411',
      jtwc: 'wp112024',
      hko: '2024-0011',
      ibtracs: '',
      jma_method: 'track-match',
      jma_agreeing_fixes: '3',
      jma_shared_fixes: '3',
      jma_median_distance_km: '23.7',
      jtwc_method: 'track-match',
      hko_method: 'track-match',
      ibtracs_method: '',
    });
    expect(rows.find((r) => r.code === '202414')).toMatchObject({ jma: '', jtwc: '', hko: '', jma_method: '' });
    const yagi = (await readJsonl(path.join(root, 'crosswalk.jsonl'))).find((r) => r.code === '202411');
    expect(yagi).toMatchObject({ ids: { cma: '202411', jma: '2411', jtwc: 'wp112024', hko: '2024-0011', ibtracs: null } });
    expect(yagi?.links).toContainEqual({
      agency: 'hko',
      id: '2024-0011',
      method: 'track-match',
      agreeingFixes: 3,
      sharedFixes: 3,
      medianDistanceKm: 16.6,
    });
    expect(await fs.readFile(path.join(root, 'points.jsonl'), 'utf8')).not.toMatch(/0010/);
  });

  it('credits the agencies whose data it holds', async () => {
    const licence = await fs.readFile(path.join(root, 'LICENSE-AND-ATTRIBUTION.txt'), 'utf8');
    expect(licence).toMatch(/Japan Meteorological Agency/);
    expect(licence).toMatch(/Joint Typhoon Warning Center/);
    expect(licence).toMatch(/Hong Kong Observatory/);
    expect(licence).not.toMatch(/IBTrACS \(International/); // no IBTrACS file beside the sample
  });

  it('documents, in docs/data/data-sources.md and in its own text, exactly the columns it writes, in order', async () => {
    const docs = await fs.readFile(path.resolve(import.meta.dirname, '..', '..', 'docs', 'data', 'data-sources.md'), 'utf8');
    const start = docs.indexOf('## Offline dump');
    expect(start).toBeGreaterThan(-1);
    const end = docs.indexOf('\n## ', start + 1);
    const section = docs.slice(start, end === -1 ? undefined : end);
    const documented = [...section.matchAll(/`([^`]+)`/g)].map((m) => m[1]).join(',');
    const licence = await fs.readFile(path.join(root, 'LICENSE-AND-ATTRIBUTION.txt'), 'utf8');
    for (const file of ['points.csv', 'crosswalk.csv', 'global-storms.csv', 'global-points.csv', 'global-landfalls.csv']) {
      const header = await csvHeader(path.join(root, file));
      expect(documented).toContain(header.join(','));
      for (const column of header) expect(licence).toContain(`\n  ${column}: `);
    }
    const keys = Object.keys((await readJsonl(path.join(root, 'points.jsonl')))[0] as object);
    expect(documented).toContain(keys.join(','));
    expect(licence).toContain(keys.join(', '));
  });
});

describe('datapackage.json', () => {
  let outDir: string;
  let root: string;
  beforeAll(async () => {
    outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-dump-package-'));
    root = await unpackedDump(outDir);
  });
  afterAll(() => fs.remove(outDir));

  it('describes every CSV table so that every cell reads as its declared type, empty as missing', async () => {
    const pkg = await fs.readJson(path.join(root, 'datapackage.json'));
    expect(pkg).toMatchObject({
      profile: 'tabular-data-package',
      name: 'typhoon-archive',
      dataset: { kind: 'real', storms: 6 },
      version: '5.0.0',
    });
    expect(pkg.created).toBe((await fs.readJson(path.join(root, 'manifest.json'))).generatedAt);
    const resources = pkg.resources as Resource[];
    expect(resources.map((r) => [r.name, r.path, r.profile])).toEqual([
      ['points', 'points.csv', 'tabular-data-resource'],
      ['crosswalk', 'crosswalk.csv', 'tabular-data-resource'],
      ['global-storms', 'global-storms.csv', 'tabular-data-resource'],
      ['global-points', 'global-points.csv', 'tabular-data-resource'],
      ['global-landfalls', 'global-landfalls.csv', 'tabular-data-resource'],
    ]);
    const tables = new Map<string, ReturnType<typeof readTyped>>();
    for (const resource of resources) {
      const table = readTyped(resource.schema, await fs.readFile(path.join(root, resource.path), 'utf8'));
      expect(table.faults).toEqual([]);
      expect(table.rows.length).toBeGreaterThan(0);
      tables.set(resource.name, table);
    }
    const points = tables.get('points')?.rows ?? [];
    const yagiJma = points.find((r) => r.code === '202411' && r.agency === 'jma' && r.speed_kt === 110);
    expect(yagiJma).toMatchObject({ year: 2024, speed_ms: 56.6, pressure_hpa: 915, wind_period: '10min', grade: null, r7_ne_km: null });
    expect((yagiJma as { time: Date }).time.toISOString()).toBe('2024-09-05T12:00:00.000Z');
    // The crosswalk's key is unique (its declared primaryKey), and every points row's code is in it (the foreign key).
    const codes = (tables.get('crosswalk')?.rows ?? []).map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(points.filter((r) => !codes.includes(r.code))).toEqual([]);
  });

  it('declares every id as text, with its unit on every measured column and what wind_period means', async () => {
    const pkg = await fs.readJson(path.join(root, 'datapackage.json'));
    const fields = new Map<string, TableField>(
      (pkg.resources as Resource[]).flatMap((r) => r.schema.fields.map((f) => [`${r.name}.${f.name}`, f] as const)),
    );
    for (const id of ['points.code', 'crosswalk.code', 'crosswalk.jma', 'crosswalk.jtwc', 'crosswalk.hko', 'crosswalk.ibtracs'])
      expect(fields.get(id)?.type).toBe('string');
    for (const [name, unit] of [
      ['points.speed_ms', 'm/s'],
      ['points.speed_kt', 'kt'],
      ['points.pressure_hpa', 'hPa'],
      ['points.move_speed_kmh', 'km/h'],
      ['points.r12_nw_km', 'km'],
      ['crosswalk.jma_median_distance_km', 'km'],
    ])
      expect(fields.get(name as string)?.unit).toBe(unit);
    expect(fields.get('points.wind_period')).toMatchObject({ constraints: { enum: ['1min', '2min', '10min'] } });
    expect(fields.get('points.wind_period')?.description).toMatch(/10min \(JMA, HKO\); nothing is converted/);
    expect(fields.get('points.time')).toMatchObject({ type: 'datetime', format: '%Y-%m-%dT%H:%M:%S%z' });
  });

  it('keeps a JMA number such as 0121 as text', async () => {
    // The sample's YAGI given JMA's number of 2001's 21st storm: read as a number it would be 121.
    const input = await readDumpInput({ sourcesDir: FIXTURE_SOURCES });
    const renumbered = input.typhoons.map((t) => (t.code === '202411' ? { ...t, ids: { ...t.ids, jma: '0121' } } : t));
    const { zip } = buildDump({ ...input, typhoons: renumbered });
    const files = unzipSync(zip);
    const text = (name: string) => new TextDecoder().decode(files[`${DUMP_ROOT}/${name}`]);
    const crosswalkResource = (JSON.parse(text('datapackage.json')).resources as Resource[]).find((r) => r.name === 'crosswalk');
    const table = readTyped((crosswalkResource as Resource).schema, text('crosswalk.csv'));
    expect(table.faults).toEqual([]);
    expect(table.rows.find((r) => r.code === '202411')).toMatchObject({ jma: '0121', jma_agreeing_fixes: 3 });
  });

  it('says, in the manifest and the package, that a dump of the demo archive is the demo, with its count of storms', async () => {
    const demoOut = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-dump-demo-'));
    await writeDump({ sourcesDir: DEMO_SOURCES_DIR, outDir: demoOut });
    const demoRoot = await unpack(demoOut);
    const manifest = await fs.readJson(path.join(demoRoot, 'manifest.json'));
    const pkg = await fs.readJson(path.join(demoRoot, 'datapackage.json'));
    const storms = (await fs.readdir(path.join(demoRoot, 'storms'))).length;
    expect(manifest).toMatchObject({ dataset: { kind: 'demo', storms }, storms });
    expect(pkg).toMatchObject({ name: 'typhoon-archive-demo', dataset: { kind: 'demo', storms } });
    expect(pkg.title).toBe(`Typhoon API demo archive (${storms} storms), not the full record`);
    expect(pkg.description).toMatch(new RegExp(`^DEMO: built from the project's demo archive \\(${storms} storms`));
    await fs.remove(demoOut);
  });
});

describe('the archive of every basin in the dump', () => {
  // The fixtures of the other basins (test/fixtures/global-sources: invented storms of 2048-2049 in NHC's and NCEI's
  // formats) beside the sample archive and its agencies.
  let outDir: string;
  let root: string;
  let history: GlobalHistory;
  let tables: Map<string, ReturnType<typeof readTyped>>;
  const rows = (table: string) => tables.get(table)?.rows ?? [];
  beforeAll(async () => {
    outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-dump-global-'));
    await writeDump({ sourcesDir: FIXTURE_SOURCES, globalSourcesDir: FIXTURE_GLOBAL_SOURCES, outDir });
    root = await unpack(outDir);
    // The global history as the build makes it (build/build-site.ts), from the same files read apart.
    const sources = await readArchiveSources(FIXTURE_SOURCES, NAMES_FILE);
    const { typhoons, crosswalk } = buildArchive(sources);
    history = buildGlobalHistory(await readGlobalSources(FIXTURE_GLOBAL_SOURCES), {
      typhoons,
      agencies: compareArchive(typhoons, crosswalk, false),
      searchEntries: [],
    });
    const pkg = await fs.readJson(path.join(root, 'datapackage.json'));
    tables = new Map();
    for (const resource of pkg.resources as { name: string; path: string; schema: TableSchema }[])
      tables.set(resource.name, readTyped(resource.schema, await fs.readFile(path.join(root, resource.path), 'utf8')));
  });
  afterAll(() => fs.remove(outDir));

  it("holds every record of the global history, each basin's records and entries counted as the history counts them", async () => {
    const { storms } = history.archive;
    expect(rows('global-storms').map((r) => r.id)).toEqual(storms.map((s) => s.id));
    const counts = basinCounts(rows, storms);
    expect(counts.dumped).toEqual(counts.history);
    // Every basin is there: NA and EP from HURDAT2, WP from the sample archive, NI, SI, SP and SA from IBTrACS.
    expect(counts.dumped.storms).toEqual({ NA: 2, EP: 2, WP: 6, NI: 1, SI: 3, SP: 1, SA: 1 });
    const manifest = await fs.readJson(path.join(root, 'manifest.json'));
    expect(manifest.global).toMatchObject({
      dataset: { kind: 'real', storms: 16 },
      records: 16,
      points: rows('global-points').length,
      landfalls: rows('global-landfalls').length,
      recordsByBasin: { NA: 2, EP: 2, WP: 6, NI: 1, SI: 3, SP: 1, SA: 1 },
      pointsByBasin: counts.history.points,
      leftOut: { problems: 0, rejected: 0, notes: history.archive.notes.length },
    });
    expect(manifest.global.coverage.basins.every((b: { loaded: boolean }) => b.loaded)).toBe(true);
    expect(manifest.sources.map((s: { file: string }) => s.file)).toEqual(
      expect.arrayContaining(['global-sources/hurdat2/hurdat2-1851-2049-010150.txt', 'global-sources/ibtracs/ibtracs.SI.list.v04r01.csv']),
    );
    // The data version is the global answers' ts: the newest fix of the other basins', later than the archive's release.
    expect(manifest.generatedAt).toBe(new Date(Math.max(...storms.map((s) => Date.parse(s.endTime)))).toISOString());
    // The same files give the same bytes, the other basins' included.
    const again = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-dump-global-again-'));
    await writeDump({ sourcesDir: FIXTURE_SOURCES, globalSourcesDir: FIXTURE_GLOBAL_SOURCES, outDir: again });
    expect((await fs.readFile(path.join(again, STABLE_DUMP))).equals(await fs.readFile(path.join(outDir, STABLE_DUMP)))).toBe(true);
    await fs.remove(again);
    // Each record whole, as /api/v1/global/storms/{id} has it; its track in global-tracks.geojson.
    const jsonl = (await readJsonl(path.join(root, 'global-storms.jsonl'))) as unknown as typeof storms;
    expect(jsonl).toEqual(storms);
    const tracks = JSON.parse(await fs.readFile(path.join(root, 'global-tracks.geojson'), 'utf8'));
    expect(tracks.features.map((f: { properties: { code: string } }) => f.properties.code)).toEqual(storms.map((s) => s.id));
    expect(tracks.features.find((f: { properties: { code: string } }) => f.properties.code === 'nhc-ep012049').geometry.type).toBe(
      'MultiLineString',
    );
  });

  it('writes every HURDAT2 entry and every IBTrACS row of a record as its raw line, typed as datapackage.json declares', async () => {
    for (const table of ['global-storms', 'global-points', 'global-landfalls']) expect(tables.get(table)?.faults).toEqual([]);
    const entries = (id: string) => rows('global-points').filter((r) => r.id === id);
    const hurdat2 = [...fg.sync('hurdat2/*.txt', { cwd: FIXTURE_GLOBAL_SOURCES, absolute: true })].flatMap((file) => [...rawHurdat2(file)]);
    expect(hurdat2.map(([atcf]) => atcf).sort()).toEqual(['al012048', 'al052049', 'cp012049', 'ep012049']);
    for (const [atcf, raw] of hurdat2) expect(entries(`nhc-${atcf}`).map(asHurdat2Entry), atcf).toEqual(raw);
    const ibtracs = fg
      .sync('ibtracs/*.csv', { cwd: FIXTURE_GLOBAL_SOURCES, absolute: true })
      .flatMap((file) => [...rawIbtracs(file, file.endsWith('SA.list.v04r01.csv'))]);
    expect(new Set(ibtracs.map(([sid]) => sid)).size).toBe(6);
    for (const [sid, raw] of ibtracs) expect(entries(`ibtracs-${sid}`).map(asIbtracsRow), sid).toEqual(raw);
    // Each row states its record's averaging period: HURDAT2 1 minute, New Delhi 3, La Réunion 10, the US agency's 1.
    const period = (id: string) => new Set(entries(id).map((r) => r.wind_period));
    expect(period('nhc-al052049')).toEqual(new Set(['1min']));
    expect(period('ibtracs-2049130N12088')).toEqual(new Set(['3min']));
    expect(period('ibtracs-2049020S12060')).toEqual(new Set(['10min']));
    expect(period('ibtracs-2049070S28315')).toEqual(new Set(['1min']));
    expect(period('cma-202411')).toEqual(new Set(['2min']));
  });

  it('lists the landfalls the records mark and the records as the API has them', async () => {
    const inventa = history.archive.storms.find((s) => s.id === 'nhc-al052049');
    const landfalls = rows('global-landfalls').filter((r) => r.id === 'nhc-al052049');
    expect(landfalls.map((r) => [(r.time as Date).toISOString(), r.wind_kt, r.pressure_hpa, r.place])).toEqual(
      inventa?.land.map((l) => [new Date(l.time).toISOString(), l.windKt, l.pressure, null]),
    );
    expect(landfalls[0]).toMatchObject({ lat: 25.5, lng: -80.3, status: 'HU', stage: 'tropical', wind_period: '1min' });
    // The L entries of global-points.csv are those landfalls.
    expect(rows('global-points').filter((r) => r.id === 'nhc-al052049' && r.record === 'L')).toHaveLength(landfalls.length);
    // The north-western Pacific's landfall with its place, in UTC.
    expect(rows('global-landfalls').find((r) => r.id === 'cma-202411')).toMatchObject({
      place: 'the coast of Wenchang, Hainan',
      wind_period: '2min',
    });
    const storm = (id: string) => rows('global-storms').find((r) => r.id === id);
    expect(storm('nhc-al052049')).toMatchObject({
      source: 'hurdat2',
      source_id: 'AL052049',
      code: null,
      name: 'INVENTA',
      year: 2049,
      basin: 'NA',
      provisional: false,
      wind_period: '1min',
      wind_agency: 'nhc',
      max_wind_kt: 120,
      min_pressure_hpa: 938,
      intensity: 'major',
      land_recorded: true,
      landfalls: 2,
      global_id: 'nhc-al052049',
      atcf: 'al052049',
    });
    expect(storm('ibtracs-2049040S15110')).toMatchObject({ basin: 'SI', basins: 'SI SP', provisional: false, land_recorded: false });
    expect(storm('ibtracs-2049070S28315')).toMatchObject({ basin: 'SA', provisional: true, wind_agency: 'usa', atcf: 'sl012049' });
    expect(storm('cma-202411')).toMatchObject({ code: '202411', name: 'YAGI', name_zh: '摩羯', agencies: 'cma jma jtwc hko' });
  });

  it('declares the global columns with their units, the periods and stages they may hold, and the keys between the tables', async () => {
    const pkg = await fs.readJson(path.join(root, 'datapackage.json'));
    const resource = (name: string) => (pkg.resources as Resource[]).find((r) => r.name === name);
    const field = (table: string, name: string) => resource(table)?.schema.fields.find((f) => f.name === name);
    for (const [table, name, unit] of [
      ['global-points', 'wind_kt', 'kt'],
      ['global-points', 'wind_ms', 'm/s'],
      ['global-points', 'pressure_hpa', 'hPa'],
      ['global-points', 'r64_nw_km', 'km'],
      ['global-points', 'rmw_km', 'km'],
      ['global-storms', 'max_wind_kt', 'kt'],
      ['global-storms', 'ace', '10^4 kt^2'],
      ['global-landfalls', 'wind_kt', 'kt'],
    ] as const)
      expect(field(table, name)?.unit, `${table}.${name}`).toBe(unit);
    expect(field('global-points', 'wind_period')).toMatchObject({ constraints: { enum: ['1min', '2min', '3min', '10min'] } });
    expect(field('global-points', 'time')).toMatchObject({ type: 'datetime', format: '%Y-%m-%dT%H:%M:%S%z' });
    expect(field('global-storms', 'provisional')).toMatchObject({ type: 'boolean', trueValues: ['true'], falseValues: ['false'] });
    expect(field('global-storms', 'source_id')?.type).toBe('string');
    expect(resource('global-storms')?.schema.primaryKey).toBe('id');
    expect(resource('global-points')?.schema.foreignKeys).toEqual([
      { fields: 'id', reference: { resource: 'global-storms', fields: 'id' } },
    ]);
    const ids = new Set(rows('global-storms').map((r) => r.id));
    expect(rows('global-points').filter((r) => !ids.has(r.id))).toEqual([]);
    expect(pkg.description).toMatch(/the other basins' \(NA, EP, NI, SI, SP, SA\) from NHC's HURDAT2 and NCEI's IBTrACS/);
  });

  it('credits HURDAT2 and IBTrACS, and says which basins it holds', async () => {
    const licence = await fs.readFile(path.join(root, 'LICENSE-AND-ATTRIBUTION.txt'), 'utf8');
    expect(licence).toMatch(/National Hurricane Center and Central Pacific Hurricane Center \(HURDAT2\)/);
    expect(licence).toMatch(/IBTrACS \(International/);
    expect(licence).toContain('  SA South Atlantic: 1 records (ibtracs)');
    expect(licence).toContain('Times: ISO 8601 in UTC (Z)');
    expect(await fs.readJson(path.join(root, 'global-data-quality.json'))).toEqual(
      globalDataQuality(history, await readGlobalSources(FIXTURE_GLOBAL_SOURCES)),
    );
  });

  it("without the other basins' files, holds the north-western Pacific's records and says the others are not loaded", async () => {
    const bare = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-dump-bare-'));
    await writeDump({ sourcesDir: FIXTURE_SOURCES, outDir: bare });
    const bareRoot = await unpack(bare);
    const manifest = await fs.readJson(path.join(bareRoot, 'manifest.json'));
    expect(manifest.global).toMatchObject({ records: 6, recordsByBasin: { NA: 0, EP: 0, WP: 6, NI: 0, SI: 0, SP: 0, SA: 0 } });
    expect(manifest.global.coverage.otherBasins).toBe(false);
    expect(manifest.global.coverage.basins.filter((b: { loaded: boolean }) => b.loaded).map((b: { basin: string }) => b.basin)).toEqual([
      'WP',
    ]);
    const licence = await fs.readFile(path.join(bareRoot, 'LICENSE-AND-ATTRIBUTION.txt'), 'utf8');
    expect(licence).toContain('  NA North Atlantic: not loaded (its files were not read): not "no storms"');
    expect(licence).toMatch(/files \(HURDAT2, IBTrACS\) were not given to this dump/);
    expect(licence).not.toMatch(/HURDAT2\), public domain/);
    expect((await readCsv(path.join(bareRoot, 'global-storms.csv'))).map((r) => r.source)).toEqual(Array(6).fill('cma'));
    await fs.remove(bare);
  });
});

describe('an interrupted dump', () => {
  it('heals on the next run: a half-written zip and a leftover temporary file are replaced by whole ones', async () => {
    const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-dump-heal-'));
    const whole = await writeDump({ sourcesDir: FIXTURE_SOURCES, outDir });
    const first = await fs.readFile(path.join(outDir, STABLE_DUMP));
    // A run killed while writing: the temporary file half written (the published zip is only ever replaced by a rename).
    await fs.writeFile(path.join(outDir, `.${STABLE_DUMP}.tmp`), first.subarray(0, first.length / 2));
    await fs.writeFile(path.join(outDir, STABLE_DUMP), first.subarray(0, 100));
    await writeDump({ sourcesDir: FIXTURE_SOURCES, outDir });
    expect((await fs.readFile(path.join(outDir, STABLE_DUMP))).equals(first)).toBe(true);
    expect((await fs.readdir(outDir)).sort()).toEqual([DUMP_STATUS, STABLE_DUMP, path.basename(whole.files[1] as string)].sort());
    await fs.remove(outDir);
  });
});

describe('the dump with an IBTrACS record beside the sample', () => {
  let outDir: string;
  let root: string;
  beforeAll(async () => {
    outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-dump-ibtracs-'));
    root = await unpackedDump(outDir, SAMPLE_IBTRACS);
  });
  afterAll(() => fs.remove(outDir));

  it("gives each agency track taken from IBTrACS's columns its own figures, not the IBTrACS record's", async () => {
    // By construction of the fixture: IBTrACS's own positions are CMA's (0 km at the 4 shared instants); its USA
    // columns lie 0.1° of latitude north (11.1 km) and are JTWC's own analysis at 3 of those instants; TOKYO 0.2°
    // south (22.2 km) at all 4; HKO 0.3° north (33.4 km) at 3 and 2° north (222 km: not agreeing) at the 4th.
    const yagi = (await readJsonl(path.join(root, 'crosswalk.jsonl'))).find((r) => r.code === '202411') as unknown as CrosswalkLine;
    expect(yagi.ids).toEqual({ cma: '202411', jma: '2411', jtwc: 'wp112024', hko: null, ibtracs: '2024249N19115' });
    expect(yagi.links).toEqual([
      { agency: 'jma', id: '2411', method: 'cma-header', agreeingFixes: 4, sharedFixes: 4, medianDistanceKm: 22.2 },
      { agency: 'jtwc', id: 'wp112024', method: 'ibtracs', agreeingFixes: 3, sharedFixes: 3, medianDistanceKm: 11.1 },
      { agency: 'hko', id: null, method: 'ibtracs', agreeingFixes: 3, sharedFixes: 4, medianDistanceKm: 33.4 },
      { agency: 'ibtracs', id: '2024249N19115', method: 'track-match', agreeingFixes: 4, sharedFixes: 4, medianDistanceKm: 0 },
    ]);
    expect((await readCsv(path.join(root, 'crosswalk.csv'))).find((r) => r.code === '202411')).toMatchObject({
      hko: '',
      hko_method: 'ibtracs',
      hko_agreeing_fixes: '3',
      hko_shared_fixes: '4',
      hko_median_distance_km: '33.4',
      jtwc_method: 'ibtracs',
      jtwc_agreeing_fixes: '3',
      jtwc_median_distance_km: '11.1',
      ibtracs_median_distance_km: '0',
    });
    // The rows those figures describe: JTWC's 5 own fixes of IBTrACS's 6 rows, HKO's 4.
    const rows = (await readCsv(path.join(root, 'points.csv'))).filter((r) => r.code === '202411');
    expect(['cma', 'jma', 'jtwc', 'hko'].map((agency) => rows.filter((r) => r.agency === agency).length)).toEqual([4, 6, 5, 4]);
  });

  it('says of every agency track what the API says of it', async () => {
    const sources = await readArchiveSources(FIXTURE_SOURCES, NAMES_FILE, { agenciesDir: SAMPLE_IBTRACS });
    const { typhoons, crosswalk } = buildArchive(sources);
    const pairs = apiAndDumpLinks(
      compareArchive(typhoons, crosswalk, false).values(),
      (await readJsonl(path.join(root, 'crosswalk.jsonl'))) as unknown as CrosswalkLine[],
    );
    expect(pairs.map((p) => p.track)).toEqual(['202411 jma', '202411 jtwc', '202411 hko']);
    for (const { track, api, dump } of pairs) expect(dump, track).toEqual(api);
  });
});

describe('a storm of one fix', () => {
  it('is in tracks.geojson as a Point, beside its main entry as a line', async () => {
    // CMA's 1977 file splits storm 7702 so: a main entry and a continuation (-)1 of a single fix (the real one is 197702-1).
    const sourcesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-one-fix-'));
    await fs.outputFile(
      path.join(sourcesDir, 'cma-bst', 'CH1977BST.txt'),
      [
        '66666 0000    3 0005 7702 0 6 (nameless)                         20110729',
        '1977070500 0 190 1120  998       9',
        '1977070506 0 195 1112  998       9',
        '1977070512 0 199 1105  997      10',
        '66666 0000    1 0005 7702 0 6 (nameless)(-)1                     20110729',
        '1977070518 0 200 1100  997       9',
        '',
      ].join('\n'),
    );
    const outDir = path.join(sourcesDir, 'out');
    await writeDump({ sourcesDir, agenciesDir: path.join(sourcesDir, 'no-agencies'), outDir });
    const root = await unpack(outDir);
    const features = trackFeatures(await fs.readFile(path.join(root, 'tracks.geojson'), 'utf8'));
    expect((await fs.readJson(path.join(root, 'manifest.json'))).storms).toBe(2);
    expect(features.get('197702')?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [112, 19],
        [111.2, 19.5],
        [110.5, 19.9],
      ],
    });
    expect(features.get('197702-1')).toMatchObject({
      bbox: [110, 20, 110, 20],
      geometry: { type: 'Point', coordinates: [110, 20] },
      properties: { kind: 'track', code: '197702-1' },
    });
    await fs.remove(sourcesDir);
  });
});

describe('the dump without other agencies', () => {
  it('holds the archive alone and credits no agency', async () => {
    const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-dump-none-'));
    const root = await unpackedDump(outDir, path.join(outDir, 'no-agencies'));
    expect(new Set((await readCsv(path.join(root, 'points.csv'))).map((r) => r.agency))).toEqual(new Set(['cma', 'jtwc']));
    const crosswalk = await readCsv(path.join(root, 'crosswalk.csv'));
    expect(crosswalk.every((r) => r.jtwc === '' && r.hko === '')).toBe(true);
    // JMA's number as CMA writes it in its header: CMA's data, which credits no JMA.
    expect(crosswalk.find((r) => r.code === '202411')).toMatchObject({ jma: '2411', jma_method: 'cma-header', jma_agreeing_fixes: '' });
    const licence = await fs.readFile(path.join(root, 'LICENSE-AND-ATTRIBUTION.txt'), 'utf8');
    const attribution = licence.slice(
      licence.indexOf('Attribution required'),
      licence.indexOf('\n\n', licence.indexOf('Attribution required')),
    );
    const credits = attribution.split('\n').filter((line) => line.startsWith('- '));
    expect(credits.map((line) => line.slice(0, 40))).toEqual([
      '- Best-track data: China Meteorological ',
      '- Track, landfall and wind-circle data: ',
      '- Names: ESCAP/WMO Typhoon Committee lis',
    ]);
    await fs.remove(outDir);
  });
});
