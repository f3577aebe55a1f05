/**
 * `/api/llm/summary`: natural language about the north-western Pacific (`summary`, with `summaryEn`), the
 * active storms as data (`typhoons`) and the global cyclones (`global`). The text is the one the scheduled run
 * stored (the template generator's, possibly rephrased by the optional language model there); before one is
 * stored for the current data, the template text of the current live view. A request never calls a model.
 */
import { latestPoint } from '../../live/briefing.ts';
import { currentSummary } from '../../flash/summary-store.ts';
import { activeGlobalCyclones } from '../../global/global-view.ts';
import { readLiveView } from '../../live/snapshot.ts';
import { liveStore } from '../../live/store.ts';
import { okResponse } from '../respond.ts';

export async function handleLlmSummary(_req: Request, now = new Date()): Promise<Response> {
  const store = liveStore();
  const [live, global] = await Promise.all([readLiveView(store, now), activeGlobalCyclones(store)]);
  const summary = await currentSummary(store, live);
  const typhoons = live.typhoons.map((t) => {
    const p = latestPoint(t);
    return { code: t.code, name: t.name, enname: t.enname, time: p.time, lat: p.lat, lng: p.lng, grade: p.grade, strong: p.strong, speed: p.speed, pressure: p.pressure, moveDir: p.moveDir, moveSpeed: p.moveSpeed };
  });
  const cyclones = global.typhoons.map((c) => {
    const p = c.points[c.points.length - 1];
    return { id: c.id, name: c.name, basin: c.basin, seaArea: c.seaArea, time: p?.time ?? null, lat: p?.lat ?? null, lng: p?.lng ?? null, speed: p?.speed ?? null, pressure: p?.pressure ?? null, stale: c.stale };
  });
  return okResponse('web', {
    summary: summary.text,
    summaryEn: summary.textEn,
    typhoons,
    global: cyclones,
    fetchedAt: live.fetchedAt,
    stale: live.stale,
    aiGenerated: true,
    generator: summary.generator,
  }, { cacheControl: 'public, max-age=60', cdnCacheControl: 'public, durable, s-maxage=60, stale-while-revalidate=300' });
}
