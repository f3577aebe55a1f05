/**
 * `/api/v1/warnings`, `/api/v1/warnings/{agency}`, `/api/v1/warnings/history` and their web twins, and
 * `/api/geojson/warnings` (docs/api/warnings.md): the warnings in force per agency with each agency's freshness, the
 * storm each is for (the active storms of the live snapshot), the changes recorded, JMA's circles for a map. An
 * agency that cannot be read is unknown and stale with the reason, never "none"; a stored history that cannot be
 * read is 503.
 */
import { WARNING_AREA_FILES } from '../../config/paths.ts';
import { readLiveView } from '../../live/snapshot.ts';
import type { AgencyWarnings } from '../../model/warning-answer-schemas.ts';
import { activeStormOf } from '../../model/warning-rules.ts';
import { historyYearOf } from '../../warnings/warning-store.ts';
import { warningsGeoJson } from '../../warnings/warning-geojson.ts';
import { agenciesOf, readWarningHistory, readWarnings } from '../../warnings/warning-view.ts';
import { answerRequests } from '../bind.ts';
import type { RequestContext } from '../context.ts';
import { latestOf, timeOf } from '../data-time.ts';
import { dataUnavailable } from '../errors.ts';
import { ROUTES } from '../route-table.ts';

/** Every agency's warnings at the request's time, linked to the storms of the live snapshot. */
async function agencies(ctx: RequestContext): Promise<AgencyWarnings[]> {
  const view = await readLiveView(ctx.store, ctx.now(), ctx.config.liveOff);
  return agenciesOf(await readWarnings(ctx.store, ctx.now(), view.typhoons.map(activeStormOf), ctx.config.liveOff));
}

const cacheOf = (stale: boolean) => (stale ? 'liveStale' : 'live');

export const warningList = answerRequests(
  ROUTES.warnings,
  async (ctx) => {
    const list = await agencies(ctx);
    const fetched = latestOf(list.map((a) => timeOf(a.fetchedAt)));
    const stale = list.some((a) => a.stale);
    const payload = {
      total: list.reduce((n, a) => n + a.total, 0),
      agencies: list,
      fetchedAt: fetched === null ? null : new Date(fetched).toISOString(),
      stale,
    };
    return { payload, dataTime: fetched, cache: cacheOf(stale) };
  },
  WARNING_AREA_FILES,
);

export const warningAgency = answerRequests(
  ROUTES['warnings-agency'],
  async (ctx, { params }) => {
    const agency = (await agencies(ctx)).find((a) => a.agency === params.agency) as AgencyWarnings;
    return { payload: agency, dataTime: timeOf(agency.fetchedAt), cache: cacheOf(agency.stale) };
  },
  WARNING_AREA_FILES,
);

export const warningHistory = answerRequests(ROUTES['warnings-history'], async (ctx, { query: { storm, year } }) => {
  // A storm's changes are kept under the years they happened: its own, and the next for a storm of late December.
  const stormYear = storm === null ? null : Number(storm.slice(0, 4));
  // Neither asked: this year (UTC), and the answer names it, so that it says which year it lists.
  const thisYear = ctx.now().getUTCFullYear();
  const listedYear = storm === null ? (year ?? thisYear) : year;
  const years = stormYear !== null ? [stormYear, stormYear + 1] : [listedYear ?? thisYear];
  const read = await readWarningHistory(ctx.store, years);
  if (read.state !== 'ok')
    throw dataUnavailable(`Warnings: history unavailable (${read.reason}); try again after the next refresh (every 5 to 15 minutes).`);
  const list = read.entries.filter(
    (e) => (storm === null || e.linkedStorm?.code === storm) && (listedYear === null || historyYearOf(e) === listedYear),
  );
  return {
    payload: { storm, year: listedYear, total: list.length, list },
    dataTime: latestOf(list.map((e) => timeOf(e.recordedAt))),
  };
});

export const warningGeoJson = answerRequests(
  ROUTES['warnings-geojson'],
  async (ctx) => {
    const jma = (await agencies(ctx)).find((a) => a.agency === 'jma') as AgencyWarnings;
    const { fetchedAt, publishedAt, stale, staleReason, upstream } = jma;
    return {
      payload: { ...warningsGeoJson(jma.warnings), freshness: { fetchedAt, publishedAt, stale, staleReason, upstream } },
      dataTime: timeOf(fetchedAt),
      cache: cacheOf(stale),
    };
  },
  WARNING_AREA_FILES,
);
