/**
 * Reading a dump's crosswalk, tracks.geojson and global tables beside the API's answers and the global history:
 * shared by the dump's suites over the sample (test/unit/dump.test.ts) and over the real archive
 * (test/real-data/dump.test.ts).
 */
import { expect } from 'vitest';
import type { Feature } from '../../src/archive/geojson-geometry.ts';
import type { StormAgencies } from '../../src/model/agency-comparison-schemas.ts';
import type { ArchivedStorm } from '../../src/model/global-archive-schemas.ts';
import type { readTyped } from './table-schema.ts';

export interface CrosswalkLine {
  code: string;
  ids: Record<string, string | null>;
  links: {
    agency: string;
    id: string | null;
    method: string;
    agreeingFixes: number | null;
    sharedFixes: number | null;
    medianDistanceKm: number | null;
  }[];
}

/**
 * Every agency track the API answers with, as `code agency` → its id and link, beside what crosswalk.jsonl says of
 * that agency: the two must be one.
 */
export function apiAndDumpLinks(comparisons: Iterable<StormAgencies>, crosswalk: readonly CrosswalkLine[]) {
  const lines = new Map(crosswalk.map((line) => [line.code, line]));
  return [...comparisons].flatMap((c) =>
    c.agencies.slice(1).map((a) => {
      const { agency, ...dumped } = lines.get(c.code)?.links.find((l) => l.agency === a.agency) ?? { agency: a.agency };
      return { track: `${c.code} ${agency}`, api: { id: a.id, ...a.link }, dump: dumped };
    }),
  );
}

/** tracks.geojson's features by storm code. */
export function trackFeatures(text: string): Map<string, Feature> {
  const collection = JSON.parse(text);
  expect(collection.type).toBe('FeatureCollection');
  return new Map((collection.features as Feature[]).map((f) => [f.properties.code as string, f]));
}

type TypedRow = ReturnType<typeof readTyped>['rows'][number];

/**
 * The global tables' rows counted by their record's basin (where it formed), beside the global history's records,
 * entries and landfalls counted the same way: each pair must be one.
 */
export function basinCounts(rows: (table: string) => TypedRow[], records: readonly ArchivedStorm[]) {
  const basinOf = new Map(rows('global-storms').map((r) => [r.id, r.basin as string]));
  const dumped = (table: string) => {
    const counts: Record<string, number> = {};
    for (const r of rows(table)) counts[basinOf.get(r.id) as string] = (counts[basinOf.get(r.id) as string] ?? 0) + 1;
    return counts;
  };
  const held = (count: (s: ArchivedStorm) => number) => {
    const counts: Record<string, number> = {};
    for (const s of records) if (count(s)) counts[s.basin] = (counts[s.basin] ?? 0) + count(s);
    return counts;
  };
  return {
    dumped: { storms: dumped('global-storms'), points: dumped('global-points'), landfalls: dumped('global-landfalls') },
    history: { storms: held(() => 1), points: held((s) => s.points.length), landfalls: held((s) => s.land.length) },
  };
}

const utc = (time: unknown) => (time as Date).toISOString().replace('.000', '');

/** A global-points.csv row, typed, in the shape rawHurdat2 reads an entry (test/helpers/raw-global-tracks.ts). */
export const asHurdat2Entry = (r: TypedRow) => ({
  time: utc(r.time),
  record: r.record,
  status: r.status,
  lat: r.lat,
  lng: r.lng,
  windKt: r.wind_kt,
  pressure: r.pressure_hpa,
  radii: ['r34', 'r50', 'r64'].flatMap((k) => ['ne', 'se', 'sw', 'nw'].map((q) => r[`${k}_${q}_km`])),
  rmw: r.rmw_km,
});

/** A global-points.csv row, typed, in the shape rawIbtracs reads a row. */
export const asIbtracsRow = (r: TypedRow) => ({
  time: utc(r.time),
  status: r.status,
  lat: r.lat,
  lng: r.lng,
  windKt: r.wind_kt,
  speed: r.wind_ms,
  pressure: r.pressure_hpa,
});
