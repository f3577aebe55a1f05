/**
 * Does every Zhejiang storm find its CMA entry? From 1949 CMA's best track is the authority for every storm,
 * so a zj storm of those years without a CMA partner means a CMA year file lost entries (cut short, emptied,
 * missing), and the build stops instead of quietly giving the storm zj's real-time track.
 *
 * Documented exceptions (docs/data/formats.md#pairing-with-cma):
 * - 1945–1948: CMA's best track begins in 1949; those 93 storms are zj-only by design.
 * - the stub files and 201314 are paired by number (NUMBER_MATCHED_ZJ_FILES in match-sources.ts); the
 *   duplicates 198610 and 198920 are dropped before matching (DUPLICATE_ZJ_FILES).
 * - years after the last CMA year file: CMA publishes a season's best track the following spring, while
 *   `sources fetch` brings the finished storms of the current season from the Zhejiang service. Those storms
 *   keep zj's track until CMA's file arrives, and each is listed in the data-quality report.
 * On the real archive (1945–2025) every zj storm from 1949 on is paired: 1,944 by shared points, the six
 * documented ones by number.
 */
import type { DataQualityProblem } from './data-quality.ts';
import { NUMBER_MATCHED_ZJ_FILES, type SourceMatch } from './match-sources.ts';

export const FIRST_CMA_YEAR = 1949;

export interface CoverageProblem {
  file: string;
  line: number;
  message: string;
}

export interface CoverageFindings {
  /** Storms CMA should have but lacks: these stop the build. */
  problems: CoverageProblem[];
  /** Pairings worth knowing that do not stop it: for the data-quality report. */
  notes: DataQualityProblem[];
}

const cmaFile = (year: number) => `cma-bst/CH${year}BST.txt`;
const zjFile = (tfbh: string) => `zj/${tfbh}.json`;

/**
 * `cmaYears`: the years that have a CMA year file (whatever it holds). A year before the last of them without a
 * file is a missing file; a year after the last is a season CMA has not published yet.
 */
export function checkCoverage(matches: readonly SourceMatch[], cmaYears: ReadonlySet<number>): CoverageFindings {
  const problems: CoverageProblem[] = [];
  const notes: DataQualityProblem[] = [];
  const lastCmaYear = cmaYears.size ? Math.max(...cmaYears) : FIRST_CMA_YEAR - 1;
  for (const { zj, cma, how } of matches) {
    const year = Number(zj.tfbh.slice(0, 4));
    const file = zjFile(zj.tfbh);
    if (how === 'number' && !NUMBER_MATCHED_ZJ_FILES.has(zj.tfbh)) {
      notes.push({
        code: 'zj-matched-by-number',
        file,
        field: 'points',
        value: `${zj.points.length} point(s)`,
        rule: `a zj storm shares at least one point with its CMA entry (same instant, within 0.3°); none of these does, and the file is not one of the documented stub files (${[...NUMBER_MATCHED_ZJ_FILES.keys()].join(', ')})`,
        action: `paired by number with ${cmaFile(year)} "${cma?.name}" (entry ${cma?.position}); the track is CMA's, zj's points are not used`,
      });
    }
    if (how !== 'none' || year < FIRST_CMA_YEAR) continue;
    if (year > lastCmaYear) {
      notes.push({
        code: 'zj-after-last-cma-year',
        file,
        field: 'points',
        value: `${zj.points.length} point(s)`,
        rule: `from ${FIRST_CMA_YEAR} the track is CMA's; the last CMA year file is ${cmaFile(lastCmaYear)} (CMA publishes a season's best track the following spring)`,
        action: 'kept with the zj track (real-time positions) until CMA publishes the year',
      });
      continue;
    }
    const number = zj.tfbh.slice(2);
    const why = !cmaYears.has(year)
      ? `${cmaFile(year)} is missing`
      : `${cmaFile(year)} has ${year >= 1959 ? `no entry numbered ${number} and ` : ''}no entry sharing a point with it (same instant, within 0.3°): CMA year file incomplete?`;
    problems.push({ file, line: 1, message: `zj storm ${zj.tfbh}${zj.ename ? ` (${zj.ename})` : ''} finds no CMA entry: ${why}` });
  }
  return { problems, notes };
}
