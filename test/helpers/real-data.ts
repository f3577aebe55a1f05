/**
 * Where the real data lives, for the suites that check every real file: the archive sources, the recorded
 * upstream payloads, the sample ATCF decks, the other agencies' sample best tracks, the cross-check sets and the
 * historical best tracks of the other basins and the official forecast samples. Nothing here knows where
 * they are: CI passes the locations (CI gives them: .ci/run); on a plain clone they are absent and those
 * suites are skipped, loudly.
 * With TYPHOON_REQUIRE_REAL_DATA=1 (CI) a missing location fails the run instead of skipping.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe } from 'vitest';

interface Location {
  env: string;
  what: string;
  /** Paths that must exist inside the folder for it to be the real thing. */
  expect: string[];
}

const LOCATIONS = {
  archive: {
    env: 'TYPHOON_SOURCES',
    what: 'the real archive sources (cma-bst/, zj/)',
    expect: ['cma-bst/CH1949BST.txt', 'cma-bst/CH2025BST.txt', 'zj/194501.json'],
  },
  upstream: {
    env: 'TYPHOON_UPSTREAM_SAMPLES',
    what: 'the recorded upstream payloads (zj/, nmc/, nhc/, atcf/, jtwc/; warnings/ for the warnings suite)',
    expect: ['zj', 'nmc', 'nhc', 'atcf', 'jtwc'],
  },
  decks: { env: 'TYPHOON_GLOBAL_DECKS', what: 'the sample ATCF b-decks (geoips/, metget/)', expect: ['geoips', 'metget'] },
  agencies: {
    env: 'TYPHOON_AGENCY_SOURCES',
    what: "the other agencies' sample best tracks (jma/, jtwc/, hko/, ibtracs/)",
    expect: ['jma', 'jtwc', 'hko', 'ibtracs'],
  },
  crosscheck: {
    env: 'TYPHOON_CROSSCHECK_DATA',
    what: "the cross-check sets (derived/storm_index_cma_isc_jma.csv: an independent CMA↔JMA match; hurdat2/: NHC's raw North-east and Central Pacific HURDAT2 1949–2024 and a third party's Atlantic JSON)",
    expect: ['derived/storm_index_cma_isc_jma.csv', 'hurdat2/hurdat2-nepac-1949-2024.txt', 'hurdat2/atl-json-1851-2023'],
  },
  history: {
    env: 'TYPHOON_HISTORY_SAMPLES',
    what: "the historical best-track samples (NHC's raw Atlantic HURDAT2 1970–2018, HURDAT2 parser fixtures, an IBTrACS list of every basin 1842–2025)",
    expect: ['hurdat2_atl_1970-2018.apatel726.txt', 'hurdat2-etl-fixtures/errors', 'ibtracs'],
  },
  forecasts: {
    env: 'TYPHOON_FORECAST_SAMPLES',
    what: "the official forecast samples (nhc-archive/: NHC's a-decks of Camille 1969, Andrew 1992 and Charley 2004; advisories-2024/: Helene's and Milton's CurrentStorms.json and b-deck at every advisory)",
    expect: [
      'nhc-archive/aal091969.dat',
      'nhc-archive/aal041992.dat',
      'nhc-archive/aal032004.dat',
      'advisories-2024/al092024',
      'advisories-2024/al142024',
    ],
  },
} satisfies Record<string, Location>;

export type RealData = keyof typeof LOCATIONS;

export const REQUIRE_REAL_DATA = process.env.TYPHOON_REQUIRE_REAL_DATA === '1';

/** The folder of a kind of real data, or null when it was not given (or is not what it should be). */
export function realData(kind: RealData): string | null {
  const { env, expect } = LOCATIONS[kind];
  const dir = process.env[env];
  if (!dir) return null;
  const missing = expect.filter((entry) => !fs.existsSync(path.join(dir, entry)));
  if (missing.length) throw new Error(`${env}=${dir} does not hold ${missing.join(', ')}`);
  return path.resolve(dir);
}

/**
 * A suite over real data: runs when its data is given, otherwise is skipped with a warning in the output,
 * or fails when real data is required (CI), so a skipped whole-archive check can never pass unnoticed.
 */
export function describeRealData(kind: RealData, name: string, suite: (dir: string) => void): void {
  const dir = realData(kind);
  if (dir) {
    describe(name, () => suite(dir));
    return;
  }
  const { env, what } = LOCATIONS[kind];
  if (REQUIRE_REAL_DATA) throw new Error(`"${name}" needs ${what}: set ${env} (TYPHOON_REQUIRE_REAL_DATA=1 forbids skipping it)`);
  console.warn(`*** SKIPPED real-data suite "${name}": set ${env} to ${what} to run it ***`);
  describe.skip(name, () => {});
}
