/**
 * `/api/llm/summary`: natural language about the north-western Pacific (`summary`, with `summaryEn`), the
 * active storms as data (`typhoons`) and the global cyclones (`global`). The text is the one the scheduled run
 * stored (the template generator's, possibly rephrased by the optional language model there); before one is
 * stored for the current data, the template text of the current live view. A request never calls a model.
 */
import { stormBrief } from '../../flash/briefing.ts';
import { currentSummary } from '../../flash/summary-store.ts';
import { globalBrief } from '../../global/build-cyclone.ts';
import { activeGlobalCyclones } from '../../global/global-view.ts';
import { readLiveView } from '../../live/snapshot.ts';
import { answerRequests } from '../bind.ts';
import { timeOf } from '../data-time.ts';
import { ROUTES } from '../route-table.ts';

export const llmSummary = answerRequests(ROUTES['llm-summary'], async (ctx) => {
  const store = ctx.store;
  const [live, global] = await Promise.all([
    readLiveView(store, ctx.now(), ctx.config.liveOff),
    activeGlobalCyclones(store, ctx.now(), ctx.config.liveOff),
  ]);
  const summary = await currentSummary(store, live);
  return {
    payload: {
      summary: summary.text,
      summaryEn: summary.textEn,
      typhoons: live.typhoons.map(stormBrief),
      global: global.typhoons.map(globalBrief),
      fetchedAt: live.fetchedAt,
      publishedAt: live.publishedAt,
      stale: live.stale,
      aiGenerated: true,
      generator: summary.generator,
    },
    dataTime: timeOf(live.fetchedAt),
  };
});
