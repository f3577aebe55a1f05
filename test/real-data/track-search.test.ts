/**
 * Archive proximity and similar tracks on the real archive. The CMA best-track files are read here independently
 * of the parser and of the geometry module (plain slicing, a haversine of its own): every storm with a CMA fix
 * within the radius of a place must be listed, no nearer than its track allows. The spatial grid must find
 * exactly what measuring every arc of the archive finds. Similar tracks of well-known storms must be sensible.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadTracks, type Tracks } from '../../src/archive/archive-tracks.ts';
import { closestApproaches } from '../../src/archive/proximity.ts';
import { gridOf, type Grid } from '../../src/archive/proximity-index.ts';
import { DATA_FILES, type DataFile } from '../../src/api/data-files.ts';
import { EARTH_RADIUS_KM } from '../../src/model/geo.ts';
import { ARC_STRIDE, nearestOnArc, unitVector, type ArcNearest } from '../../src/model/sphere.ts';
import type { NearStorm, SimilarTracks } from '../../src/model/track-search-schemas.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { writeTrackSearchSite, type TrackSearchSite } from '../helpers/track-search-site.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';
import { apiFunction } from '../helpers/functions.ts';

const historyNear = await apiFunction('history-near');
const typhoonSimilar = await apiFunction('typhoon-similar');

const PLACES = [
  { name: 'Hong Kong', lat: 22.3, lng: 114.2, radius: 100 },
  { name: 'Manila', lat: 14.6, lng: 121.0, radius: 150 },
  { name: 'Okinawa (Naha)', lat: 26.2, lng: 127.7, radius: 200 },
  { name: 'near the antimeridian', lat: 20.0, lng: 179.5, radius: 500 },
  { name: 'Shanghai, 1000 km', lat: 31.2, lng: 121.5, radius: 1000 },
];

/** Haversine on the same sphere, written out again so the test does not lean on src/model. */
function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface CmaEntry {
  key: string;
  fixes: { lat: number; lng: number }[];
}

/** Every entry of every CMA year file: `year/seq/name` (secondary entries share the seq) and its fixes, as written. */
function readCmaEntries(sources: string): CmaEntry[] {
  const dir = path.join(sources, 'cma-bst');
  const entries: CmaEntry[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => /^CH\d{4}BST\.txt$/.test(f))) {
    const year = file.slice(2, 6);
    for (const line of fs.readFileSync(path.join(dir, file), 'ascii').split(/\r?\n/)) {
      const tokens = line.trim().split(/\s+/);
      if (tokens[0] === '66666') entries.push({ key: `${year}/${Number(tokens[3])}/${tokens.slice(7, -1).join(' ')}`, fixes: [] });
      else if (tokens.length >= 4 && /^\d{10}$/.test(tokens[0] as string))
        entries.at(-1)?.fixes.push({ lat: Number(tokens[2]) / 10, lng: Number(tokens[3]) / 10 });
    }
  }
  return entries;
}

describeRealData('archive', 'archive proximity and similar tracks on the real archive', (sources) => {
  awaitSharedBuild(sources);
  let site: TrackSearchSite;
  let tracks: Tracks;
  let grid: Grid;
  let cmaEntries: CmaEntry[];
  const codeOf = new Map<string, string>();

  beforeAll(async () => {
    site = await writeTrackSearchSite(sources);
    process.env.TYPHOON_PUBLIC_DIR = site.publicDir;
    const written = async <T>(file: DataFile<T>) => {
      const value = await file.read(site.publicDir);
      if (value === null) throw new Error(`no ${file.path} in ${site.publicDir}`);
      return value;
    };
    tracks = loadTracks(await written(DATA_FILES.archiveTracks));
    grid = gridOf(await written(DATA_FILES.proximityIndex));
    cmaEntries = readCmaEntries(sources);
    for (const t of site.typhoons) if (t.cma) codeOf.set(`${t.cma.year}/${t.cma.seq}/${t.cma.name}`, t.code);
  }, 60_000);
  afterAll(() => site?.remove());

  // Bodies are typed by their schemas; `any` keeps the envelope short.
  const json = async (fn: (req: Request) => Promise<Response>, url: string): Promise<any> =>
    (await fn(new Request(`http://localhost${url}`))).json();

  async function everyPage(query: string): Promise<NearStorm[]> {
    const first = await json(historyNear, `/api/history/near?${query}&size=50`);
    const list: NearStorm[] = [...first.list];
    for (let page = 2; page <= first.pages; page += 1)
      list.push(...(await json(historyNear, `/api/history/near?${query}&size=50&page=${page}`)).list);
    expect(list).toHaveLength(first.total);
    return list;
  }

  it('has the archive the suite expects: 2642 storms, every CMA entry a storm', () => {
    expect(site.typhoons).toHaveLength(2642);
    expect(cmaEntries.every((e) => codeOf.has(e.key))).toBe(true);
  });

  it.each(PLACES)('lists every storm whose CMA fixes pass within the radius: $name', async ({ lat, lng, radius }) => {
    const listed = new Map((await everyPage(`lat=${lat}&lng=${lng}&radius=${radius}`)).map((s) => [s.code, s]));
    const expected = cmaEntries
      .map((e) => ({ code: codeOf.get(e.key) as string, km: Math.min(...e.fixes.map((f) => haversineKm(lat, lng, f.lat, f.lng))) }))
      .filter((e) => e.km <= radius);
    expect(expected.length).toBeGreaterThan(10);
    const missing = expected.filter((e) => !listed.has(e.code)).map((e) => `${e.code} (fix at ${e.km.toFixed(1)} km)`);
    expect(missing).toEqual([]);
    // The track between fixes is never farther than its nearest fix.
    const farther = expected.filter((e) => (listed.get(e.code)?.closestKm as number) > e.km + 0.05).map((e) => e.code);
    expect(farther).toEqual([]);
    for (const storm of listed.values()) expect(storm.closestKm, storm.code).toBeLessThanOrEqual(radius);
  });

  it('finds through the grid exactly what measuring every arc of the archive finds', () => {
    const nearest: ArcNearest = { angle: 0, fraction: 0 };
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const places = [
      ...Array.from({ length: 150 }, () => ({
        lat: -5 + random() * 65,
        lng: ((90 + random() * 110 + 180) % 360) - 180,
        radius: 1 + random() * 999,
      })),
      { lat: 20, lng: 180, radius: 600 },
      { lat: 20, lng: -180, radius: 50 },
      { lat: 60, lng: 170, radius: 1000 },
      { lat: 0, lng: 130, radius: 1000 },
    ];
    for (const place of places) {
      const p = unitVector(place);
      const brute = new Map<number, number>();
      for (let arc = 0; arc < tracks.fixes; arc += 1) {
        nearestOnArc(p, 0, tracks.vectors, arc * 3, (tracks.arcEnd[arc] as number) * 3, tracks.arcs, arc * ARC_STRIDE, nearest);
        const km = nearest.angle * EARTH_RADIUS_KM;
        const storm = tracks.stormOf[arc] as number;
        if (km <= place.radius && km < (brute.get(storm) ?? Infinity)) brute.set(storm, km);
      }
      const found = new Map(closestApproaches(tracks, grid, place, place.radius, () => true).map((a) => [a.storm, a.km]));
      expect(found, JSON.stringify(place)).toEqual(brute);
    }
  });

  const similar = async (code: string): Promise<SimilarTracks> => json(typhoonSimilar, `/api/typhoons/${code}/similar`);

  it.each([
    { code: '201330', name: 'HAIYAN', region: 'Leyte Gulf', lat: 11.2, lng: 125.0 },
    { code: '202411', name: 'YAGI', region: 'Hainan', lat: 19.5, lng: 110.5 },
    { code: '201822', name: 'MANGKHUT', region: 'northern Luzon', lat: 18.5, lng: 121.5 },
  ])('gives sensible similar tracks for $name: never itself, ascending, all through $region', async ({ code, name, lat, lng }) => {
    const answer = await similar(code);
    expect(answer.storm).toMatchObject({ code, enname: name });
    expect(answer.list).toHaveLength(10);
    expect(answer.list.map((s) => s.code)).not.toContain(code);
    const scores = answer.list.map((s) => s.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(scores[0]).toBeGreaterThan(0);
    // Each passed within 600 km of where the storm itself struck.
    const through = new Set((await everyPage(`lat=${lat}&lng=${lng}&radius=600`)).map((s) => s.code));
    expect(through.has(code)).toBe(true);
    expect(answer.list.filter((s) => !through.has(s.code)).map((s) => s.code)).toEqual([]);
  });

  it('puts MIKE (1990), the classic analogue of HAIYAN across the central Philippines, first', async () => {
    expect((await similar('201330')).list[0]).toMatchObject({ code: '199025', enname: 'MIKE' });
  });

  it('answers for a one-fix storm and up to 50 storms', async () => {
    const single = site.typhoons.find((t) => t.points.length === 1);
    expect(single).toBeDefined();
    const answer = await json(typhoonSimilar, `/api/v1/typhoons/${single?.code}/similar?size=50`);
    expect(answer.data.list).toHaveLength(50);
    expect(answer.data.list.map((s: { code: string }) => s.code)).not.toContain(single?.code);
  });
});
