/**
 * The data time of an answer (the v1 `ts`: docs/api/conventions.md) and the archive's `dataset`, for the handlers
 * that functions run: the archive's from the report the build wrote beside it, live data's from its last fetch.
 */
import { datasetOf, type Dataset } from '../archive/archive-report.ts';
import type { RequestContext } from './context.ts';
import { DATA_FILES } from './data-files.ts';

/** An ISO time as ms since the epoch; null stays null (nothing fetched yet). */
export const timeOf = (iso: string | null | undefined): number | null => (iso == null ? null : Date.parse(iso));

/** The latest of some times, ignoring the nulls; null when there is none. */
export function latestOf(times: readonly (number | null)[]): number | null {
  const known = times.filter((t): t is number => t !== null);
  return known.length ? Math.max(...known) : null;
}

/** A context that may read the archive's report (its route declares DATA_FILES.archiveReport). */
export type ReportContext = RequestContext<(typeof DATA_FILES)['archiveReport']['id']>;

/** The archive's release time and dataset. */
export async function archiveRelease(ctx: ReportContext): Promise<{ dataTime: number; dataset: Dataset }> {
  const report = await ctx.data(DATA_FILES.archiveReport);
  return { dataTime: report.releasedAt, dataset: datasetOf(report) };
}
