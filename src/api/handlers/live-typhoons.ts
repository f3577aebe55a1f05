/**
 * `/api/typhoons` and `/api/v1/typhoons`: the active storms of the last good snapshot with complete tracks,
 * wind circles and every agency's forecast. Never a 5xx for an upstream fault: a failed refresh shows as
 * `stale: true` and `upstream: "unavailable"` around the last good data.
 */
import { readLiveView } from '../../live/snapshot.ts';
import { liveStore } from '../../live/store.ts';
import { familyOfPath, okResponse } from '../respond.ts';

export async function handleLiveTyphoons(req: Request, now = new Date()): Promise<Response> {
  const family = familyOfPath(new URL(req.url).pathname);
  const view = await readLiveView(liveStore(), now);
  const { lastError: _internal, ...payload } = view;
  const fresh = !view.stale && view.upstream === 'ok';
  return okResponse(family, payload, {
    cacheControl: 'public, max-age=60',
    // A stale answer is cached briefly so that the next good snapshot shows up soon.
    cdnCacheControl: fresh ? 'public, durable, s-maxage=60, stale-while-revalidate=300' : 'public, s-maxage=15',
  });
}
