/**
 * Reading a dump's crosswalk and tracks.geojson beside the API's answers: shared by the dump's suites over the
 * sample (test/unit/dump.test.ts) and over the real archive (test/real-data/dump.test.ts).
 */
import { expect } from 'vitest';
import type { Feature } from '../../src/archive/geojson-geometry.ts';
import type { StormAgencies } from '../../src/model/agency-comparison-schemas.ts';

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
