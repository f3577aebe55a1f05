/**
 * The refresh job, shared by the scheduled run and `build --live`. A `full` refresh fetches the active storms
 * with full details from the Zhejiang service and from NMC at once and keeps Zhejiang's answer (NMC is the
 * failover). A `changes` refresh (the scheduled run's polls between full ones, src/jobs/poll-plan.ts) asks the
 * Zhejiang list and the details only of the storms whose latest position differs from the stored record's (the
 * others keep their stored record, confirmed current); NMC, whose list carries no times, is asked only when the
 * Zhejiang service fails or the stored snapshot is NMC's. Either way the snapshot is replaced only with a complete,
 * validated result. Any failure of both leaves the
 * last good snapshot in place. The status records that a run started before anything is fetched, so a run the
 * platform stops half-way is visible to the next run and to every answer.
 *
 * A source never moves the snapshot backwards (src/live/storm-identity.ts, assembleStorms): per storm, a fresh
 * record whose last point is earlier than the stored record's last point (the snapshot's, else the one before
 * it, when the storm was left out of the last refresh) is ignored and the stored record kept
 * (a failover to an NMC that lags the Zhejiang service keeps the Zhejiang track); a newer one replaces it but
 * keeps every point the stored one has. So a lagging source makes no events either: flash news only reads points
 * newer than those it has already seen.
 *
 * Names and landfall places are checked as they are read (src/model/upstream-text.ts, names against the names
 * table): what fails is left out of the records, and every rejection of both sources goes to the live
 * data-quality document (src/store/text-quality.ts) and is counted in the result.
 */
import { captureDrafts, emptyCapture, type ForecastCapture } from '../forecasts/forecast-store.ts';
import { nmcIssuances } from '../forecasts/nmc-issuances.ts';
import { truthFromTyphoon } from '../forecasts/truth-tracks.ts';
import { zjIssuances } from '../forecasts/zj-issuances.ts';
import { toBeijingIso } from '../model/time.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import type { TextCheck } from '../model/upstream-text.ts';
import { liveNamesTable } from '../sources/names-table.ts';
import { livePlacesTable } from '../sources/places-table.ts';
import { normalizeNmcList, normalizeNmcView } from '../upstream/nmc-service.ts';
import { FUTURE_TOLERANCE_MS, runWasStopped } from '../model/freshness.ts';
import {
  liveSnapshotSchema,
  readPreviousSnapshot,
  readSnapshot,
  readSnapshotDocument,
  readStatus,
  salvagedStorms,
  writePreviousSnapshot,
  writeSnapshot,
  writeStatus,
  type LiveSnapshot,
  type RefreshStatus,
} from './snapshot.ts';
import type { KeyValueStore } from '../store/store.ts';
import type { LiveUpstreams } from '../upstream/addresses.ts';
import { allAnswered } from '../upstream/client.ts';
import { activeZjStorms, fetchZjInfo, normalizeZjInfo } from '../upstream/zj-service.ts';
import { assembleStorms, newestRecords, withoutFutureTimes } from './storm-identity.ts';
import { recordFaults, recordTextProblems, type LiveFault, type LiveRejection, type LiveTextSource } from '../store/text-quality.ts';

/**
 * Runs a normaliser with a text check of its own; what it rejects joins `found` with its source (and the storm
 * asked for, when the rejection does not name one), also when the normaliser throws.
 */
async function checked<T>(
  found: LiveRejection[],
  tables: LiveTables,
  source: LiveTextSource,
  storm: string | null,
  work: (text: TextCheck) => Promise<T>,
): Promise<T> {
  const text: TextCheck = { ...tables, rejected: [] };
  try {
    return await work(text);
  } finally {
    found.push(...text.rejected.map((r) => ({ ...r, storm: r.storm ?? storm, source })));
  }
}

/** The reviewed tables upstream text is read with: names checked against, places given in English. */
type LiveTables = Omit<TextCheck, 'rejected'>;

/**
 * What a refresh checks upstream text against, and where each source's rejections go; and where the forecasts of
 * the payloads go (their names were checked by the normaliser: the forecasts' reading checks them again unreported).
 */
interface LiveTextCheck {
  tables: LiveTables;
  found: LiveRejection[];
  forecasts: ForecastCapture;
}

/**
 * Stored Zhejiang records that a `changes` refresh may keep, by tfid (none in a full refresh). A kept record is
 * the stored one, stamped with this fetch: the list has just confirmed its latest position.
 */
type Unchanged = ReadonlyMap<string, Typhoon>;

function keepIfUnchanged(unchanged: Unchanged, tfid: string, latestAt: string | null, now: Date): Typhoon | null {
  const stored = unchanged.get(tfid);
  const last = stored?.points.at(-1);
  if (!stored?.live || !last || latestAt === null || Date.parse(last.time) !== Date.parse(latestAt)) return null;
  return { ...stored, live: { ...stored.live, fetchedAt: toBeijingIso(now) } };
}

async function fetchFromZj(
  upstreams: LiveUpstreams,
  now: Date,
  { tables, found, forecasts }: LiveTextCheck,
  unchanged: Unchanged,
): Promise<Typhoon[]> {
  const active = activeZjStorms(await upstreams.client.json(`${upstreams.zjBase}/TyhoonActivity`));
  return allAnswered(
    active.map(
      ({ tfid, latestAt }) =>
        keepIfUnchanged(unchanged, tfid, latestAt, now) ??
        checked(found, tables, 'zj-live', tfid, async (text) => {
          const json = await fetchZjInfo(upstreams, tfid);
          // An agency's latest forecast that cannot be read is left out of the record; the capture below reads every
          // group of every point and tells each one that cannot be read as a fault, so it is not told twice here.
          const storm = normalizeZjInfo(json, now, text, () => {});
          captureDrafts(forecasts, 'zj-live', `TyphoonInfo/${tfid}`, (unreadable) =>
            zjIssuances(json, now, { ...tables, rejected: [] }, unreadable),
          );
          return storm;
        }),
    ),
  );
}

async function fetchFromNmc(upstreams: LiveUpstreams, now: Date, { tables, found, forecasts }: LiveTextCheck): Promise<Typhoon[]> {
  const list = normalizeNmcList(await upstreams.client.json(`${upstreams.nmcBase}/list_default`));
  const active = list.filter((item) => item.active);
  return allAnswered(
    active.map((item) =>
      checked(found, tables, 'nmc', null, async (text) => {
        const json = await upstreams.client.json(`${upstreams.nmcBase}/view_${item.id}`);
        const storm = normalizeNmcView(json, now, text);
        captureDrafts(forecasts, 'nmc', `view_${item.id}`, (unreadable) =>
          nmcIssuances(json, now, { ...tables, rejected: [] }, unreadable),
        );
        return storm;
      }),
    ),
  );
}

export interface RefreshResult {
  ok: boolean;
  source: LiveSnapshot['source'] | null;
  typhoons: number;
  errors: string[];
  /** The run before this one was stopped before it finished (it is recorded as a failure). */
  previousRunStopped: boolean;
  /** Storms whose stored record was kept because the source's data for them was older (a lagging failover). */
  keptStored: string[];
  /** Upstream names and places left out by the upstream-text check, both sources (the live data-quality document lists them). */
  rejectedText: number;
  /**
   * The forecasts of every payload read (both sources: src/forecasts/zj-issuances.ts, nmc-issuances.ts) and the
   * operational track of each storm of the snapshot written; the run keeps them (src/forecasts/forecast-store.ts).
   */
  forecasts: ForecastCapture;
  milliseconds: number;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The value, or the error it threw. */
function attempt<T>(work: () => T): T | Error {
  try {
    return work();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** Sources in order of preference; both are asked at once so that the failover fits in the run's deadline. */
const SOURCES = [
  ['zj-live', fetchFromZj],
  ['nmc', fetchFromNmc],
] as const;

/** A full refresh, or one that asks only what the Zhejiang list says changed (see the top of this file). */
export type RefreshMode = 'full' | 'changes';

export async function refreshLive(
  upstreams: LiveUpstreams,
  store: KeyValueStore,
  now = new Date(),
  mode: RefreshMode = 'full',
): Promise<RefreshResult> {
  const started = performance.now();
  // Read first, before anything is asked (the scheduled run starts the global part right after this returns):
  // parsing the table takes the thread for a moment, which must not eat into a request's timeout.
  const tables = attempt((): LiveTables => ({ names: liveNamesTable(), places: livePlacesTable() }));
  const stamp = toBeijingIso(now);
  const before = await readStatus(store);
  const previousRunStopped = runWasStopped(before, now);
  const base: RefreshStatus = before ?? {
    lastAttemptAt: stamp,
    lastSuccessAt: null,
    lastError: null,
    consecutiveFailures: 0,
    runningSince: null,
  };
  await writeStatus(store, { ...base, lastAttemptAt: stamp, runningSince: stamp });

  const found: LiveRejection[] = [];
  const forecasts = emptyCapture();
  const stored = mode === 'changes' ? await readSnapshot(store).catch(() => null) : null;
  const unchanged: Unchanged = new Map(
    stored?.source === 'zj-live' ? stored.typhoons.filter((t) => t.zjId).map((t) => [t.zjId as string, t]) : [],
  );
  const ask = async ([, fetchAll]: (typeof SOURCES)[number]) => {
    if (tables instanceof Error) throw new Error(`names or places table unreadable: ${tables.message}`);
    return fetchAll(upstreams, now, { tables, found, forecasts }, unchanged);
  };
  const [zj, nmc] = SOURCES;
  const settled: PromiseSettledResult<Typhoon[]>[] =
    mode === 'full' || stored?.source === 'nmc' ? await Promise.allSettled(SOURCES.map(ask)) : await Promise.allSettled([ask(zj)]);
  // A `changes` refresh asks the failover only once the Zhejiang service has failed.
  if (settled.length === 1 && settled[0]?.status === 'rejected') settled.push(...(await Promise.allSettled([ask(nmc)])));
  const errors: string[] = previousRunStopped ? [`the run started at ${before?.runningSince} was stopped before it finished`] : [];
  await recordTextProblems(store, found, now).catch((error: unknown) =>
    console.warn(`live data-quality document not written: ${describe(error)}`),
  );
  let snapshot: LiveSnapshot | null = null;
  const faults: LiveFault[] = [];
  /** Storms the source gave nothing true of (every time later than the fetch): their stored record stands. */
  const futureOnly = new Set<string>();
  settled.forEach((outcome, i) => {
    const source = SOURCES[i]?.[0] as LiveSnapshot['source'];
    if (outcome.status === 'rejected') errors.push(`${source}: ${describe(outcome.reason)}`);
    else if (!snapshot) {
      const typhoons = outcome.value.flatMap((storm) => {
        const { storm: kept, dropped } = withoutFutureTimes(storm, now, FUTURE_TOLERANCE_MS);
        if (dropped.length)
          faults.push({
            source,
            product: storm.code,
            kind: 'future-time',
            detail: `times later than the fetch (${stamp}): ${dropped.join(', ')}`,
            action: kept ? 'those left out' : 'the storm left out of this refresh; its stored record is kept',
          });
        if (!kept) futureOnly.add(storm.code);
        return kept ? [kept] : [];
      });
      const parsed = liveSnapshotSchema.safeParse({ fetchedAt: stamp, source, typhoons });
      if (parsed.success) snapshot = parsed.data;
      else errors.push(`${source}: ${parsed.error.issues[0]?.message}`);
    }
  });
  const fetched = snapshot as LiveSnapshot | null;
  let good: LiveSnapshot | null = null;
  let keptStored: string[] = [];
  if (fetched) {
    const [read, beforePrevious] = await Promise.all([readSnapshotDocument(store), readPreviousSnapshot(store)]);
    const previous = read.state === 'ok' ? read.value : null;
    // A snapshot lost to damage is rebuilt, not refused: the storms its copies still hold stand for it (and the loss
    // is recorded); one missing although a refresh wrote it is rebuilt from the fresh list and the one before.
    const salvaged = read.state === 'unreadable' || read.state === 'invalid' ? await salvagedStorms(store) : [];
    if (read.state === 'unreadable' || read.state === 'invalid' || (read.state === 'missing' && base.lastSuccessAt !== null))
      faults.push({
        source: 'store',
        product: 'snapshot',
        kind: 'store-loss',
        detail:
          read.state === 'missing'
            ? 'both copies are missing although a refresh wrote them'
            : `both copies were ${read.state} (${read.error}); ${salvaged.length} storm(s) could be read from them`,
        action: "rebuilt from this refresh's list over the storms that could be read and the snapshot before it",
      });
    // The storms as last stored: the snapshot's (or what it still holds), and those of the one before it that the
    // snapshot lacks (a storm left out of one refresh's list still has its track to compare with).
    const storedStorms =
      previous || beforePrevious || salvaged.length ? newestRecords(previous?.typhoons ?? salvaged, beforePrevious?.typhoons ?? []) : null;
    const standing = (storedStorms ?? []).filter((t) => futureOnly.has(t.code));
    const assembled = assembleStorms([...fetched.typhoons, ...standing], storedStorms);
    keptStored = assembled.keptStored;
    for (const code of keptStored)
      faults.push({
        source: fetched.source,
        product: code,
        kind: 'older-bulletin',
        detail: "its latest position is older than the stored record's",
        action: 'the stored record is kept',
      });
    good = { ...fetched, typhoons: assembled.typhoons };
    for (const storm of good.typhoons) forecasts.tracks[storm.code] = truthFromTyphoon(storm, now);
    if (previous) await writePreviousSnapshot(store, previous);
    await writeSnapshot(store, good);
  }
  await recordFaults(store, faults, now).catch((error: unknown) =>
    console.warn(`live data-quality document not written: ${describe(error)}`),
  );
  await writeStatus(store, {
    lastAttemptAt: stamp,
    lastSuccessAt: good ? stamp : base.lastSuccessAt,
    lastError: good ? null : errors.join(' | '),
    consecutiveFailures: good ? 0 : base.consecutiveFailures + 1,
    runningSince: null,
  });
  return {
    ok: good !== null,
    source: good?.source ?? null,
    typhoons: good?.typhoons.length ?? 0,
    errors,
    previousRunStopped,
    keptStored,
    rejectedText: found.length,
    forecasts,
    milliseconds: performance.now() - started,
  };
}
