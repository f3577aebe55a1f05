/**
 * What the endpoints of the archive of every basin answer, over HTTP from a build of our fixtures (the small
 * north-western Pacific archive and the invented HURDAT2 and IBTrACS storms of fixtures/global-sources): one storm
 * of any basin whole, its GeoJSON, the years counted as the raw files count them, the global history's archive
 * part (year, q, basin, paging) beside its live list, storms near a place, similar tracks; a build without the
 * other basins says they are not loaded; the north-western Pacific's own answers do not change with them.
 */
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGlobalHistory, type GlobalHistory } from '../../src/archive/global/global-history.ts';
import { readGlobalSources } from '../../src/sources/global/read-global-sources.ts';
import { recordsAndTracksByBasin } from '../helpers/global-geojson.ts';
import { startGlobalHistorySite, type GlobalHistorySite } from '../helpers/global-history-site.ts';
import { rawBasinYears } from '../helpers/raw-basin-years.ts';
import { FIXTURE_GLOBAL_SOURCES, FIXTURE_SOURCES } from '../helpers/sources.ts';

/** The paths of the archive of every basin (everything else is the north-western Pacific's, or the site's). */
const GLOBAL_OUTPUT = /^api\/(v1\/)?global\/|^api\/geojson\/global\/|^api\/_data\/global\//;
/**
 * The archived official forecasts: the shared build is given the tests' forecast decks and a bare build none, and
 * an other basin's storm is verified only against its best track (build/forecast-archive.ts).
 */
const FORECAST_OUTPUT = /^api\/(v1\/)?verification\/|^api\/_data\/forecast-archive\.json$/;

describe('the archive of every basin through its endpoints, from the fixtures', () => {
  let site: GlobalHistorySite;
  let bare: GlobalHistorySite;
  let history: GlobalHistory;
  const record = (id: string) => history.archive.storms.find((s) => s.id === id);

  beforeAll(async () => {
    [site, bare] = await Promise.all([
      startGlobalHistorySite(FIXTURE_SOURCES, { shared: 'fixtures', dir: FIXTURE_GLOBAL_SOURCES }),
      startGlobalHistorySite(FIXTURE_SOURCES, { dir: null }),
    ]);
    history = buildGlobalHistory(await readGlobalSources(FIXTURE_GLOBAL_SOURCES), null);
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await bare?.close();
  });

  it('answers a storm of any basin whole, in both families, as its record has it', async () => {
    const v1 = await site.get('/api/v1/global/storms/nhc-al052049');
    expect(v1.status).toBe(200);
    const { attribution, dataset, ...storm } = v1.body.data;
    expect(storm).toEqual(record('nhc-al052049'));
    expect(dataset).toEqual({ kind: 'real', storms: expect.any(Number) });
    expect(attribution.map((a: { source: string }) => a.source)).toEqual(['hurdat2']);
    // ts: the north-western Pacific archive's release, or the newest fix of another basin's record when later.
    const released = JSON.parse(fs.readFileSync(path.join(site.publicDir, 'api/_data/archive-report.json'), 'utf8')).releasedAt;
    expect(v1.body.ts).toBe(Math.max(released, ...history.archive.storms.map((s) => Date.parse(s.endTime))));
    const web = await site.get('/api/global/storms/ibtracs-2049020S12060');
    // Which archive it is, as every archive answer says (the record's own fields beside it).
    const { attribution: credits, dataset: webDataset, ...ariane } = web.body;
    expect(webDataset).toEqual(dataset);
    expect(ariane).toEqual(record('ibtracs-2049020S12060'));
    expect(credits.map((a: { source: string }) => a.source)).toEqual(['ibtracs']);
    // The north-western Pacific's storms in the same shape, with their agencies side by side.
    const yagi = (await site.get('/api/v1/global/storms/cma-202411')).body.data;
    expect(yagi).toMatchObject({ source: 'cma', code: '202411', agencies: ['cma', 'jma', 'jtwc', 'hko'] });
    expect(yagi.attribution.map((a: { source: string }) => a.source)).toEqual(expect.arrayContaining(['cma', 'zj', 'jma', 'jtwc', 'hko']));
    expect(await site.get('/api/v1/global/storms/nhc-al992049')).toMatchObject({ status: 404, body: { code: 40401 } });
    expect(await site.get('/api/global/storms/AL052049')).toMatchObject({ status: 400, body: { error: { code: 40001 } } });
  });

  it('draws a storm as GeoJSON: its 34/50/64-kt radii, the track, every entry and the landfalls', async () => {
    const { status, body } = await site.get('/api/geojson/global/nhc-al052049');
    expect(status).toBe(200);
    const inventa = record('nhc-al052049');
    const kinds = (kind: string) => body.features.filter((f: { properties: { kind: string } }) => f.properties.kind === kind);
    const radii = inventa?.points
      .flatMap((p) => [p.radius34, p.radius50, p.radius64])
      .filter((r) => r && Object.values(r).some((km) => (km ?? 0) > 0));
    expect(kinds('wind-radii')).toHaveLength(radii?.length ?? -1);
    expect(kinds('track')).toHaveLength(1);
    expect(kinds('track')[0].properties).toMatchObject({ code: 'nhc-al052049', name: 'INVENTA', landfalls: 2 });
    expect(kinds('track-point')).toHaveLength(inventa?.points.length ?? -1);
    expect(kinds('landfall').map((f: { properties: { time: string } }) => f.properties.time)).toEqual(inventa?.land.map((l) => l.time));
    // Across the antimeridian: CRUZADO's line is cut there.
    const cruzado = (await site.get('/api/geojson/global/nhc-ep012049')).body;
    expect(cruzado.features.find((f: { properties: { kind: string } }) => f.properties.kind === 'track').geometry.type).toBe(
      'MultiLineString',
    );
  });

  it('draws every record of every basin as GeoJSON, each with its track', () => {
    const { records, tracks, undrawn } = recordsAndTracksByBasin(site.publicDir);
    expect(undrawn).toEqual([]);
    expect(tracks).toEqual(records);
    expect(records).toEqual({ NA: 2, EP: 2, WP: 6, NI: 1, SI: 3, SP: 1, SA: 1 });
  });

  it('counts each basin year by year as the raw files count its storms', async () => {
    const { body } = await site.get('/api/v1/global/history/years');
    const counted = Object.fromEntries(
      body.data.list
        .filter((y: { basin: string }) => y.basin !== 'WP')
        .map((y: { basin: string; year: number; storms: number }) => [`${y.basin} ${y.year}`, y.storms]),
    );
    expect(counted).toEqual(rawBasinYears(FIXTURE_GLOBAL_SOURCES));
    expect(body.data.list.find((y: { basin: string; year: number }) => y.basin === 'NA' && y.year === 2049)).toMatchObject({
      storms: 1,
      hurricanes: 1,
      major: 1,
      ace: 4.96,
    });
    const wp = body.data.list
      .filter((y: { basin: string }) => y.basin === 'WP')
      .reduce((n: number, y: { storms: number }) => n + y.storms, 0);
    expect(wp).toBe(body.data.coverage.basins.find((b: { basin: string }) => b.basin === 'WP').storms);
    expect(body.data.coverage.otherBasins).toBe(true);
    expect(body.data.coverage.basins.map((b: { basin: string; loaded: boolean }) => `${b.basin} ${b.loaded}`)).toEqual([
      'NA true',
      'EP true',
      'WP true',
      'NI true',
      'SI true',
      'SP true',
      'SA true',
    ]);
  });

  it('lists the archive of every basin in the global history: by year, basin and name, paged, beside the live list', async () => {
    const all = (await site.get('/api/v1/global/history?size=50')).body.data;
    const archived = JSON.parse(fs.readFileSync(path.join(site.publicDir, 'api/_data/archive-report.json'), 'utf8')).storms;
    expect(all.archive.total).toBe(history.archive.storms.length + archived);
    expect(all.dataset).toEqual({ kind: 'real', storms: all.archive.total });
    const na = (await site.get('/api/global/history?basin=NA')).body;
    expect(na.archive.list.map((s: { id: string }) => s.id)).toEqual(['nhc-al012048', 'nhc-al052049']);
    expect(na).toMatchObject({ basin: 'NA', archive: { total: 2, page: 1, size: 20, pages: 1, otherBasins: true } });
    const paged = (await site.get('/api/v1/global/history?year=2049&size=2&page=2')).body.data.archive;
    const of2049 = history.archive.summaries.filter((s) => s.year === 2049).map((s) => s.id);
    expect(paged).toMatchObject({ total: of2049.length, page: 2, size: 2, pages: Math.ceil(of2049.length / 2) });
    expect(paged.list.map((s: { id: string }) => s.id)).toEqual(of2049.slice(2, 4));
    const found = (await site.get('/api/v1/global/history?q=brindabella&basin=SP')).body.data.archive.list;
    expect(found.map((s: { id: string; matchedBy: string }) => [s.id, s.matchedBy])).toEqual([['ibtracs-2049040S15110', 'name']]);
    expect((await site.get('/api/v1/global/history?q=brindabella&basin=NA')).body.data.archive.total).toBe(0);
    // The live list is the spec's, as before: a cyclone of the live refresh is in typhoons, never in archive.
    const live = (await site.get('/api/global/history')).body;
    expect(live).toMatchObject({ year: null, q: null, basin: null, total: live.typhoons.length });
    expect(await site.get('/api/v1/global/history?basin=AL')).toMatchObject({ status: 400, body: { code: 40001 } });
  });

  it('finds the storms that passed near a place across basins, measured on the track, with counts', async () => {
    const { body } = await site.get('/api/v1/global/history/near?lat=25.7617&lng=-80.1918&radius=100');
    expect(body.data.list.map((s: { id: string }) => s.id)).toEqual(['nhc-al052049']);
    expect(body.data).toMatchObject({
      total: 1,
      query: { lat: 25.7617, lng: -80.1918, radius: 100, basin: null, from: null, to: null },
      counts: { byBasin: [{ basin: 'NA', count: 1 }], byDecade: [{ decade: 2040, count: 1 }] },
      otherBasins: true,
      dataset: { kind: 'real' },
    });
    expect(body.data.list[0].closestKm).toBeLessThan(35);
    expect(body.data.list[0].closestPoint).toMatchObject({ stage: 'tropical', intensityFrom: expect.stringMatching(/Z$/) });
    const between = (await site.get('/api/global/history/near?lat=14.35&lng=89.15&radius=20&basin=NI')).body;
    expect(between.list.map((s: { id: string }) => s.id)).toEqual(['ibtracs-2049130N12088']);
    expect((await site.get('/api/global/history/near?lat=14.35&lng=89.15&radius=20&basin=SI')).body.total).toBe(0);
    expect(await site.get('/api/v1/global/history/near?lat=25&lng=-80&radius=100&from=2050&to=2049')).toMatchObject({ status: 400 });
  });

  it('ranks similar tracks across basins or in one, never the storm itself', async () => {
    const { body } = await site.get('/api/v1/global/storms/nhc-al052049/similar?basin=EP&size=5');
    expect(body.data.list.map((s: { id: string }) => s.id)).toEqual(['nhc-cp012049', 'nhc-ep012049']);
    expect(body.data).toMatchObject({ storm: { id: 'nhc-al052049' }, basin: 'EP', size: 5, points: 24, total: 2 });
    const any = (await site.get('/api/global/storms/cma-202411/similar')).body;
    expect(any.list).toHaveLength(Math.min(10, (await site.get('/api/v1/global/history?size=1')).body.data.archive.total - 1));
    expect(any.list.some((s: { id: string }) => s.id === 'cma-202411')).toBe(false);
    expect(await site.get('/api/v1/global/storms/nhc-al992049/similar')).toMatchObject({ status: 404, body: { code: 40401 } });
  });

  it("without the other basins' files, says they are not loaded, and answers the north-western Pacific's alone", async () => {
    const years = (await bare.get('/api/v1/global/history/years')).body.data;
    expect(years.coverage.otherBasins).toBe(false);
    expect(years.coverage.basins.filter((b: { loaded: boolean }) => b.loaded).map((b: { basin: string }) => b.basin)).toEqual(['WP']);
    expect(new Set(years.list.map((y: { basin: string }) => y.basin))).toEqual(new Set(['WP']));
    const archive = (await bare.get('/api/global/history?q=inventa')).body.archive;
    expect(archive).toMatchObject({ total: 0, otherBasins: false });
    expect((await bare.get('/api/v1/global/history/near?lat=25.7617&lng=-80.1918&radius=100')).body.data).toMatchObject({
      total: 0,
      otherBasins: false,
    });
    const missing = await bare.get('/api/v1/global/storms/nhc-al052049');
    expect(missing).toMatchObject({ status: 404, body: { code: 40401 } });
    expect(missing.body.msg).toContain('/api/v1/global/history/years says which basins this deployment holds');
    expect((await bare.get('/api/v1/global/storms/cma-202411')).status).toBe(200);
  });

  it('leaves every answer of the north-western Pacific byte for byte as it is without the other basins', async () => {
    const files = async (publicDir: string) =>
      (await fg('**/*', { cwd: publicDir, onlyFiles: true, followSymbolicLinks: true }))
        .filter((f) => !GLOBAL_OUTPUT.test(f) && !FORECAST_OUTPUT.test(f))
        .sort();
    const [withGlobal, without] = await Promise.all([files(site.publicDir), files(bare.publicDir)]);
    // The docs page and the OpenAPI document are the same too: the route table is.
    expect(withGlobal).toEqual(without);
    const differ = withGlobal.filter(
      (f) => !fs.readFileSync(path.join(site.publicDir, f)).equals(fs.readFileSync(path.join(bare.publicDir, f))),
    );
    expect(differ).toEqual([]);
    // Asked through their functions too: near, similar and search.
    for (const query of [
      '/api/v1/history/near?lat=22.3&lng=114.2&radius=300',
      '/api/typhoons/202411/similar',
      '/api/v1/history/search/yagi',
    ])
      expect((await site.get(query)).body, query).toEqual((await bare.get(query)).body);
  });
});
