/**
 * `/api/v1/disturbances`, `/api/v1/disturbances/history?year=`, `/api/v1/disturbances/{id}` and their web twins: the
 * same payload in both families (docs/disturbances.md); `/api/geojson/disturbances` for a map. Stored disturbances
 * that cannot be read are unavailable (503), never an empty list.
 */
import { disturbancesGeoJson } from '../../global/disturbance-geojson.ts';
import { disturbanceById, disturbanceYear, readDisturbanceRecords } from '../../global/disturbance-view.ts';
import { readLiveView } from '../../live/snapshot.ts';
import { sameStorm } from '../../live/storm-identity.ts';
import { SAME_DEPRESSION_DEGREES, type Disturbance, type DisturbanceAnswer } from '../../model/disturbance-schemas.ts';
import { answerRequests, notFoundIn } from '../bind.ts';
import type { RequestContext } from '../context.ts';
import { timeOf } from '../data-time.ts';
import { dataUnavailable } from '../errors.ts';
import { ROUTES } from '../route-table.ts';

/**
 * Each disturbance with the live depression it is the same system as (SAME_DEPRESSION_DEGREES): its b-deck track, or
 * its timed position, against the tracks of the unnumbered (8-digit) storms the north-western Pacific list holds.
 */
async function withSameAs(ctx: RequestContext, records: readonly Disturbance[]): Promise<DisturbanceAnswer[]> {
  const depressions = (await readLiveView(ctx.store, ctx.now())).typhoons.filter((t) => /^\d{8}$/.test(t.code));
  return records.map((r) => {
    const track = r.track?.points ?? (r.position?.time ? [{ time: r.position.time, lat: r.position.lat, lng: r.position.lng }] : []);
    const same = track.length ? depressions.find((t) => sameStorm(track, t.points, SAME_DEPRESSION_DEGREES)) : undefined;
    return { ...r, sameAs: same ? { code: same.code, name: same.name || null } : null };
  });
}

const unavailable = (reason: string) =>
  dataUnavailable(`Disturbances: data unavailable (${reason}); try again after the next refresh (every 15 minutes).`);

export const disturbanceList = answerRequests(ROUTES.disturbances, async (ctx) => {
  const read = await readDisturbanceRecords(ctx.store, ctx.now());
  if (read.state !== 'ok') throw unavailable(read.reason);
  const list = await withSameAs(
    ctx,
    read.records.filter((r) => r.isActive),
  );
  return { payload: { list, total: list.length, advisories: read.advisories, ...read.context }, dataTime: timeOf(read.context.fetchedAt) };
});

export const disturbanceHistoryList = answerRequests(ROUTES['disturbance-history'], async (ctx, { query: { year } }) => {
  const read = await readDisturbanceRecords(ctx.store, ctx.now());
  if (read.state !== 'ok') throw unavailable(read.reason);
  const list = read.records.filter((r) => year === null || disturbanceYear(r) === year);
  return { payload: { year, list, total: list.length }, dataTime: timeOf(read.context.fetchedAt) };
});

export const disturbanceDetail = answerRequests(ROUTES.disturbance, async (ctx, { params }) => {
  const answer = await disturbanceById(ctx.store, params.id, ctx.now());
  if (answer.state === 'unavailable') throw unavailable(answer.reason);
  if (answer.state === 'missing') throw notFoundIn(ROUTES.disturbance, params.id);
  const [disturbance] = await withSameAs(ctx, [answer.disturbance]);
  return { payload: { disturbance: disturbance as DisturbanceAnswer, ...answer.context }, dataTime: timeOf(answer.context.fetchedAt) };
});

export const disturbanceGeoJson = answerRequests(ROUTES['disturbances-geojson'], async (ctx) => {
  const read = await readDisturbanceRecords(ctx.store, ctx.now());
  if (read.state !== 'ok') throw unavailable(read.reason);
  return { payload: disturbancesGeoJson(read.records), dataTime: timeOf(read.context.fetchedAt) };
});
