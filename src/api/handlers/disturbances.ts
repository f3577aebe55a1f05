/**
 * `/api/v1/disturbances`, `/api/v1/disturbances/history?year=`, `/api/v1/disturbances/{id}` and their web twins: the
 * same payload in both families (docs/api/disturbances.md); `/api/geojson/disturbances` for a map. Stored disturbances
 * that cannot be read are unavailable (503), never an empty list.
 */
import { disturbancesGeoJson } from '../../global/disturbance-geojson.ts';
import { disturbanceById, disturbanceYear, readDisturbanceRecords } from '../../global/disturbance-view.ts';
import { answerRequests, notFoundIn } from '../bind.ts';
import { timeOf } from '../data-time.ts';
import { dataUnavailable } from '../errors.ts';
import { ROUTES } from '../route-table.ts';

const unavailable = (reason: string) =>
  dataUnavailable(`Disturbances: data unavailable (${reason}); try again after the next refresh (every 15 minutes).`);

export const disturbanceList = answerRequests(ROUTES.disturbances, async (ctx) => {
  const read = await readDisturbanceRecords(ctx.store, ctx.now(), ctx.config.liveOff);
  if (read.state !== 'ok') throw unavailable(read.reason);
  const list = read.records.filter((r) => r.isActive);
  return {
    payload: { list, total: list.length, advisories: read.advisories, outlooks: read.outlooks, ...read.context },
    dataTime: timeOf(read.context.fetchedAt),
  };
});

export const disturbanceHistoryList = answerRequests(ROUTES['disturbance-history'], async (ctx, { query: { year } }) => {
  const read = await readDisturbanceRecords(ctx.store, ctx.now(), ctx.config.liveOff);
  if (read.state !== 'ok') throw unavailable(read.reason);
  const list = read.records.filter((r) => year === null || disturbanceYear(r) === year);
  const { fetchedAt, publishedAt } = read.context;
  return { payload: { year, fetchedAt, publishedAt, list, total: list.length }, dataTime: timeOf(read.context.fetchedAt) };
});

export const disturbanceDetail = answerRequests(ROUTES.disturbance, async (ctx, { family, params }) => {
  const answer = await disturbanceById(ctx.store, params.id, ctx.now(), ctx.config.liveOff);
  if (answer.state === 'unavailable') throw unavailable(answer.reason);
  if (answer.state === 'missing') throw notFoundIn(ROUTES.disturbance, params.id, family);
  return { payload: { disturbance: answer.disturbance, ...answer.context }, dataTime: timeOf(answer.context.fetchedAt) };
});

export const disturbanceGeoJson = answerRequests(ROUTES['disturbances-geojson'], async (ctx) => {
  const read = await readDisturbanceRecords(ctx.store, ctx.now(), ctx.config.liveOff);
  if (read.state !== 'ok') throw unavailable(read.reason);
  const { fetchedAt, publishedAt, stale, staleReason, upstream } = read.context;
  const freshness = { fetchedAt, publishedAt, stale, staleReason, upstream };
  return { payload: { ...disturbancesGeoJson(read.records), freshness }, dataTime: timeOf(fetchedAt), cache: stale ? 'liveStale' : 'live' };
});
