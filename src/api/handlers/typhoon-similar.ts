/**
 * `/api/typhoons/{code}/similar` (both families): the archived storms whose tracks are most like this storm's
 * (src/archive/similar-tracks.ts: method and score). An archived storm is compared whole track to whole track;
 * a storm the archive does not hold is looked up in the live snapshot and compared over its hours so far.
 */
import { loadTracks } from '../../archive/archive-tracks.ts';
import {
  RESAMPLED_POINTS,
  scoreAgainstActive,
  scoreAgainstArchived,
  SIMILARITY_METHOD,
  type Scored,
} from '../../archive/similar-tracks.ts';
import { newerFirst, summarizeTyphoon } from '../../archive/summaries.ts';
import { readLiveView } from '../../live/snapshot.ts';
import type { TyphoonSummary } from '../../model/typhoon-schemas.ts';
import type { SimilarTracks } from '../../model/track-search-schemas.ts';
import { answerRequests, notFoundIn } from '../bind.ts';
import { DATA_FILES } from '../data-files.ts';
import { archiveRelease, timeOf } from '../data-time.ts';
import { ROUTES } from '../route-table.ts';

/** Storm i of the track searches' files (the same storm in each). */
function summaryAt(summaries: readonly TyphoonSummary[], i: number): TyphoonSummary {
  const summary = summaries[i];
  if (!summary) throw new Error(`the track searches' files disagree: no storm ${i} in ${summaries.length}`);
  return summary;
}

/** The answer: the `size` lowest scores (to 0.1 km; ties: newer storm first). */
function similarAnswer(
  storm: TyphoonSummary,
  summaries: readonly TyphoonSummary[],
  scored: Scored[],
  size: number,
  hours: number | null,
): SimilarTracks {
  const rounded = scored.map(({ storm: s, score }) => ({ summary: summaryAt(summaries, s), score: Math.round(score * 10) / 10 }));
  // Only what can make the list is sorted with the tie-break: scores up to the size-th lowest.
  const cutoff = Float64Array.from(rounded, (r) => r.score).sort()[Math.min(size, rounded.length) - 1] ?? Infinity;
  const list = rounded
    .filter((r) => r.score <= cutoff)
    .sort((a, b) => a.score - b.score || newerFirst(a.summary, b.summary))
    .slice(0, size)
    .map(({ summary, score }) => ({ ...summary, score }));
  return {
    storm,
    basis: hours === null ? 'whole-track' : 'first-hours',
    hours,
    points: RESAMPLED_POINTS,
    method: SIMILARITY_METHOD,
    size,
    list,
  };
}

export const typhoonSimilar = answerRequests(
  ROUTES['typhoon-similar'],
  async (ctx, { family, params: { code }, query: { similarSize: size } }) => {
    const summaries = await ctx.data(DATA_FILES.archiveSummaries);
    const archived = summaries.findIndex((s) => s.code === code);
    if (archived >= 0) {
      const scored = scoreAgainstArchived(await ctx.data(DATA_FILES.similarTracks), archived);
      const release = await archiveRelease(ctx);
      return { payload: similarAnswer(summaryAt(summaries, archived), summaries, scored, size, null), ...release };
    }
    const view = await readLiveView(ctx.store, ctx.now(), ctx.config.liveOff);
    const active = view.typhoons.find((t) => t.code === code);
    if (!active) throw notFoundIn(ROUTES['typhoon-similar'], code, family);
    const hours = (Date.parse(active.endTime) - Date.parse(active.startTime)) / 3_600_000;
    const tracks = loadTracks(await ctx.data(DATA_FILES.archiveTracks));
    const scored = scoreAgainstActive(tracks, active.points, hours);
    // Compared with a live track: the data is as new as the snapshot it was fetched in.
    // Its list comes from the archive: the answer says which one.
    return {
      payload: similarAnswer(summarizeTyphoon(active), summaries, scored, size, hours),
      dataTime: timeOf(view.fetchedAt),
      dataset: (await archiveRelease(ctx)).dataset,
      cache: 'live',
    };
  },
);
