/**
 * `/api/llm/summary`: natural language about the north-western Pacific (`summary`, with `summaryEn`), the
 * active storms as data (`typhoons`) and the global cyclones (`global`). The text comes from the deterministic
 * generator and may be rewritten by the optional language model, kept only if every number survives.
 */
import { latestPoint, writeBriefing } from '../../live/briefing.ts';
import { rewrite, llmFromEnv } from '../../flash/llm.ts';
import { activeGlobalCyclones } from '../../global/global-view.ts';
import { readLiveView } from '../../live/snapshot.ts';
import { liveStore } from '../../live/store.ts';
import { okResponse } from '../respond.ts';

export async function handleLlmSummary(_req: Request, now = new Date()): Promise<Response> {
  const store = liveStore();
  const [live, global] = await Promise.all([readLiveView(store, now), activeGlobalCyclones(store)]);
  const briefing = writeBriefing(live);
  const llm = llmFromEnv();
  const [summary, summaryEn] = await Promise.all([
    rewrite(briefing?.text ?? '暂无实时台风数据。', 'zh', llm),
    rewrite(briefing?.textEn ?? 'No live typhoon data yet.', 'en', llm),
  ]);
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
    summaryEn: summaryEn.text,
    typhoons,
    global: cyclones,
    fetchedAt: live.fetchedAt,
    stale: live.stale,
    aiGenerated: true,
    generator: summary.generator === 'llm' || summaryEn.generator === 'llm' ? 'llm' : 'template',
  }, { cacheControl: 'public, max-age=60', cdnCacheControl: 'public, durable, s-maxage=60, stale-while-revalidate=300' });
}
