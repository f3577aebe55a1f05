/**
 * The official forecasts (both families, docs/api/endpoints-forecasts.md): a storm's kept issuances
 * (`/api/typhoons/{code}/forecasts`, `/api/global/typhoons/{id}/forecasts`), the same for a map (web only:
 * `/api/geojson/typhoons/{code}/forecasts`, `/api/geojson/global/typhoons/{id}/forecasts`), their verification
 * (`…/verification`), an archived storm's official forecasts verified (`/api/verification/storms/{id}`, written by
 * the build) and a season's verification (`/api/verification?year=&basin=&agency=`). The kept issuances are the
 * store's `forecasts/<storm id>` documents; the build's part is the forecast archive data file.
 */
import {
  forecastStorm,
  liveStormVerification,
  seasonAnswer,
  stormForecastsGeoJson,
  stormForecastsPage,
  yearOfStormId,
} from '../../forecasts/forecast-answers.ts';
import { activeGlobalCyclones, globalCyclone } from '../../global/global-view.ts';
import { readLiveView } from '../../live/snapshot.ts';
import { readStormForecasts, storedForecastStorms, type StormForecasts } from '../../forecasts/forecast-store.ts';
import type { KeyValueStore } from '../../store/store.ts';
import { answerRequests, answerStatically, notFoundIn } from '../bind.ts';
import type { RequestContext } from '../context.ts';
import { DATA_FILES } from '../data-files.ts';
import { latestOf, timeOf } from '../data-time.ts';
import { dataUnavailable } from '../errors.ts';
import { ROUTES } from '../route-table.ts';

/** A storm's kept document; null when none was kept; a 503 when both copies are damaged (the next refresh rebuilds it). */
async function keptForecasts(store: KeyValueStore, stormId: string): Promise<StormForecasts | null> {
  const read = await readStormForecasts(store, stormId);
  if (read.state === 'ok') return read.value;
  if (read.state === 'missing') return null;
  console.warn(`forecasts of ${stormId} unreadable: ${read.error}`);
  throw dataUnavailable(
    `The forecasts of ${stormId}: data unavailable, try again after the next refresh (their stored record cannot be read; the refresh, every 15 minutes, rebuilds it).`,
  );
}

type ForecastArchiveId = (typeof DATA_FILES)['forecastArchive']['id'];
type SummariesId = (typeof DATA_FILES)['archiveSummaries']['id'];

/**
 * The storm a path names, with its kept forecasts: a north-western Pacific code (kept under it; known when kept or
 * archived) or a global id (kept under its ATCF id; known when kept or ingested). Neither kept nor known: a 404.
 */
async function stormOf(ctx: RequestContext<ForecastArchiveId>, stormId: string, known: () => Promise<boolean>, missing: () => Error) {
  const [kept, archive] = await Promise.all([keptForecasts(ctx.store, stormId), ctx.data(DATA_FILES.forecastArchive)]);
  if (!kept && !(await known())) throw missing();
  return { storm: forecastStorm(stormId, kept?.issuances ?? [], archive), kept, archive };
}

/** A code names a storm when it is archived (its forecasts may not have been kept: the service began later). */
const archivedCode = (ctx: RequestContext<SummariesId>, code: string) => async () =>
  (await ctx.data(DATA_FILES.archiveSummaries)).some((s) => s.code === code);
/** A global id names a cyclone when the service ingested it. */
const ingested = (ctx: RequestContext, id: string) => async () => (await globalCyclone(ctx.store, id, ctx.now())).state !== 'missing';
const atcfIdOf = (globalId: string) => globalId.replace(/^(nhc|jtwc)-/, '');

/** The answers' data time: when the scheduled run last read a forecast of the storm. */
const lastSeen = (kept: StormForecasts | null) => latestOf((kept?.issuances ?? []).map((i) => timeOf(i.source.seenAt)));

export const typhoonForecasts = answerRequests(ROUTES['typhoon-forecasts'], async (ctx, { family, params, query }) => {
  const { storm, kept } = await stormOf(ctx, params.code, archivedCode(ctx, params.code), () =>
    notFoundIn(ROUTES['typhoon-forecasts'], params.code, family),
  );
  return { payload: stormForecastsPage(storm, kept, query), dataTime: lastSeen(kept) };
});

export const globalTyphoonForecasts = answerRequests(ROUTES['global-typhoon-forecasts'], async (ctx, { family, params, query }) => {
  const { storm, kept } = await stormOf(ctx, atcfIdOf(params.id), ingested(ctx, params.id), () =>
    notFoundIn(ROUTES['global-typhoon-forecasts'], params.id, family),
  );
  return { payload: stormForecastsPage(storm, kept, query), dataTime: lastSeen(kept) };
});

/** A map's answer: the storm's freshness while it is active (stale: the cache policy of stale live data). */
const mapAnswer = (kept: StormForecasts | null, payload: ReturnType<typeof stormForecastsGeoJson>) => ({
  payload,
  dataTime: lastSeen(kept),
  cache: payload.freshness?.stale ? ('liveStale' as const) : ('live' as const),
});

/** While the storm is in the live snapshot: its freshness as its GeoJSON (`/api/geojson/{code}`) says it. */
export const typhoonForecastsGeoJson = answerRequests(ROUTES['typhoon-forecasts-geojson'], async (ctx, { family, params }) => {
  const { storm, kept, archive } = await stormOf(ctx, params.code, archivedCode(ctx, params.code), () =>
    notFoundIn(ROUTES['typhoon-forecasts-geojson'], params.code, family),
  );
  const view = await readLiveView(ctx.store, ctx.now(), ctx.config.liveOff);
  const live = view.typhoons.find((t) => t.code === params.code)?.live;
  const freshness = live
    ? {
        fetchedAt: live.fetchedAt,
        publishedAt: live.publishedAt,
        stale: live.stale,
        staleReason: live.staleReason,
        upstream: view.upstream,
      }
    : null;
  return mapAnswer(kept, stormForecastsGeoJson(storm, kept, archive, freshness));
});

/** While the cyclone is active: its own stale mark and time, its source's last refresh and state (as /api/global/typhoons). */
export const globalTyphoonForecastsGeoJson = answerRequests(ROUTES['global-typhoon-forecasts-geojson'], async (ctx, { family, params }) => {
  const { storm, kept, archive } = await stormOf(ctx, atcfIdOf(params.id), ingested(ctx, params.id), () =>
    notFoundIn(ROUTES['global-typhoon-forecasts-geojson'], params.id, family),
  );
  const { typhoons, sources } = await activeGlobalCyclones(ctx.store, ctx.now(), ctx.config.liveOff);
  const active = typhoons.find((c) => c.id === params.id);
  const source = active && sources[active.source];
  const freshness =
    active && source
      ? {
          fetchedAt: source.fetchedAt,
          publishedAt: active.publishedAt,
          stale: active.stale,
          staleReason: active.staleReason,
          upstream: source.upstream,
        }
      : null;
  return mapAnswer(kept, stormForecastsGeoJson(storm, kept, archive, freshness));
});

export const typhoonVerification = answerRequests(ROUTES['typhoon-verification'], async (ctx, { family, params }) => {
  const { storm, kept, archive } = await stormOf(ctx, params.code, archivedCode(ctx, params.code), () =>
    notFoundIn(ROUTES['typhoon-verification'], params.code, family),
  );
  return { payload: liveStormVerification(storm, kept, archive).answer, dataTime: lastSeen(kept) };
});

export const globalTyphoonVerification = answerRequests(ROUTES['global-typhoon-verification'], async (ctx, { family, params }) => {
  const { storm, kept, archive } = await stormOf(ctx, atcfIdOf(params.id), ingested(ctx, params.id), () =>
    notFoundIn(ROUTES['global-typhoon-verification'], params.id, family),
  );
  return { payload: liveStormVerification(storm, kept, archive).answer, dataTime: lastSeen(kept) };
});

export const archivedVerification = answerStatically(ROUTES['archived-verification'], {
  instances: (site) => site.forecasts.storms.flatMap((s) => (s.storm.archivedId ? [{ id: s.storm.archivedId }] : [])),
  render: async ({ site }, { family, params }) => {
    const storm = site.forecasts.storms.find((s) => s.storm.archivedId === params.id);
    if (!storm) throw notFoundIn(ROUTES['archived-verification'], params.id, family);
    return { payload: storm, dataTime: site.releasedAt };
  },
});

/** The archived seasons' verification (the build's) and the kept storms' of the year, verified now. */
export const seasonVerification = answerRequests(ROUTES.verification, async (ctx, { query }) => {
  const [archive, stored] = await Promise.all([ctx.data(DATA_FILES.forecastArchive), storedForecastStorms(ctx.store)]);
  // A storm's id carries the year it formed in (a Southern Hemisphere id the season's, which starts the July before):
  // its forecasts may fall in the years beside it; seasonAnswer keeps those of the year asked.
  const ofYear = stored.filter((id) => Math.abs((yearOfStormId(id) ?? Number.NaN) - query.season) <= 1);
  const kept = await Promise.all(ofYear.map(async (id) => ({ id, kept: await keptForecasts(ctx.store, id) })));
  const sets = kept.map(({ id, kept: doc }) => liveStormVerification(forecastStorm(id, doc?.issuances ?? [], archive), doc, archive).set);
  const payload = seasonAnswer(archive, sets, { year: query.season, basin: query.forecastBasin, agency: query.agency });
  return { payload, dataTime: latestOf(kept.map(({ kept: doc }) => lastSeen(doc))) };
});
