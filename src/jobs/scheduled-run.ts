/**
 * One scheduled run (the `scheduled-run` function every minute, `npm run cli -- refresh`, the local server):
 * the north-western Pacific snapshot, the global archive and the warning agencies are refreshed side by side under one deadline,
 * and the flash items of each part are recorded as soon as that part is done; the official forecasts every part read
 * (JMA's own from the documents the warnings part keeps) are kept per storm; then the live summary is written
 * (requests only read it). The optional language model makes at most MAX_LLM_CALLS_PER_RUN calls in all, and
 * none past the deadline less LLM_MARGIN_MS; the items and the summary beyond that keep the template text. The
 * summary's two calls are kept for it: every app reads it at start-up (bootstrap), so a run with many flash items
 * does not leave it to the template.
 *
 * Netlify stops a scheduled function at 30 s. Every upstream request of the run takes its timeout and its
 * retries from one deadline (RUN_BUDGET_MS from the start), so the run ends in time whatever the upstreams
 * do, and the status documents are marked at the start so that a run stopped anyway is seen as such.
 *
 * A paced run (runPacedRefresh: the function, the local server) polls only what the poll plan says is due
 * (src/jobs/poll-plan.ts); runScheduledRefresh (the command line, tests) polls everything in full. Both record
 * what they polled, and end by purging the cache tags whose answers they changed (src/jobs/purge.ts).
 */
import type { LlmEndpoint, UpstreamAddresses } from '../config/env.ts';
import { MAX_LLM_CALLS_PER_RUN, newTally, runBudget, SUMMARY_LLM_CALLS, type TextTally } from '../flash/llm.ts';
import { recordDisturbanceEvents, recordGlobalEvents, recordTyphoonEvents, recordWarningEvents } from '../flash/record-events.ts';
import { recordSummary, type SummaryResult } from '../flash/record-summary.ts';
import { recordForecasts, type ForecastCapture, type ForecastRecordResult } from '../forecasts/forecast-store.ts';
import { refreshDisturbances, type DisturbanceRefreshResult } from '../global/refresh-disturbances.ts';
import { finishHeldMoves, readJmaForecasts } from './jma-forecasts.ts';
import { recordDisturbanceLinks } from './link-disturbances.ts';
import { refreshGlobal, type GlobalRefreshResult } from '../global/refresh-global.ts';
import { refreshLive, type RefreshResult } from '../live/refresh-typhoons.ts';
import { readLiveView, readSnapshot } from '../live/snapshot.ts';
import { activeGlobalCyclones } from '../global/global-view.ts';
import { readDisturbanceRecords } from '../global/disturbance-view.ts';
import type { CacheTag } from '../api/cache-policy.ts';
import { planPolls, readPollInputs, writePollState, type PollPlan } from './poll-plan.ts';
import { answerFingerprint, purgeTags, type Purge, type PurgeOutcome } from './purge.ts';
import { openValidators, WARNING_VALIDATORS_KEY } from './validator-store.ts';
import { globalUpstreams, liveUpstreams, warningUpstreams } from '../upstream/addresses.ts';
import { refreshWarnings, type WarningRefreshResult } from '../warnings/refresh-warnings.ts';
import { readWarnings } from '../warnings/warning-view.ts';
import { activeStormOf } from '../model/warning-rules.ts';
import { WARNING_AGENCIES } from '../model/warning-schemas.ts';
import type { KeyValueStore } from '../store/store.ts';
import { createUpstreamClient } from '../upstream/client.ts';
import { lostBetween, quarantined, runView } from '../store/documents.ts';
import { healTextQuality, recordFaults } from '../store/text-quality.ts';
import { pooledFetch } from '../upstream/pool.ts';

/** The whole run's budget: 5 s below Netlify's 30 s limit for scheduled functions, for the store writes. */
export const RUN_BUDGET_MS = 25_000;
/** Flash text rewriting (the optional language model) stops this long before the deadline. */
const LLM_MARGIN_MS = 2_000;

export interface PacedRunResult {
  /** What this run polled: the plan of a paced run, everything in full otherwise. */
  polled: PollPlan;
  /** null when the north-western Pacific was not due (a paced run). */
  typhoons: RefreshResult | null;
  /** null when the global sources were not due (a paced run). */
  global: GlobalRefreshResult | null;
  /** JTWC's advisories, formation alerts and invest tracks (src/global/refresh-disturbances.ts), polled with the global sources; null when not due. */
  disturbances: DisturbanceRefreshResult | null;
  /**
   * The official forecasts this run read, kept per storm (src/forecasts/forecast-store.ts), JMA's own among them when
   * JMA was polled (src/jobs/jma-forecasts.ts); null when nothing was polled.
   */
  forecasts: ForecastRecordResult | null;
  /** The warning agencies polled (src/warnings/refresh-warnings.ts); null when none was due. */
  warnings: WarningRefreshResult | null;
  flash: { typhoons: number; global: number; disturbances: number; warnings: number };
  /** The live summary: who wrote it, and whether this run wrote it; null when it could not be written. */
  summary: SummaryResult | null;
  /** The texts a language model was asked to reword, published from it, and fallen back (by reason); null without a model. */
  text: TextTally | null;
  /** The cache tags whose answers this run changed, and how purging them went. */
  purge: PurgeOutcome;
  milliseconds: number;
}

/** A full run's result: both parts were polled. */
export interface ScheduledRunResult extends PacedRunResult {
  typhoons: RefreshResult;
  global: GlobalRefreshResult;
  disturbances: DisturbanceRefreshResult;
  warnings: WarningRefreshResult;
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
  /** Waits between an upstream's retries: a real timer unless a test passes its own (one that takes no time). */
  sleep?: (ms: number) => Promise<void>;
  /** Purges the CDN's answers of the changed tags (Netlify's purge API, the local server's own); none: nothing to purge. */
  purge?: Purge | null;
}

const EVERYTHING: PollPlan = { nwPacific: 'full', global: true, warnings: [...WARNING_AGENCIES], reasons: [] };

/**
 * The answers each part of the run may change, as they read now (compared before and after the part). For the
 * north-western Pacific also its storms alone: a failing upstream changes the answers (stale, and why) but not
 * the storms, and only a change of the storms keeps the fast pace.
 */
const liveAnswers = async (store: KeyValueStore, now: Date) => ({
  answers: answerFingerprint(await readLiveView(store, now)),
  storms: answerFingerprint((await readSnapshot(store))?.typhoons ?? null),
});
const globalAnswers = async (store: KeyValueStore, now: Date) => answerFingerprint(await activeGlobalCyclones(store, now));
const disturbanceAnswers = async (store: KeyValueStore, now: Date) => answerFingerprint(await readDisturbanceRecords(store, now));
const warningAnswers = async (store: KeyValueStore, now: Date) => answerFingerprint(await readWarnings(store, now, []));

/**
 * The documents both of whose copies this run found damaged and set aside before writing them again: recorded in the
 * live data-quality document (the rebuilt document holds what could be recovered; the damaged copies are kept). The
 * data-quality document itself is healed first when it is damaged.
 */
async function recordLosses(store: KeyValueStore, asideBefore: readonly string[] | null, now: Date): Promise<void> {
  try {
    await healTextQuality(store, now);
    if (asideBefore === null) return;
    const lost = lostBetween(asideBefore, await quarantined(store));
    await recordFaults(
      store,
      lost.map(({ key, asides }) => ({
        source: 'store' as const,
        product: key,
        kind: 'store-loss' as const,
        detail: `both copies could not be read; set aside as ${asides.join(', ')}`,
        action: 'written again by this run from what it could read and fetch',
      })),
      now,
    );
  } catch (error) {
    console.warn(`store losses not recorded: ${(error as Error).message}`);
  }
}

/** A run that polls everything in full (the command line, tests). */
export const runScheduledRefresh = (options: ScheduledRunOptions) => run(options, false) as Promise<ScheduledRunResult>;

/** A run that polls what the poll plan says is due (the scheduled function every minute, the local server). */
export const runPacedRefresh = (options: ScheduledRunOptions) => run(options, true);

async function run(options: ScheduledRunOptions, paced: boolean): Promise<PacedRunResult> {
  const clock = options.clock ?? Date.now;
  const started = clock();
  const deadline = started + (options.budgetMs ?? RUN_BUDGET_MS);
  const client = createUpstreamClient({ deadline, clock, sleep: options.sleep, fetch: pooledFetch });
  const llmConfig = options.llm;
  // One tally for the whole run; of its call budget the summary's calls are its own, the flash items share the rest.
  const llm = llmConfig && {
    ...llmConfig,
    deadline: deadline - LLM_MARGIN_MS,
    clock,
    budget: runBudget(MAX_LLM_CALLS_PER_RUN - SUMMARY_LLM_CALLS),
    tally: newTally(),
  };
  const { now = new Date() } = options;
  // Every part of the run reads the store through one view: each document once (src/store/documents.ts).
  const store = runView(options.store);
  const inputs = await readPollInputs(store, now);
  const plan = paced ? planPolls(inputs, now) : EVERYTHING;
  const nothing = { tags: [], error: null } satisfies PurgeOutcome;
  if (!plan.nwPacific && !plan.global && plan.warnings.length === 0)
    return {
      polled: plan,
      typhoons: null,
      global: null,
      disturbances: null,
      forecasts: null,
      warnings: null,
      flash: { typhoons: 0, global: 0, disturbances: 0, warnings: 0 },
      summary: null,
      text: null,
      purge: nothing,
      milliseconds: clock() - started,
    };

  // What is set aside already: a document both of whose copies this run sets aside was lost to damage (recorded below).
  const asideBefore = await quarantined(store).catch(() => null);
  const warningsDue = plan.warnings.length > 0;
  const [liveBefore, globalBefore, disturbancesBefore, warningsBefore, stormsNow] = await Promise.all([
    plan.nwPacific ? liveAnswers(store, now).catch(() => null) : null,
    plan.global ? globalAnswers(store, now).catch(() => null) : null,
    plan.global ? disturbanceAnswers(store, now).catch(() => null) : null,
    warningsDue ? warningAnswers(store, now).catch(() => null) : null,
    // The storms each warning change is linked to: the snapshot as it stands at the start (its parts run side by side).
    warningsDue ? readSnapshot(store).catch(() => null) : null,
  ]);
  const nwMode = plan.nwPacific;
  // The north-western Pacific services are asked conditionally: they are the ones polled every few minutes.
  const validators = nwMode ? await openValidators(store, now) : null;
  const liveClient = validators ? createUpstreamClient({ deadline, clock, sleep: options.sleep, fetch: pooledFetch, validators }) : client;
  const typhoons = nwMode
    ? refreshLive(liveUpstreams(options.upstreams, liveClient), store, now, nwMode).then(async (result) => {
        await validators?.save().catch((error: unknown) => console.warn(`upstream validators not written: ${(error as Error).message}`));
        return { result, flash: await recordTyphoonEvents(store, llm, now) };
      })
    : null;
  const global = plan.global ? refreshGlobal(globalUpstreams(options.upstreams, client), store, now) : null;
  const disturbances = plan.global ? refreshDisturbances(globalUpstreams(options.upstreams, client), store, now) : null;
  // The warning agencies are asked conditionally too (their own validators: PAGASA's PDFs, JMA's feeds).
  const warnings = warningsDue
    ? openValidators(store, now, WARNING_VALIDATORS_KEY).then(async (warningValidators) => {
        const warningClient = createUpstreamClient({
          deadline,
          clock,
          sleep: options.sleep,
          fetch: pooledFetch,
          validators: warningValidators,
        });
        const storms = (stormsNow?.typhoons ?? []).map(activeStormOf);
        const result = await refreshWarnings(warningUpstreams(options.upstreams, warningClient), store, now, {
          agencies: plan.warnings,
          storms,
        });
        await warningValidators
          .save()
          .catch((error: unknown) => console.warn(`warning validators not written: ${(error as Error).message}`));
        return result;
      })
    : null;
  const [live, globalResult, disturbanceResult, warningResult] = await Promise.all([typhoons, global, disturbances, warnings]);
  // JMA's own forecasts, from the typhoon documents the warnings part read and keeps (no second fetch), linked to
  // their storms once the snapshot is this run's.
  const jma = warningResult?.jmaTyphoons
    ? await readJmaForecasts(store, warningResult.jmaTyphoons, now).catch((error: unknown) => {
        console.warn(`JMA's forecasts not read: ${(error as Error).message}`);
        return null;
      })
    : null;
  // Every issuance the parts read, kept per storm.
  const captures: ForecastCapture[] = [live?.result.forecasts, globalResult?.forecasts, jma?.capture].filter(
    (c): c is ForecastCapture => c !== undefined,
  );
  const forecasts = await recordForecasts(store, captures, now).catch((error: unknown) => {
    console.warn(`forecasts not recorded: ${(error as Error).message}`);
    return null;
  });
  if (jma?.moves.length) await finishHeldMoves(store, jma.moves);
  // Both lists as now stored: the invests linked to the north-western Pacific storms they are or became.
  const linksChanged = await recordDisturbanceLinks(store).catch((error: unknown) => {
    console.warn(`disturbance links not written: ${(error as Error).message}`);
    return false;
  });
  // After the typhoon items: every part writes the same flash document.
  const globalFlash = globalResult ? await recordGlobalEvents(store, llm, now) : [];
  const disturbanceFlash = disturbanceResult ? await recordDisturbanceEvents(store, llm, now) : [];
  const warningFlash = warningResult ? await recordWarningEvents(store, llm, now) : [];
  // After the flash items: the summary of this run's data, so that no request ever calls the model. Derived
  // data: a failure here costs nothing stored, and the next run writes it again.
  const summary = await recordSummary(store, llm && { ...llm, budget: runBudget(SUMMARY_LLM_CALLS) }, now).catch((error: unknown) => {
    console.warn(`live summary not written: ${(error as Error).message}`);
    return null;
  });
  const [liveAfter, globalAfter, disturbancesAfter, warningsAfter] = await Promise.all([
    nwMode ? liveAnswers(store, now).catch(() => null) : null,
    globalResult ? globalAnswers(store, now).catch(() => null) : null,
    disturbanceResult ? disturbanceAnswers(store, now).catch(() => null) : null,
    warningResult ? warningAnswers(store, now).catch(() => null) : null,
  ]);
  const liveChanged = nwMode !== null && (liveAfter === null || liveAfter.answers !== liveBefore?.answers);
  const stormsChanged = nwMode !== null && (liveAfter === null || liveAfter.storms !== liveBefore?.storms);
  const changed: CacheTag[] = [
    // A new link changes the storms' answers (formedFrom) and the disturbances' (becameStorm, sameAs).
    ...(liveChanged || linksChanged ? (['live'] as const) : []),
    ...(globalResult && (globalAfter === null || globalAfter !== globalBefore) ? (['global'] as const) : []),
    ...(linksChanged || (disturbanceResult && (disturbancesAfter === null || disturbancesAfter !== disturbancesBefore))
      ? (['disturbances'] as const)
      : []),
    ...(warningResult && (warningsAfter === null || warningsAfter !== warningsBefore) ? (['warnings'] as const) : []),
    ...((live?.flash.length ?? 0) + globalFlash.length + disturbanceFlash.length + warningFlash.length > 0 ? (['flash'] as const) : []),
    ...(summary?.written ? (['summary'] as const) : []),
    ...(forecasts?.written.length ? (['forecasts'] as const) : []),
  ];
  const stamp = now.toISOString();
  const { state } = inputs;
  await writePollState(store, {
    nwPacific: nwMode
      ? { lastPollAt: stamp, lastFullAt: nwMode === 'full' ? stamp : state.nwPacific.lastFullAt, changed: stormsChanged }
      : state.nwPacific,
    global: globalResult ? { lastPollAt: stamp } : state.global,
    warnings: Object.fromEntries(
      WARNING_AGENCIES.map((a) => [a, warningResult && plan.warnings.includes(a) ? { lastPollAt: stamp } : state.warnings[a]]),
    ) as typeof state.warnings,
  }).catch((error: unknown) => console.warn(`poll state not written: ${(error as Error).message}`));
  // After the run's last write: every document it had to set aside is known.
  await recordLosses(store, asideBefore, now);
  return {
    polled: plan,
    typhoons: live?.result ?? null,
    global: globalResult,
    disturbances: disturbanceResult,
    forecasts,
    warnings: warningResult,
    flash: {
      typhoons: live?.flash.length ?? 0,
      global: globalFlash.length,
      disturbances: disturbanceFlash.length,
      warnings: warningFlash.length,
    },
    summary,
    text: llm?.tally ?? null,
    purge: await purgeTags(options.purge ?? null, changed),
    milliseconds: clock() - started,
  };
}
