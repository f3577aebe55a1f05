/**
 * `/api/typhoons/{code}`, `/api/v1/typhoons/{code}` and `/api/geojson/{code}`, in tiers: 1. the active snapshot;
 * 2. the archive; 3. (detail only) the Zhejiang service's TyphoonInfo. The build renders every archived storm
 * through tier 2 (its context has no live store and no upstream); the `typhoon-lookup` function answers the
 * codes no file answers, through tiers 1 and 3. A code the upstream says it does not have is 40401; an upstream
 * that cannot be asked is 50000 with HTTP 503, never a "not found" that is not true.
 */
import { typhoonGeoJson } from '../../archive/geojson.ts';
import { releaseTime } from '../../archive/release-time.ts';
import type { Typhoon } from '../../model/schemas.ts';
import { readLiveView } from '../../live/snapshot.ts';
import type { HandlerContext } from '../context.ts';
import { notFound, upstreamUnavailable } from '../errors.ts';
import type { Answer, ResourceHandler } from '../serve.ts';

async function activeStorm(ctx: HandlerContext, code: string): Promise<Typhoon | null> {
  if (!ctx.live) return null;
  return (await readLiveView(ctx.live, ctx.now())).typhoons.find((t) => t.code === code) ?? null;
}

async function fromUpstream(ctx: HandlerContext, code: string): Promise<Answer> {
  if (!ctx.lookupUpstream) throw notFound(`No storm with code ${code}; /api/history/search/{keyword} finds codes by name.`);
  let typhoon: Typhoon | null;
  try {
    typhoon = await ctx.lookupUpstream(code, ctx.now());
  } catch (error) {
    console.error(error);
    throw upstreamUnavailable(`No storm with code ${code} in the live snapshot or the archive, and the upstream service could not be asked just now; try again in a minute.`);
  }
  if (!typhoon) throw notFound(`No storm with code ${code} in the live snapshot, the archive or the upstream service.`);
  return { payload: typhoon, cache: 'upstream' };
}

export const typhoonDetail: ResourceHandler = async (ctx, { params }) => {
  const code = params.code as string;
  const active = await activeStorm(ctx, code);
  if (active) return { payload: active, cache: 'live' };
  const archived = ctx.site?.archive.byCode.get(code);
  if (archived) return { payload: archived, releasedAt: releaseTime(archived) };
  return fromUpstream(ctx, code);
};

/** Active storms add every agency's forecast to the map. */
export const typhoonGeojson: ResourceHandler = async (ctx, { params }) => {
  const code = params.code as string;
  const active = await activeStorm(ctx, code);
  if (active) return { payload: typhoonGeoJson(active), cache: 'live' };
  const archived = ctx.site?.archive.byCode.get(code);
  if (archived) return { payload: typhoonGeoJson(archived) };
  throw notFound(`No active or archived storm with code ${code}.`);
};
