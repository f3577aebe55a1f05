/**
 * `/api/typhoons/{code}`, `/api/v1/typhoons/{code}` and `/api/geojson/{code}`, in tiers: 1. the active snapshot;
 * 2. the archive; 3. (detail only) the Zhejiang service's TyphoonInfo. The build renders every archived storm
 * through tier 2 (its context has the archive only); the `typhoon-lookup` function answers the codes no file
 * answers. Those of a season the archive holds are 40401 at once, unless the upstream may know
 * them (archivedSeasonMiss); the others go through tiers 1 and 3. A code the upstream says it does not have is
 * 40401; an upstream that cannot be asked is 50000 with HTTP 503, never a "not found" that is not true.
 */
import { typhoonGeoJson } from '../../archive/geojson.ts';
import { WARNING_AREA_FILES } from '../../config/paths.ts';
import { LOOKUP_FILES, requestLookup } from '../../live/lookup.ts';
import { readLiveView } from '../../live/snapshot.ts';
import type { UpstreamState } from '../../model/freshness.ts';
import type { Typhoon } from '../../model/typhoon-schemas.ts';
import { beijingYear } from '../../model/time.ts';
import { answerMisses, answerStatically, notFoundIn, type Answer } from '../bind.ts';
import type { LookupContext, RequestContext } from '../context.ts';
import { DATA_FILES } from '../data-files.ts';
import { timeOf, type ReportContext } from '../data-time.ts';
import { withLiveLinks } from '../live-links.ts';
import { notFound, upstreamUnavailable, type ApiError } from '../errors.ts';
import { pathNamer, ROUTES } from '../route-table.ts';
import type { Family } from '../envelope.ts';

const detail = ROUTES['typhoon-detail'];
const geojson = ROUTES['typhoon-geojson'];

/** Every archived storm, the instances of both static routes. */
const archivedCodes = ({ archive }: { archive: { typhoons: readonly Typhoon[] } }) => archive.typhoons.map((t) => ({ code: t.code }));

/** An active storm of the snapshot, with the snapshot's fetch time (its data time) and the list's upstream state. */
async function activeStorm(
  ctx: RequestContext,
  code: string,
): Promise<{ typhoon: Typhoon; dataTime: number | null; upstream: UpstreamState } | null> {
  const view = await readLiveView(ctx.store, ctx.now(), ctx.config.liveOff);
  const typhoon = view.typhoons.find((t) => t.code === code);
  return typhoon ? { typhoon, dataTime: timeOf(view.fetchedAt), upstream: view.upstream } : null;
}

/**
 * Why a code the archive does not hold is not asked of anyone: it names a storm the archive would hold if there
 * were one. Null when the upstream service may know it: a storm of the current or the last season in Beijing
 * time (still active, or finished since the archive was built), of a season newer than the archive, or an
 * 8-digit id of the Zhejiang service's unnamed systems, which the archive never holds, whatever the season.
 */
async function archivedSeasonMiss(ctx: ReportContext, code: string, family: Family): Promise<ApiError | null> {
  const season = Number(code.slice(0, 4));
  if (/^\d{8}$/.test(code) || season >= beijingYear(ctx.now()) - 1) return null;
  const { firstYear, lastYear } = await ctx.data(DATA_FILES.archiveReport);
  if (firstYear === null || lastYear === null || season > lastYear) return null;
  const search = `${pathNamer(family)('history-search')} finds codes by name.`;
  return notFound(
    season < firstYear
      ? `No storm with code ${code}: the archive begins with ${firstYear}; ${search}`
      : `No storm with code ${code} in the archive of ${season}; ${search}`,
  );
}

/** One line per failed lookup: what was asked and why it failed (the error's message, never its stack). */
const lookupFailure = (code: string, error: unknown) =>
  `typhoon-lookup: ${code}: the upstream could not be asked: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ')}`;

async function fromUpstream(ctx: LookupContext, code: string): Promise<Answer> {
  // A server that polls no upstream (--offline, --demo) asks none for a lookup either.
  if (ctx.config.liveOff)
    throw upstreamUnavailable(
      `No storm with code ${code} in the live snapshot or the archive, and this server asks no upstream service (it was started with ${ctx.config.liveOff}).`,
    );
  let typhoon: Typhoon | null;
  try {
    typhoon = await ctx.lookupUpstream(code);
  } catch (error) {
    console.error(lookupFailure(code, error));
    throw upstreamUnavailable(
      `No storm with code ${code} in the live snapshot or the archive, and the upstream service could not be asked just now; try again in a minute.`,
    );
  }
  if (!typhoon) throw notFound(`No storm with code ${code} in the live snapshot, the archive or the upstream service.`);
  // Fetched for this request: its data time is now.
  return { payload: (await withLiveLinks(ctx, [typhoon]))[0], dataTime: ctx.now().getTime(), dataset: null, cache: 'upstream' };
}

/** The lookup the misses' function is given: the upstream service, asked once within 3 s. */
const lookup = {
  upstream: (base: RequestContext) => (code: string) => requestLookup(base.config)(code, base.now()),
  // An active storm's warnings are linked by the agencies' areas (docs/api/warnings.md).
  files: [...LOOKUP_FILES, ...WARNING_AREA_FILES],
};

export const typhoonDetail = answerStatically(detail, {
  instances: ({ archive }) => archivedCodes({ archive }),
  render: async ({ site }, { family, params: { code } }) => {
    const archived = site.archive.byCode.get(code);
    if (!archived) throw notFoundIn(detail, code, family);
    return { payload: archived, dataTime: site.releasedAt, dataset: site.dataset };
  },
});

/** A code no file answers: an active storm, else the upstream service, unless its season is archived. */
export const typhoonDetailMisses = answerMisses(detail, lookup, async (ctx, { family, params: { code } }) => {
  const miss = await archivedSeasonMiss(ctx, code, family);
  if (miss) throw miss;
  const active = await activeStorm(ctx, code);
  // Not from the archive: its v1 answer says so with dataset null.
  if (active)
    return {
      payload: (await withLiveLinks(ctx, [active.typhoon]))[0],
      dataTime: active.dataTime,
      dataset: null,
      cache: active.typhoon.live?.stale ? 'liveStale' : 'live',
    };
  return fromUpstream(ctx, code);
});

export const typhoonGeojson = answerStatically(geojson, {
  instances: ({ archive }) => archivedCodes({ archive }),
  render: async ({ site }, { family, params: { code } }) => {
    const archived = site.archive.byCode.get(code);
    if (!archived) throw notFoundIn(geojson, code, family);
    return { payload: typhoonGeoJson(archived), dataTime: site.releasedAt, dataset: site.dataset };
  },
});

/** Active storms add every agency's forecast to the map. */
export const typhoonGeojsonMisses = answerMisses(geojson, lookup, async (ctx, { family, params: { code } }) => {
  const active = await activeStorm(ctx, code);
  if (!active?.typhoon.live) throw notFoundIn(geojson, code, family);
  const { fetchedAt, publishedAt, stale, staleReason } = active.typhoon.live;
  const freshness = { fetchedAt, publishedAt, stale, staleReason, upstream: active.upstream };
  // Not from the archive: its dataset is null, as the detail's.
  return {
    payload: { ...typhoonGeoJson(active.typhoon), freshness },
    dataTime: active.dataTime,
    dataset: null,
    cache: stale ? 'liveStale' : 'live',
  };
});
