/**
 * `/api/typhoons` and `/api/v1/typhoons`: the active storms of the last good snapshot with complete tracks,
 * wind circles and every agency's forecast. Never a 5xx for an upstream fault: a failed refresh shows as
 * `stale: true` and `upstream: "unavailable"` around the last good data.
 */
import { WARNING_AREA_FILES } from '../../config/paths.ts';
import { readLiveView } from '../../live/snapshot.ts';
import { answerRequests } from '../bind.ts';
import { withLiveLinks } from '../live-links.ts';
import { timeOf } from '../data-time.ts';
import { ROUTES } from '../route-table.ts';

export const liveTyphoons = answerRequests(
  ROUTES['live-typhoons'],
  async (ctx) => {
    const view = await readLiveView(ctx.store, ctx.now(), ctx.config.liveOff);
    const { lastError: _internal, off: _flag, lost: _lost, ...rest } = view;
    const payload = { ...rest, typhoons: await withLiveLinks(ctx, view.typhoons) };
    return { payload, dataTime: timeOf(view.fetchedAt), cache: !view.stale && view.upstream === 'ok' ? 'live' : 'liveStale' };
  },
  WARNING_AREA_FILES,
);
