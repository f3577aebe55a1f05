/**
 * What the archive of every basin says of itself, worked out once by the build and published beside it: which
 * basins this build read (the coverage, so that a basin whose files were not given is told as not loaded, never as
 * "no storms"), which archive it is (demo or real, and its storms: the v1 `dataset`), when its data was released
 * (the v1 `ts`), and what the files had wrong (the values left out, the names refused, the links not made).
 */
import type { Dataset } from '../archive-report.ts';
import { ARCHIVE_BASINS, BASIN_NAMES, BASIN_RECORDS, type ArchiveBasin } from '../../model/global-archive-schemas.ts';
import type { ArchiveCoverage } from '../../model/global-archive-answer-schemas.ts';
import type { FileProblem, FileRejection } from '../../model/parse-problems.ts';
import type { GlobalSources } from '../../sources/global/read-global-sources.ts';
import type { GlobalHistory } from './global-history.ts';
import type { GlobalArchiveNote } from './global-records.ts';

export interface GlobalArchiveReport {
  dataset: Dataset;
  /** ms since the epoch: the north-western Pacific archive's release, or the newest fix of another basin's record when later. */
  releasedAt: number;
  coverage: ArchiveCoverage;
}

/** Published for people (api/_data/global/data-quality.json): what the other basins' files had wrong. */
export interface GlobalDataQuality {
  /** The files read, relative to the global sources folder. */
  files: string[];
  problems: FileProblem[];
  rejected: FileRejection[];
  notes: GlobalArchiveNote[];
}

/** Whether the files read hold the record of a basin (any storm formed there). */
function readBasin(basin: ArchiveBasin, sources: Pick<GlobalSources, 'hurdat2' | 'ibtracsLinks'> | null, nwPacific: boolean): boolean {
  if (BASIN_RECORDS[basin] === 'cma') return nwPacific;
  if (!sources) return false;
  if (basin === 'NA') return sources.hurdat2.some((s) => s.basin === 'AL');
  if (basin === 'EP') return sources.hurdat2.some((s) => s.basin === 'EP' || s.basin === 'CP');
  return sources.ibtracsLinks.some((l) => l.basins[0] === basin);
}

/**
 * `sources`: the other basins' files as read, null when none were given; `demo`: built from the demo archive or the
 * demo's other basins; `nwReleasedAt`: the north-western Pacific archive's release (src/archive/release-time.ts).
 */
export function globalArchiveReport(
  history: Pick<GlobalHistory, 'archive'>,
  sources: Pick<GlobalSources, 'hurdat2' | 'ibtracsLinks' | 'files'> | null,
  { demo, nwReleasedAt }: { demo: boolean; nwReleasedAt: number },
): GlobalArchiveReport {
  const { summaries } = history.archive;
  const nwPacific = summaries.some((s) => s.source === 'cma');
  const basins = ARCHIVE_BASINS.map((basin) => {
    const years = summaries.filter((s) => s.basin === basin).map((s) => s.year);
    return {
      basin,
      name: BASIN_NAMES[basin].en,
      record: BASIN_RECORDS[basin],
      loaded: readBasin(basin, sources, nwPacific),
      storms: years.length,
      firstYear: years.length ? Math.min(...years) : null,
      lastYear: years.length ? Math.max(...years) : null,
    };
  });
  const newestFix = history.archive.storms.reduce(
    (latest, s) => (s.source === 'cma' ? latest : Math.max(latest, Date.parse(s.endTime))),
    0,
  );
  return {
    dataset: { kind: demo ? 'demo' : 'real', storms: summaries.length },
    releasedAt: Math.max(nwReleasedAt, newestFix),
    coverage: { otherBasins: (sources?.files.length ?? 0) > 0, basins },
  };
}

export const globalDataQuality = (
  history: Pick<GlobalHistory, 'archive'>,
  sources: Pick<GlobalSources, 'files' | 'problems' | 'rejected'> | null,
): GlobalDataQuality => ({
  files: sources?.files ?? [],
  problems: sources?.problems ?? [],
  rejected: sources?.rejected ?? [],
  notes: history.archive.notes,
});

/** The build's lines about it: how many values were left out, names refused, links not made, and the first few. */
export function summarizeGlobalQuality(quality: GlobalDataQuality, file: string, shown = 3): string {
  if (quality.files.length === 0) return `Other basins' data quality: no files read (${file})`;
  const { problems, rejected, notes } = quality;
  const lines = [
    `Other basins' data quality: ${problems.length} value(s) or line(s) left out, ${rejected.length} name(s) refused, ${notes.length} note(s) on links and cross-checks; all of them in ${file}`,
    ...problems.slice(0, shown).map((p) => `  - ${p.file}:${p.line}: ${p.message}`),
    ...notes.slice(0, shown).map((n) => `  - ${n.kind} ${n.id}: ${n.message}`),
  ];
  return lines.join('\n');
}
