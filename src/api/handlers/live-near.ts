/** `/api/near?lat=&lng=` and `/api/v1/near`: every active storm, north-western Pacific and global, relative to a place. */
import { disturbanceCollection, disturbancesNear, readDisturbanceRecords } from '../../global/disturbance-view.ts';
import { activeGlobalCyclones } from '../../global/global-view.ts';
import { newestPublished } from '../../model/track-point.ts';
import { KT_TO_MS } from '../../model/units.ts';
import { stormNear } from '../../live/active-storms-near.ts';
import { readLiveView } from '../../live/snapshot.ts';
import { WARNING_AREA_FILES } from '../../config/paths.ts';
import type { AgencyWarnings, WarningInForce } from '../../model/warning-answer-schemas.ts';
import { activeStormOf, warningsAt } from '../../model/warning-rules.ts';
import { warningAreas } from '../../sources/warning-areas.ts';
import { agenciesOf, readWarnings } from '../../warnings/warning-view.ts';
import { answerRequests } from '../bind.ts';
import { latestOf, timeOf } from '../data-time.ts';
import { ROUTES } from '../route-table.ts';

const FORCE_THRESHOLDS_MS = [13.9, 24.5, 32.7];
const KT_THRESHOLDS_MS = [34, 50, 64].map((kt) => Math.round(kt * KT_TO_MS * 10) / 10);

/**
 * The warnings in force that apply at a place (docs/api/warnings.md, "Which warnings apply at a place"), with each
 * agency's state and freshness: a place with none listed is known to have none only where its agency is not unknown
 * and not stale.
 */
function warningsNear(place: { lat: number; lng: number }, agencies: readonly AgencyWarnings[]) {
  const at = warningsAt(
    place,
    agencies.flatMap((a) => a.warnings),
    warningAreas(),
  );
  const list = at.matches.map(({ warning, match }) => ({ warning: warning as WarningInForce, match }));
  return {
    list,
    total: list.length,
    unplaced: at.unplaced.length,
    agencies: agencies.map(({ agency, state, fetchedAt, publishedAt, stale, staleReason, upstream }) => ({
      agency,
      state,
      fetchedAt,
      publishedAt,
      stale,
      staleReason,
      upstream,
    })),
  };
}

export const liveNear = answerRequests(
  ROUTES['live-near'],
  async (ctx, { query }) => {
    const place = { lat: query.lat, lng: query.lng };
    const store = ctx.store;
    const [view, global, disturbanceRead] = await Promise.all([
      readLiveView(store, ctx.now(), ctx.config.liveOff),
      activeGlobalCyclones(store, ctx.now(), ctx.config.liveOff),
      readDisturbanceRecords(store, ctx.now(), ctx.config.liveOff),
    ]);
    const warningRead = await readWarnings(store, ctx.now(), view.typhoons.map(activeStormOf), ctx.config.liveOff);
    const typhoons = view.typhoons.map((t) => {
      const near = stormNear(place, t);
      const publishedAt = t.live?.publishedAt ?? null;
      return (
        near && {
          code: t.code,
          name: t.name,
          enname: t.enname,
          region: 'nw-pacific',
          publishedAt,
          stale: t.live?.stale ?? view.stale,
          staleReason: t.live?.staleReason ?? view.staleReason,
          radiusThresholdsMs: FORCE_THRESHOLDS_MS,
          ...near,
        }
      );
    });
    const cyclones = global.typhoons.map((c) => {
      const near = stormNear(place, c);
      const publishedAt = c.publishedAt;
      return (
        near && {
          code: c.code,
          name: c.name,
          enname: c.enname,
          region: 'global',
          publishedAt,
          stale: c.stale,
          staleReason: c.staleReason,
          radiusThresholdsMs: KT_THRESHOLDS_MS,
          ...near,
        }
      );
    });
    const storms = [...typhoons, ...cyclones].filter((s) => s !== null).sort((a, b) => a.distanceKm - b.distanceKm);
    const stale = view.stale || global.typhoons.some((c) => c.stale);
    const disturbances = disturbanceCollection(disturbanceRead, (records) => disturbancesNear(place, records));
    const fetched = [view.fetchedAt, global.sources.nhc.fetchedAt, global.sources.jtwc.fetchedAt].map(timeOf);
    return {
      payload: {
        ...place,
        total: storms.length,
        storms,
        disturbances,
        warnings: warningsNear(place, agenciesOf(warningRead)),
        fetchedAt: view.fetchedAt,
        publishedAt: newestPublished(storms),
        stale,
        upstream: view.upstream,
      },
      dataTime: latestOf(fetched),
    };
  },
  WARNING_AREA_FILES,
);
