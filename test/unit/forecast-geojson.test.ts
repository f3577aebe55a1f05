/**
 * A storm's kept forecasts for a map (`/api/geojson/typhoons/{code}/forecasts`,
 * `/api/geojson/global/typhoons/{id}/forecasts`), answered by their function at the demo moment: the scheduled run
 * keeps the mock upstream's forecasts (the demo storm's seven issuances, JMA's own among them, MELISSA's NHC a-deck),
 * the data file holds an agency's measured cones, and each answer draws every issuance newest first, each with its
 * agency's cone where one was measured, and says how current the storm is as its own answers do.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalTyphoon } from '../../src/api/handlers/global.ts';
import { globalTyphoonForecastsGeoJson, typhoonForecastsGeoJson } from '../../src/api/handlers/forecasts.ts';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { serveFunction } from '../../src/api/serve.ts';
import { readConfig } from '../../src/config/env.ts';
import type { ForecastArchiveFile } from '../../src/forecasts/archived-forecasts.ts';
import { measuredConeRadii } from '../../src/forecasts/error-cones.ts';
import { readStormForecasts } from '../../src/forecasts/forecast-store.ts';
import { runScheduledRefresh } from '../../src/jobs/scheduled-run.ts';
import { readLiveView } from '../../src/live/snapshot.ts';
import { stormForecastsGeoJsonSchema } from '../../src/model/forecast-answer-schemas.ts';
import { fileStore } from '../../src/store/store.ts';
import { manualClock } from '../helpers/clock.ts';
import { MOCK_NOW, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { verifiedForecast } from '../helpers/verified-forecasts.ts';

/** A sample of `agency`'s verified forecasts in `basin` whose track errors are 1…30 km at 12 h (in proportion later). */
const sample = (agency: string, basin: string) => Array.from({ length: 30 }, (_, n) => verifiedForecast(n + 1, 120, n, { agency, basin }));

// Measured for CMA in the north-western Pacific and NHC in the Atlantic, for nobody else.
const cones = [measuredConeRadii(sample('cma', 'WP')), measuredConeRadii(sample('nhc', 'AL'))];
const archive: ForecastArchiveFile = { seasons: [], storms: [], cones, finalTracks: {}, wpBaseline: null };

let mock: MockUpstream;
let dir = '';

beforeAll(async () => {
  mock = await startMockUpstream({ recordedDir: null, decksDir: null });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-forecast-geojson-'));
  const publicDir = path.join(dir, 'public');
  for (const rendered of await Promise.all([
    DATA_FILES.forecastArchive.render(archive),
    // 202411 is archived (its forecasts were never kept: the service began later).
    DATA_FILES.archiveSummaries.render([{ code: '202411' }] as never),
  ]))
    await fs.outputFile(path.join(publicDir, rendered.file), rendered.body);
  await runScheduledRefresh({
    store: fileStore(path.join(dir, 'store')),
    upstreams: mock.addresses,
    llm: null,
    clock: manualClock(),
    now: MOCK_NOW,
  });
});
afterAll(async () => {
  await mock.close();
  await fs.remove(dir);
});

const ask = async (pathname: string, at = MOCK_NOW) => {
  const config = { ...readConfig(), publicDir: path.join(dir, 'public'), store: { kind: 'files' as const, dir: path.join(dir, 'store') } };
  const handler = serveFunction([typhoonForecastsGeoJson, globalTyphoonForecastsGeoJson, globalTyphoon], config, () => at);
  const response = await handler(new Request(`http://localhost${pathname}`));
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};
const kept = async (id: string) => {
  const read = await readStormForecasts(fileStore(path.join(dir, 'store')), id);
  if (read.state !== 'ok') throw new Error(`forecasts/${id}: ${read.state}`);
  return read.value.issuances;
};
/** Each issuance's key, once, in the order the features draw them. */
const drawnKeys = (features: { properties: { key: string } }[]) => [...new Set(features.map((f) => f.properties.key))];
const kindsOf = (features: { properties: { key: string; kind: string } }[], key: string) =>
  features.filter((f) => f.properties.key === key).map((f) => f.properties.kind);

describe('a north-western Pacific storm', () => {
  it('draws every kept issuance newest first: the cone where its agency has one measured, the track, the points', async () => {
    const { status, headers, body } = await ask('/api/geojson/typhoons/202699/forecasts');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    stormForecastsGeoJsonSchema.parse(body);
    const issuances = await kept('202699');
    expect(body.total).toBe(7);
    expect(drawnKeys(body.features)).toEqual(issuances.map((i) => i.key));
    expect(body.storm).toMatchObject({ id: '202699', code: '202699', name: 'MANGKHUT', basin: 'WP' });
    expect(body.updatedAt).toBe('2026-08-22T18:10:00Z');
    for (const issuance of issuances) {
      const positions = (issuance.initial ? 1 : 0) + issuance.points.length;
      const kinds = kindsOf(body.features, issuance.key);
      // CMA's issuances (NMC's and the Zhejiang service's) with CMA's cone; the others' agencies have none measured.
      const cone = issuance.agency === 'cma' ? ['forecast-cone'] : [];
      expect(kinds, issuance.key).toEqual([...cone, 'forecast-track', ...Array(positions).fill('forecast-point')]);
    }
    const cma = body.features.find((f: any) => f.properties.kind === 'forecast-cone');
    expect(cma.properties).toMatchObject({ agency: 'cma', share: 2 / 3 });
    expect(cma.properties.radiiFrom).toEqual({ ...cones[0]?.sample, agency: 'cma', basin: 'WP' });
    const point = body.features.find((f: any) => f.properties.kind === 'forecast-point' && f.properties.agency === 'cma');
    expect(point.properties).toMatchObject({ windUnit: 'm/s', windPeriod: '2min', initialTime: '2026-08-22T18:00:00Z' });
    expect(point.geometry.coordinates).toEqual([point.properties.lng, point.properties.lat]);
    expect(body.bbox).toHaveLength(4);
  });

  it("says how current the storm is as its live answer does, and stale once its source's bound has passed", async () => {
    const view = await readLiveView(fileStore(path.join(dir, 'store')), MOCK_NOW);
    const live = view.typhoons.find((t) => t.code === '202699')?.live;
    const { body } = await ask('/api/geojson/typhoons/202699/forecasts');
    expect(body.freshness).toEqual({
      fetchedAt: live?.fetchedAt,
      publishedAt: live?.publishedAt,
      stale: false,
      staleReason: null,
      upstream: 'ok',
    });
    const later = await ask('/api/geojson/typhoons/202699/forecasts', new Date(MOCK_NOW.getTime() + 8 * 3_600_000));
    expect(later.body.freshness).toMatchObject({ publishedAt: live?.publishedAt, stale: true, staleReason: expect.any(String) });
    // The same issuances: kept forecasts do not go stale, the storm's position does.
    expect(later.body.features).toEqual(body.features);
  });

  it('answers an empty collection for an archived storm of which nothing was kept', async () => {
    const { status, body } = await ask('/api/geojson/typhoons/202411/forecasts');
    expect(status).toBe(200);
    expect(body).toEqual({
      type: 'FeatureCollection',
      features: [],
      storm: { id: '202411', code: '202411', atcfId: null, archivedId: null, name: null, basin: 'WP' },
      total: 0,
      updatedAt: null,
      freshness: null,
    });
    stormForecastsGeoJsonSchema.parse(body);
  });

  it("answers the family's errors: 40401 for a storm neither kept nor archived, 40001 for a malformed code", async () => {
    const missing = await ask('/api/geojson/typhoons/202498/forecasts');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 40401, status: 404 });
    expect(missing.body.error.message).toContain('202498');
    const malformed = await ask('/api/geojson/typhoons/yagi/forecasts');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe(40001);
  });
});

describe('a cyclone of another basin', () => {
  it("draws NHC's kept issuances with NHC's Atlantic cone, and the cyclone's freshness as its detail says it", async () => {
    const { status, body } = await ask('/api/geojson/global/typhoons/nhc-al132025/forecasts');
    expect(status).toBe(200);
    stormForecastsGeoJsonSchema.parse(body);
    const issuances = await kept('al132025');
    expect(body.total).toBe(issuances.length);
    expect(drawnKeys(body.features)).toEqual(issuances.map((i) => i.key));
    expect(body.storm).toMatchObject({ id: 'al132025', atcfId: 'al132025', basin: 'AL' });
    const first = issuances[0]?.key as string;
    expect(kindsOf(body.features, first)[0]).toBe('forecast-cone');
    const cone = body.features.find((f: any) => f.properties.kind === 'forecast-cone');
    expect(cone.properties.radiiFrom).toMatchObject({ agency: 'nhc', basin: 'AL', forecasts: 30 });
    const point = body.features.find((f: any) => f.properties.kind === 'forecast-point');
    expect(point.properties).toMatchObject({ agency: 'nhc', windUnit: 'kt', windPeriod: '1min' });

    const detail = (await ask('/api/global/typhoons/nhc-al132025')).body.typhoon;
    expect(detail.isActive).toBe(true);
    expect(body.freshness).toMatchObject({
      publishedAt: detail.publishedAt,
      stale: detail.stale,
      staleReason: detail.staleReason,
      upstream: 'ok',
      fetchedAt: expect.any(String),
    });
  });

  it("answers the family's errors: 40401 for a cyclone neither kept nor ingested, 40001 for a malformed id", async () => {
    const missing = await ask('/api/geojson/global/typhoons/nhc-al992025/forecasts');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe(40401);
    const malformed = await ask('/api/geojson/global/typhoons/al132025/forecasts');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe(40001);
  });
});
