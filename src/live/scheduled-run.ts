/**
 * One scheduled run (the `refresh-live` function every 15 minutes, and `build --live` / the local server):
 * the north-western Pacific snapshot and the global archive are refreshed side by side under one deadline,
 * and the flash items of each part are recorded as soon as that part is done.
 *
 * Netlify stops a scheduled function at 30 s. Every upstream request of the run takes its timeout and its
 * retries from one deadline (RUN_BUDGET_MS from the start), so the run ends in time whatever the upstreams
 * do, and the status documents are marked at the start so that a run stopped anyway is seen as such.
 */
import { llmFromEnv, type LlmConfig } from '../flash/llm.ts';
import { recordGlobalEvents, recordTyphoonEvents } from '../flash/record-events.ts';
import { globalUpstreamsFromEnv, refreshGlobal, type GlobalRefreshResult } from '../global/refresh-global.ts';
import { refreshLive, upstreamsFromEnv, type RefreshResult } from './refresh.ts';
import type { KeyValueStore } from './store.ts';
import { createUpstreamClient } from './upstream-client.ts';
import { pooledFetch } from './upstream-pool.ts';

/** The whole run's budget: 5 s below Netlify's 30 s limit for scheduled functions, for the store writes. */
export const RUN_BUDGET_MS = 25_000;
/** Flash text rewriting (the optional language model) stops this long before the deadline. */
const LLM_MARGIN_MS = 2_000;

export interface ScheduledRunResult {
  typhoons: RefreshResult;
  global: GlobalRefreshResult;
  flash: { typhoons: number; global: number };
  milliseconds: number;
}

export interface ScheduledRunOptions {
  store: KeyValueStore;
  budgetMs?: number;
  llm?: LlmConfig | null;
  now?: Date;
}

export async function runScheduledRefresh(options: ScheduledRunOptions): Promise<ScheduledRunResult> {
  const started = Date.now();
  const deadline = started + (options.budgetMs ?? RUN_BUDGET_MS);
  const client = createUpstreamClient({ deadline, fetch: pooledFetch });
  const llmConfig = options.llm === undefined ? llmFromEnv() : options.llm;
  const llm = llmConfig && { ...llmConfig, deadline: deadline - LLM_MARGIN_MS };
  const { store, now = new Date() } = options;

  const typhoons = refreshLive(upstreamsFromEnv(client), store, now).then(async (result) => ({
    result,
    flash: await recordTyphoonEvents(store, llm, now),
  }));
  const global = refreshGlobal(globalUpstreamsFromEnv(client), store, now);
  const [live, globalResult] = await Promise.all([typhoons, global]);
  // After the typhoon items: both parts write the same flash document.
  const globalFlash = await recordGlobalEvents(store, llm, now);
  return {
    typhoons: live.result,
    global: globalResult,
    flash: { typhoons: live.flash.length, global: globalFlash.length },
    milliseconds: Date.now() - started,
  };
}
