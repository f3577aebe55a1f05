/**
 * Pairs Zhejiang archive storms with CMA best-track entries (docs/data/formats.md#pairing-with-cma).
 *
 * Rule: from 1959 the CMA Chinese number equals the last four digits of `tfbh`; the pair is confirmed when
 * at least one point lies at the same instant within 0.3° (the zj times are Beijing time, CMA's UTC; both are
 * instants here). Before 1959 CMA has no Chinese numbers, so every entry of the year is a candidate and
 * the position test decides. Stub files whose few real-time points miss CMA's track are matched by number.
 * A zj storm from 1949 on that finds no entry at all stops the build (src/archive/source-coverage.ts).
 */
import type { CmaEntryRaw } from '../sources/cma-best-track.ts';
import type { ZjStorm } from '../sources/zj-archive.ts';

/** Files that duplicate another file's track (docs/data/formats.md#zhejiang-archive-json): CMA uses the other number. */
export const DUPLICATE_ZJ_FILES: ReadonlyMap<string, string> = new Map([
  ['198610', '198612'],
  ['198920', '198923'],
]);

/**
 * zj files paired with their CMA entry by number because their points do not line up with CMA's track
 * (docs/data/formats.md#pairing-with-cma): the five stub files hold a few real-time points that miss CMA's track by more
 * than 0.3°, and 201314 mixes one Unala point with two of Pewa's (Pewa's own file, 201313, claims CMA 1313). Any
 * other pairing by number only is listed in the data-quality report.
 */
export const NUMBER_MATCHED_ZJ_FILES: ReadonlyMap<string, string> = new Map([
  ['200429', 'stub file: 2 real-time points of Talas'],
  ['200810', 'stub file: 3 real-time points of Phanfone'],
  ['201107', 'stub file: 2 real-time points of Tokage'],
  ['201615', 'stub file: 3 real-time points of Rai'],
  ['202223', 'stub file: 6 real-time points of Banyan'],
  ['201314', "mixed record: one point of Unala, two of Pewa's track"],
]);

const POSITION_TOLERANCE = 0.3;

/** How many zj points sit on the CMA track: same instant, within 0.3° in latitude and longitude. */
export function countSharedPoints(zj: ZjStorm, cma: CmaEntryRaw): number {
  const cmaByTime = new Map(cma.points.map((p) => [p.time.getTime(), p]));
  let shared = 0;
  for (const point of zj.points) {
    const other = cmaByTime.get(point.time.getTime());
    if (other && Math.abs(other.lat - point.lat) <= POSITION_TOLERANCE && Math.abs(other.lng - point.lng) <= POSITION_TOLERANCE) {
      shared += 1;
    }
  }
  return shared;
}

export interface SourceMatch {
  zj: ZjStorm;
  cma: CmaEntryRaw | null;
  /** How the pair was made: by shared points, by number only (stub files), or not at all. */
  how: 'position' | 'number' | 'none';
}

/**
 * Matches every zj storm to at most one CMA entry of its year; an entry is claimed at most once
 * (the storm with more shared points wins, the other falls back to its number or to no match).
 */
export function matchSources(zjStorms: readonly ZjStorm[], cmaByYear: ReadonlyMap<number, CmaEntryRaw[]>): SourceMatch[] {
  const scored = zjStorms.map((zj) => {
    const year = Number(zj.tfbh.slice(0, 4));
    const entries = cmaByYear.get(year) ?? [];
    const byNumber = year >= 1959 ? entries.filter((e) => e.chineseNumbers.includes(zj.tfbh.slice(2))) : [];
    const pool = byNumber.length > 0 ? byNumber : entries;
    const ranked = pool
      .map((entry) => ({ entry, shared: countSharedPoints(zj, entry) }))
      .filter((c) => c.shared > 0)
      .sort((a, b) => b.shared - a.shared || a.entry.position - b.entry.position);
    return { zj, ranked, byNumber };
  });

  const claimedBy = new Map<CmaEntryRaw, { shared: number; zj: ZjStorm }>();
  for (const { zj, ranked } of scored) {
    const best = ranked[0];
    if (!best) continue;
    const holder = claimedBy.get(best.entry);
    if (!holder || holder.shared < best.shared) claimedBy.set(best.entry, { shared: best.shared, zj });
  }
  const claimed = new Set(claimedBy.keys());
  const positionMatch = new Map([...claimedBy].map(([entry, { zj }]) => [zj, entry]));

  return scored.map(({ zj, byNumber }) => {
    const entry = positionMatch.get(zj);
    if (entry) return { zj, cma: entry, how: 'position' as const };
    const byNumberFree = byNumber.filter((e) => !claimed.has(e)).sort((a, b) => a.secondary - b.secondary || a.position - b.position)[0];
    if (byNumberFree) {
      claimed.add(byNumberFree);
      return { zj, cma: byNumberFree, how: 'number' as const };
    }
    return { zj, cma: null, how: 'none' as const };
  });
}

/** The zj storms the archive uses (not the duplicates, not the pointless) matched to the CMA entries of their year. */
export function matchArchive(cma: readonly CmaEntryRaw[], zj: readonly ZjStorm[]): SourceMatch[] {
  const cmaByYear = new Map<number, CmaEntryRaw[]>();
  for (const entry of cma) cmaByYear.set(entry.year, [...(cmaByYear.get(entry.year) ?? []), entry]);
  const usable = zj.filter((storm) => !DUPLICATE_ZJ_FILES.has(storm.tfbh) && storm.points.length > 0);
  return matchSources(usable, cmaByYear);
}
