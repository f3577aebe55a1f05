/**
 * `/api/typhoons/{code}` and `/api/v1/typhoons/{code}` for codes the static archive does not answer (the
 * archive itself is served by the CDN before this function runs; the build leaves active storms out of it).
 * Tiers: 1. the active snapshot; 2. the archive (static, above); 3. the Zhejiang service's TyphoonInfo.
 * `/api/geojson/{code}` of an active storm is answered here too, from the snapshot (archived ones are files).
 * A code the upstream says it does not have is 40401; an upstream that cannot be asked within 3 s (no retries:
 * someone is waiting) is 50000 with HTTP 503, cached briefly, never a "not found" that is not true.
 */
import { typhoonGeoJson } from '../../archive/geojson.ts';
import { lookupZjTyphoon, upstreamsFromEnv } from '../../live/refresh.ts';
import { readLiveView } from '../../live/snapshot.ts';
import { liveStore } from '../../live/store.ts';
import { createUpstreamClient } from '../../live/upstream-client.ts';
import { notFound, upstreamUnavailable } from '../errors.ts';
import { classifyMiss } from '../classify-miss.ts';
import { PARAMS } from '../params.ts';
import { errorResponse, familyOfPath, okResponse, type Family } from '../respond.ts';
import { mediaTypeOf, requestParams, RESOURCES } from '../route-table.ts';

const GEOJSON_MEDIA_TYPE = mediaTypeOf(RESOURCES.find((r) => r.id === 'typhoon-geojson') as (typeof RESOURCES)[number]);

/** The most a request spends on the upstream tier (DESIGN.md §4: about 10 s per request is a good budget). */
export const LOOKUP_TIMEOUT_MS = 3000;

const answer = (family: Family, typhoon: unknown, cdnCacheControl: string) =>
  okResponse(family, family === 'v1' ? typhoon : { typhoon }, { cacheControl: 'public, max-age=60', cdnCacheControl });

export async function handleTyphoonLookup(req: Request, now = new Date()): Promise<Response> {
  const { pathname } = new URL(req.url);
  const family = familyOfPath(pathname);
  // The GeoJSON of an active storm (archived ones are static files), with every agency's forecast.
  const geo = requestParams('typhoon-geojson', pathname, 'web');
  if (geo?.code !== undefined) {
    const code = PARAMS.code.parse(geo.code);
    const active = (await readLiveView(liveStore(), now)).typhoons.find((t) => t.code === code);
    if (!active) return errorResponse('web', notFound(`No active or archived storm with code ${code}.`));
    return okResponse('web', typhoonGeoJson(active), {
      cacheControl: 'public, max-age=60',
      cdnCacheControl: 'public, durable, s-maxage=60, stale-while-revalidate=300',
      extraHeaders: { 'Content-Type': GEOJSON_MEDIA_TYPE },
    });
  }
  const raw = requestParams('typhoon-detail', pathname, family);
  if (raw?.code === undefined) return errorResponse(family, classifyMiss(pathname, family));
  const code = PARAMS.code.parse(raw.code);

  const view = await readLiveView(liveStore(), now);
  const active = view.typhoons.find((t) => t.code === code);
  if (active) return answer(family, active, 'public, durable, s-maxage=60, stale-while-revalidate=300');

  try {
    const typhoon = await lookupZjTyphoon(upstreamsFromEnv(createUpstreamClient({ timeoutMs: LOOKUP_TIMEOUT_MS, retries: 0 })), code, now);
    if (typhoon) return answer(family, typhoon, 'public, durable, s-maxage=300, stale-while-revalidate=600');
    return errorResponse(family, notFound(`No storm with code ${code} in the live snapshot, the archive or the upstream service.`));
  } catch (error) {
    console.error(error);
    return errorResponse(family, upstreamUnavailable(`No storm with code ${code} in the live snapshot or the archive, and the upstream service could not be asked just now; try again in a minute.`));
  }
}
