/**
 * One scheduled run (the `scheduled-run` function every 15 minutes, `npm run cli -- refresh`, the local server):
 * the north-western Pacific snapshot and the global archive are refreshed side by side under one deadline,
 * and the flash items of each part are recorded as soon as that part is done; then the live summary is written
 * (requests only read it). The optional language model makes at most MAX_LLM_CALLS_PER_RUN calls in all, and
 * none past the deadline less LLM_MARGIN_MS; the items and the summary beyond that keep the template text.
 *
 * Netlify stops a scheduled function at 30 s. Every upstream request of the run takes its timeout and its
 * retries from one deadline (RUN_BUDGET_MS from the start), so the run ends in time whatever the upstreams
 * do, and the status documents are marked at the start so that a run stopped anyway is seen as such.
 */
import type { LlmEndpoint, UpstreamAddresses } from '../config/env.ts';
import { newTally, runBudget, type TextTally } from '../flash/llm.ts';
import { recordDisturbanceEvents, recordGlobalEvents, recordTyphoonEvents } from '../flash/record-events.ts';
import { recordSummary, type SummaryResult } from '../flash/record-summary.ts';
import { refreshDisturbances, type DisturbanceRefreshResult } from '../global/refresh-disturbances.ts';
import { refreshGlobal, type GlobalRefreshResult } from '../global/refresh-global.ts';
import { refreshLive, type RefreshResult } from '../live/refresh-typhoons.ts';
import { globalUpstreams, liveUpstreams } from '../upstream/addresses.ts';
import type { KeyValueStore } from '../store/store.ts';
import { createUpstreamClient } from '../upstream/client.ts';
import { pooledFetch } from '../upstream/pool.ts';

/** The whole run's budget: 5 s below Netlify's 30 s limit for scheduled functions, for the store writes. */
export const RUN_BUDGET_MS = 25_000;
/** Flash text rewriting (the optional language model) stops this long before the deadline. */
const LLM_MARGIN_MS = 2_000;

export interface ScheduledRunResult {
  typhoons: RefreshResult;
  global: GlobalRefreshResult;
  /** JTWC's advisories, formation alerts and invest tracks (src/global/refresh-disturbances.ts). */
  disturbances: DisturbanceRefreshResult;
  flash: { typhoons: number; global: number; disturbances: number };
  /** The live summary: who wrote it, and whether this run wrote it; null when it could not be written. */
  summary: SummaryResult | null;
  /** The texts a language model was asked to reword, published from it, and fallen back (by reason); null without a model. */
  text: TextTally | null;
  milliseconds: number;
}

export interface ScheduledRunOptions {
  store: KeyValueStore;
  /** Where the upstreams are (the configuration's TYPHOON_*_BASE). */
  upstreams: UpstreamAddresses;
  /** The language model that may reword generated text; null for none. */
  llm: (LlmEndpoint & { timeoutMs?: number }) | null;
  budgetMs?: number;
  now?: Date;
  /**
   * Reads the time the deadline is measured against (ms since the epoch; `now` is what the data is stamped with):
   * Date.now unless a test passes its own.
   */
  clock?: () => number;
}

export async function runScheduledRefresh(options: ScheduledRunOptions): Promise<ScheduledRunResult> {
  const clock = options.clock ?? Date.now;
  const started = clock();
  const deadline = started + (options.budgetMs ?? RUN_BUDGET_MS);
  const client = createUpstreamClient({ deadline, clock, fetch: pooledFetch });
  const llmConfig = options.llm;
  // One call budget and one tally for the whole run: the flash items of both parts and the summary share them.
  const llm = llmConfig && { ...llmConfig, deadline: deadline - LLM_MARGIN_MS, clock, budget: runBudget(), tally: newTally() };
  const { store, now = new Date() } = options;

  const typhoons = refreshLive(liveUpstreams(options.upstreams, client), store, now).then(async (result) => ({
    result,
    flash: await recordTyphoonEvents(store, llm, now),
  }));
  const global = refreshGlobal(globalUpstreams(options.upstreams, client), store, now);
  const disturbances = refreshDisturbances(globalUpstreams(options.upstreams, client), store, now);
  const [live, globalResult, disturbanceResult] = await Promise.all([typhoons, global, disturbances]);
  // After the typhoon items: both parts write the same flash document.
  const globalFlash = await recordGlobalEvents(store, llm, now);
  const disturbanceFlash = await recordDisturbanceEvents(store, llm, now);
  // After the flash items: the summary of this run's data, so that no request ever calls the model. Derived
  // data: a failure here costs nothing stored, and the next run writes it again.
  const summary = await recordSummary(store, llm, now).catch((error: unknown) => {
    console.warn(`live summary not written: ${(error as Error).message}`);
    return null;
  });
  return {
    typhoons: live.result,
    global: globalResult,
    disturbances: disturbanceResult,
    flash: { typhoons: live.flash.length, global: globalFlash.length, disturbances: disturbanceFlash.length },
    summary,
    text: llm?.tally ?? null,
    milliseconds: clock() - started,
  };
}
