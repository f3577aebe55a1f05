/** Active storms relative to a place: the geometry on made-up tracks, and the endpoint over the mock upstream. */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveNear } from '../../src/api/handlers/live-near.ts';
import { serveFunction } from '../../src/api/serve.ts';
import { readConfig } from '../../src/config/env.ts';
import { refreshGlobal } from '../../src/global/refresh-global.ts';
import { globalUpstreams } from '../../src/upstream/addresses.ts';
import { stormNear } from '../../src/live/active-storms-near.ts';
import { refreshLive } from '../../src/live/refresh-typhoons.ts';
import { fileStore, type KeyValueStore } from '../../src/store/store.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { greatCircleKm } from '../../src/model/geo.ts';
import { mockUpstreamEnv, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';

const HONG_KONG = { lat: 22.3, lng: 114.2 };
const circle = (km: number | null) => (km === null ? null : { ne: km, se: km, sw: km, nw: km });
const fix = (time: string, lat: number, lng: number, radius7: number | null = null) => ({
  time,
  lat,
  lng,
  grade: 'TY',
  speed: 35,
  pressure: 960,
  radius7: circle(radius7),
  radius10: circle(null),
  radius12: null,
});

describe('stormNear', () => {
  const storm = {
    points: [fix('2026-09-01T08:00:00+08:00', 19, 122), fix('2026-09-01T14:00:00+08:00', 20, 120, 300)],
    forecasts: {
      cma: { points: [{ time: '2026-09-02T14:00:00+08:00', lat: 22.3, lng: 114.2, grade: 'STS', speed: 28, pressure: 980 }] },
      jma: { points: [] },
    },
  };
  const near = stormNear(HONG_KONG, storm);

  it('gives the distance, the bearing from the place and whether the storm comes closer', () => {
    expect(near?.distanceKm).toBeCloseTo(greatCircleKm(HONG_KONG, { lat: 20, lng: 120 }), 0);
    expect(near?.bearing.degrees).toBeGreaterThan(100);
    expect(near?.bearing.degrees).toBeLessThan(125);
    expect(near?.bearing.compass).toBe('ESE');
    expect(near?.approaching).toBe(true);
  });

  it('finds the closest approach along the forecast track, interpolated in time', () => {
    const cma = near?.forecasts.find((f) => f.agency === 'cma');
    expect(cma?.closestApproach).toMatchObject({ time: '2026-09-02T14:00:00+08:00', km: 0, grade: 'STS', speed: 28 });
    expect(near?.forecasts.find((f) => f.agency === 'jma')?.closestApproach).toBeNull();
  });

  it('says when the place falls inside the held radius, hour by hour, and null where the radius is unknown', () => {
    const cma = near?.forecasts.find((f) => f.agency === 'cma');
    // 300 km of about 660: the centre is within 300 km a little after 13 of the 24 hours.
    const hours = (Date.parse(cma?.windArrival.radius7 as string) - Date.parse('2026-09-01T14:00:00+08:00')) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(12);
    expect(hours).toBeLessThanOrEqual(14);
    expect(Number.isInteger(hours)).toBe(true);
    expect(cma?.windArrival.radius10).toBeNull();
    expect(cma?.windArrival.radius12).toBeNull();
  });

  it('gives the latest fix time when the place is inside already, and works across the antimeridian', () => {
    const dateline = stormNear({ lat: 10, lng: 179.5 }, { points: [fix('2026-09-01T00:00:00Z', 10, -179.5, 200)], forecasts: {} });
    expect(dateline?.distanceKm).toBeGreaterThan(105);
    expect(dateline?.distanceKm).toBeLessThan(115);
    expect(dateline?.bearing.compass).toBe('E');
    expect(dateline?.approaching).toBeNull();
    const inside = stormNear(
      { lat: 10, lng: 179.5 },
      { points: [fix('2026-09-01T00:00:00Z', 10, -179.5, 200)], forecasts: { nhc: { points: [] } } },
    );
    expect(inside?.forecasts[0]?.windArrival.radius7).toBe('2026-09-01T00:00:00Z');
  });
});

describe('/api/near', () => {
  let mock: MockUpstream;
  let dir: string;
  let store: KeyValueStore;
  beforeAll(async () => {
    mock = await startMockUpstream();
    Object.assign(process.env, mockUpstreamEnv(mock));
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-near-'));
    store = fileStore(dir);
    const client = createUpstreamClient({ backoffMs: 0 });
    await refreshLive({ zjBase: mock.zjBase, nmcBase: mock.nmcBase, client }, store);
    await refreshGlobal(globalUpstreams(mock.addresses, client), store);
  });
  afterAll(async () => {
    await mock.close();
    await fs.remove(dir);
  });

  const ask = (query: string) =>
    serveFunction([liveNear], { ...readConfig(), store: { kind: 'files', dir } })(new Request(`http://localhost/api/v1/near?${query}`));

  it('lists every active storm, nearest first, in the envelope', async () => {
    const response = await ask('lat=22.3&lng=114.2');
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { total: number; list: { code: string; region: string; distanceKm: number }[] } };
    expect(data.list.map((s) => s.region).sort()).toEqual(['global', 'global', 'nw-pacific']);
    expect(data.total).toBe(3);
    const distances = data.list.map((s) => s.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('answers 40001 for a place off the globe or missing', async () => {
    for (const query of ['lat=91&lng=0', 'lat=0&lng=181', 'lat=abc&lng=0', 'lng=0']) {
      const response = await ask(query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { code: number }).code, query).toBe(40001);
    }
  });
});
