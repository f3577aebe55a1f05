/**
 * Archive proximity and similar tracks through their functions, over the fixture archive's generated files:
 * distances along the track, interpolation, order, filters, counts, paging, both families, and every 40001/40401.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSnapshot } from '../../src/live/snapshot.ts';
import { fileStore } from '../../src/store/store.ts';
import { greatCircleKm } from '../../src/model/geo.ts';
import { pointOnArc, positionOf, unitVector } from '../../src/model/sphere.ts';
import type { Typhoon } from '../../src/model/typhoon-schemas.ts';
import { historyNearSchema, similarTracksSchema } from '../../src/model/track-search-schemas.ts';
import { FIXTURE_SOURCES } from '../helpers/sources.ts';
import { writeTrackSearchSite, type TrackSearchSite } from '../helpers/track-search-site.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';
import { apiFunction } from '../helpers/functions.ts';

const historyNear = await apiFunction('history-near');
const typhoonSimilar = await apiFunction('typhoon-similar');

let site: TrackSearchSite;
let liveDir = '';
/** YAGI's first two fixes as an active storm the archive does not hold. */
const ACTIVE_CODE = '202650';

awaitSharedBuild(FIXTURE_SOURCES);
beforeAll(async () => {
  site = await writeTrackSearchSite(FIXTURE_SOURCES);
  liveDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-similar-live-'));
  process.env.TYPHOON_PUBLIC_DIR = site.publicDir;
  process.env.TYPHOON_LIVE_DIR = liveDir;
  const yagi = site.typhoons.find((t) => t.code === '202411') as Typhoon;
  const points = yagi.points.slice(0, 2);
  const active: Typhoon = {
    ...yagi,
    code: ACTIVE_CODE,
    isActive: true,
    points,
    startTime: points[0]!.time,
    endTime: points[1]!.time,
    land: [],
    cma: null,
    zjId: null,
    live: { source: 'zj-live', fetchedAt: points[1]!.time, publishedAt: points[1]!.time, stale: false, staleReason: null },
  };
  await writeSnapshot(fileStore(liveDir), { fetchedAt: points[1]!.time, source: 'zj-live', typhoons: [active] });
});
afterAll(async () => {
  await site.remove();
  await fs.remove(liveDir);
});

// Bodies are checked field by field; `any` keeps those checks short.
async function get(fn: (req: Request) => Promise<Response>, url: string): Promise<{ status: number; body: any }> {
  const response = await fn(new Request(`http://localhost${url}`));
  return { status: response.status, body: await response.json() };
}
const near = async (query: string) => {
  const { status, body } = await get(historyNear, `/api/history/near?${query}`);
  expect(status, `${query}: ${JSON.stringify(body)}`).toBe(200);
  return historyNearSchema.parse(body);
};
const codes = (list: { code: string }[]) => list.map((s) => s.code);

describe('/api/history/near', () => {
  it('measures to the track between fixes, and interpolates the closest point in position and time', async () => {
    // A third of the way along 202414's only arc (15°N 140°E 08:00 TS → 15.5°N 139.5°E 14:00 STS): its fixes are 26 and 52 km away.
    const ends = new Float64Array([...unitVector({ lat: 15, lng: 140 }), ...unitVector({ lat: 15.5, lng: 139.5 })]);
    const third = pointOnArc(ends, 0, 3, 1 / 3);
    const answer = await near(`lat=${third.lat.toFixed(8)}&lng=${third.lng.toFixed(8)}&radius=10`);
    expect(codes(answer.list)).toEqual(['202414']);
    const [storm] = answer.list;
    expect(greatCircleKm(third, { lat: 15, lng: 140 })).toBeGreaterThan(25);
    expect(storm!.closestKm).toBe(0);
    expect(storm!.closestTime).toBe('2024-10-01T10:00:00+08:00');
    expect(storm!.closestPoint).toMatchObject({
      time: storm!.closestTime,
      lat: Number(third.lat.toFixed(2)),
      lng: Number(third.lng.toFixed(2)),
      grade: 'TS',
      intensityFrom: '2024-10-01T08:00:00+08:00',
    });
  });

  it('sorts by distance and counts the whole match, not the page', async () => {
    const answer = await near('lat=15.6&lng=139.4&radius=300');
    expect(codes(answer.list)).toEqual(['202414', '202414-1']);
    expect(answer.list[0]!.closestKm).toBeLessThan(answer.list[1]!.closestKm);
    expect(answer).toMatchObject({ total: 2, page: 1, size: 20, pages: 1 });
    const paged = await near('lat=15.6&lng=139.4&radius=300&size=1&page=2');
    expect(codes(paged.list)).toEqual(['202414-1']);
    expect(paged.counts).toEqual(answer.counts);
    expect(answer.counts.byDecade).toEqual([{ decade: 2020, count: 2 }]);
    expect(answer.counts.byMonth.map((m) => m.count)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0]);
    expect(answer.counts.byPeakGrade).toEqual({ below: 0, TD: 1, TS: 0, STS: 1, TY: 0, STY: 0, SuperTY: 0 });
  });

  it('puts the newer storm first when two are equally near', async () => {
    // 202414 ends at 15.5°N 139.5°E and 202414-1 starts at 16°N 139°E, both heading north-west: the great-circle
    // midpoint of the two fixes is equally near both tracks.
    const [a, b] = [unitVector({ lat: 15.5, lng: 139.5 }), unitVector({ lat: 16, lng: 139 })];
    const middle = positionOf(a[0]! + b[0]!, a[1]! + b[1]!, a[2]! + b[2]!);
    const answer = await near(`lat=${middle.lat.toFixed(8)}&lng=${middle.lng.toFixed(8)}&radius=100`);
    expect(answer.list[0]!.closestKm).toBe(answer.list[1]!.closestKm);
    expect(codes(answer.list)).toEqual(['202414-1', '202414']);
  });

  it('finds a track across the antimeridian from either side', async () => {
    // 2024C14 runs from 10°N 180° eastward; places just west and just east of 180°.
    for (const lng of ['179.8', '-179.8']) {
      const answer = await near(`lat=10&lng=${lng}&radius=100`);
      expect(codes(answer.list), lng).toEqual(['2024C14']);
      expect(answer.list[0]!.closestKm).toBeLessThan(25);
    }
  });

  it('filters by year, peak grade, landfall and month of the closest approach, and echoes the query', async () => {
    const place = 'lat=15.6&lng=139.4&radius=300';
    expect(codes((await near(`${place}&minGrade=STS`)).list)).toEqual(['202414']);
    expect(codes((await near(`${place}&minGrade=TD`)).list)).toEqual(['202414', '202414-1']);
    expect((await near(`${place}&landfall=true`)).total).toBe(0);
    expect((await near(`${place}&landfall=false`)).total).toBe(2);
    expect((await near(`${place}&from=2025`)).total).toBe(0);
    expect((await near(`${place}&from=2024&to=2024`)).total).toBe(2);
    expect((await near(`${place}&to=2023`)).total).toBe(0);
    expect((await near(`${place}&months=9,10`)).total).toBe(2);
    expect((await near(`${place}&months=11`)).total).toBe(0);
    expect(codes((await near('lat=19.5&lng=114&radius=100&landfall=true&minGrade=SuperTY')).list)).toEqual(['202411']);
    expect((await near(`${place}&months=10,09,10&minGrade=TD&landfall=false&from=1990&to=2025`)).query).toEqual({
      lat: 15.6,
      lng: 139.4,
      radius: 300,
      from: 1990,
      to: 2025,
      months: [9, 10],
      minGrade: 'TD',
      landfall: false,
    });
  });

  it('answers v1 in the envelope with the same data', async () => {
    const { status, body } = await get(historyNear, '/api/v1/history/near?lat=15.6&lng=139.4&radius=300');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, msg: 'ok' });
    // v1 adds which archive it searched (the fixtures are not the demo archive).
    const { dataset, ...data } = body.data as { dataset: unknown };
    expect(data).toEqual(await near('lat=15.6&lng=139.4&radius=300'));
    expect(dataset).toEqual({ kind: 'real', storms: expect.any(Number) });
  });

  it.each([
    '',
    'lng=114&radius=100',
    'lat=22&radius=100',
    'lat=22&lng=114',
    'lat=90.1&lng=114&radius=100',
    'lat=-91&lng=114&radius=100',
    'lat=22&lng=180.5&radius=100',
    'lat=22&lng=-181&radius=100',
    'lat=22&lng=114&radius=0.5',
    'lat=22&lng=114&radius=1001',
    'lat=abc&lng=114&radius=100',
    'lat=0x10&lng=114&radius=100',
    'lat=NaN&lng=114&radius=100',
    'lat=22&lng=114&radius=100&from=2000&to=1999',
    'lat=22&lng=114&radius=100&from=99',
    'lat=22&lng=114&radius=100&months=13',
    'lat=22&lng=114&radius=100&months=0',
    'lat=22&lng=114&radius=100&months=7,,8',
    'lat=22&lng=114&radius=100&minGrade=XX',
    'lat=22&lng=114&radius=100&minGrade=ET',
    'lat=22&lng=114&radius=100&minGrade=ty',
    'lat=22&lng=114&radius=100&landfall=yes',
    'lat=22&lng=114&radius=100&size=51',
    'lat=22&lat=23&lng=114&radius=100',
  ])('answers 40001 for %s', async (query) => {
    for (const prefix of ['/api/history/near', '/api/v1/history/near']) {
      const { status, body } = await get(historyNear, `${prefix}?${query}`);
      expect(status, prefix).toBe(400);
      expect(prefix.includes('/v1/') ? body.code : body.error.code).toBe(40001);
    }
  });

  it('takes the bounds themselves', async () => {
    for (const query of ['lat=90&lng=180&radius=1', 'lat=-90&lng=-180&radius=1000', 'lat=22&lng=114&radius=1000&from=2024&to=2024'])
      await near(query);
  });
});

describe('/api/typhoons/{code}/similar', () => {
  const similar = async (url: string) => {
    const { status, body } = await get(typhoonSimilar, url);
    expect(status, JSON.stringify(body)).toBe(200);
    return similarTracksSchema.parse(url.includes('/v1/') ? body.data : body);
  };

  it('ranks the other archived storms by score, whole track against whole track, never the storm itself', async () => {
    const answer = await similar('/api/typhoons/202411/similar');
    expect(answer).toMatchObject({ storm: { code: '202411' }, basis: 'whole-track', hours: null, points: 24, size: 10 });
    expect(codes(answer.list)).not.toContain('202411');
    expect(answer.list).toHaveLength(site.typhoons.length - 1);
    const scores = answer.list.map((s) => s.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(answer.method).toContain('Lower is more similar');
  });

  it('takes size 1–50, and answers v1 in the envelope', async () => {
    expect((await similar('/api/v1/typhoons/202411/similar?size=2')).list).toHaveLength(2);
    for (const size of ['0', '51', 'x', '1.5'])
      expect((await get(typhoonSimilar, `/api/typhoons/202411/similar?size=${size}`)).status, size).toBe(400);
  });

  it('compares an active storm over its hours so far with the first hours of each archived track', async () => {
    const answer = await similar(`/api/typhoons/${ACTIVE_CODE}/similar`);
    expect(answer).toMatchObject({ storm: { code: ACTIVE_CODE }, basis: 'first-hours', hours: 3 });
    // Its track is YAGI's first three hours: YAGI comes first, on the same path.
    expect(answer.list[0]).toMatchObject({ code: '202411', score: 0 });
    expect(codes(answer.list)).not.toContain(ACTIVE_CODE);
  });

  it('answers 40001 for a malformed code and 40401 for one neither archived nor active', async () => {
    for (const [code, status, v1] of [
      ['abc', 400, 40001],
      ['2024111', 400, 40001],
      ['209901', 404, 40401],
    ] as const) {
      expect((await get(typhoonSimilar, `/api/typhoons/${code}/similar`)).body.error.code).toBe(v1);
      const answer = await get(typhoonSimilar, `/api/v1/typhoons/${code}/similar`);
      expect(answer.status).toBe(status);
      expect(answer.body.code).toBe(v1);
    }
  });
});
