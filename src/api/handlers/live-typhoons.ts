/**
 * `/api/typhoons` and `/api/v1/typhoons`: the active storms of the last good snapshot with complete tracks,
 * wind circles and every agency's forecast. Never a 5xx for an upstream fault: a failed refresh shows as
 * `stale: true` and `upstream: "unavailable"` around the last good data.
 */
import { readLiveView } from '../../live/snapshot.ts';
import { liveOf } from '../context.ts';
import type { ResourceHandler } from '../serve.ts';

export const liveTyphoons: ResourceHandler = async (ctx) => {
  const view = await readLiveView(liveOf(ctx), ctx.now());
  const { lastError: _internal, ...payload } = view;
  return { payload, cache: !view.stale && view.upstream === 'ok' ? 'live' : 'liveStale' };
};
