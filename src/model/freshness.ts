/**
 * How current a live source's data is, decided the same way for every live answer (the table in docs/maintainers/live-data.md, "Freshness"):
 * the north-western Pacific snapshot and each of its storms, each global source (NHC, JTWC) and each of its cyclones,
 * the disturbances.
 *
 * A fact's age is part of the fact: data is as old as the source's own time (`publishedAt`), not our fetch. So two
 * things make data stale, each with its reason:
 * - our side: the last refresh failed, the last run was stopped before it finished, refreshes are overdue, the stored
 *   data cannot be read, or this server polls no upstream at all (`--offline`, `--demo`);
 * - the source's side: its newest time is older than the longest it goes without publishing (PUBLISHING_BOUNDS_MS),
 *   however well the fetch went: a government site that keeps serving a frozen snapshot is told as such.
 *
 * - `never-fetched`: no refresh has been tried yet (or the first is running); there is no data, so it is not stale.
 *   Once one has failed with nothing fetched, `unavailable` (offline: the upstream could not be reached).
 * - `off`: this server polls no upstream; stale, whatever it holds.
 * - `unavailable`, stale: our side failed (above).
 * - `ok`: the last refresh succeeded and is recent; stale only when the source itself has published nothing new
 *   within its bound.
 */
export const REFRESH_INTERVAL_MINUTES = 15;
/** Data older than three missed refreshes is stale even if no failure was recorded. */
const STALE_AFTER_MS = 3 * REFRESH_INTERVAL_MINUTES * 60_000;
/**
 * A run is given 25 s (src/jobs/scheduled-run.ts) and Netlify stops scheduled functions at 30 s: a run still
 * marked as running after a minute was stopped before it could record how it ended.
 */
export const RUN_STOPPED_AFTER_MS = 60_000;

const HOUR_MS = 3_600_000;

/** A source time this much later than our fetch of it is bad source data (left out and reported), not a clock's drift. */
export const FUTURE_TOLERANCE_MS = 10 * 60_000;

/**
 * How long each source may go without publishing anything newer (its longest interval between products, plus an
 * hour for its release delay), measured from the source's own time of its newest data. Past it, what the source
 * still serves is told as "last reported at …", never as now (docs/api/freshness.md, "Publishing bounds"):
 * - the Zhejiang service and NMC position an active storm every 1 to 6 hours (6-hourly for a weak depression far
 *   out, hourly near the coast), each position released some minutes after its time;
 * - NHC issues an advisory every 6 hours (intermediate ones every 3 while watches or warnings are up);
 *   `lastUpdate` is the advisory's time;
 * - JTWC warns every 6 or 12 hours; our time is the warning's issue time;
 * - NHC's Tropical Weather Outlooks are issued every 6 hours;
 * - JMA's typhoon analysis and forecast (VPTW6x, the storm areas) is issued every 3 hours while a typhoon is active
 *   (hourly near Japan).
 * JTWC's advisories (ABPW10, ABIO10) and formation alerts carry their own validity and expiry, which bound them.
 */
export const PUBLISHING_BOUNDS_MS = {
  'zj-live': 7 * HOUR_MS,
  nmc: 7 * HOUR_MS,
  nhc: 7 * HOUR_MS,
  jtwc: 13 * HOUR_MS,
  'nhc-outlook': 7 * HOUR_MS,
  'jma-typhoon': 4 * HOUR_MS,
} as const;
export type PublishingSource = keyof typeof PUBLISHING_BOUNDS_MS;

/** The states of `upstream` (an open list: docs/api/versioning.md). */
export const UPSTREAM_STATES = ['ok', 'unavailable', 'never-fetched', 'off'] as const;
export type UpstreamState = (typeof UPSTREAM_STATES)[number];

/** What a source's status document records about its runs. */
export interface RunRecord {
  lastAttemptAt: string;
  lastSuccessAt: string | null;
  lastError: string | null;
  runningSince: string | null;
  consecutiveFailures?: number;
}

export interface Freshness {
  stale: boolean;
  /** Why the data is stale, in words; null when it is not. */
  staleReason: string | null;
  upstream: UpstreamState;
}

/** The run marked in the record started long enough ago that it must have been stopped. */
export const runWasStopped = (record: RunRecord | null, now: Date) =>
  record?.runningSince != null && now.getTime() - Date.parse(record.runningSince) > RUN_STOPPED_AFTER_MS;

/** The reason a source's data is past its publishing bound at `now`, or null while it is within it (or has no time). */
export function silentSince(publishedAt: string | null | undefined, boundMs: number, now: Date): string | null {
  if (!publishedAt) return null;
  return now.getTime() - Date.parse(publishedAt) > boundMs ? `the upstream has published nothing new since ${publishedAt}` : null;
}

/** The clause that says why this server polls no upstream (config.liveOff: the flag it was started with). */
export const offClause = (flag: string) => `this server polls no upstream (it was started with ${flag})`;

export interface FreshnessOptions {
  /**
   * What of the stored data cannot be read, as a clause ("the stored data is unreadable", "the stored record of
   * nhc-al132025 cannot be read"): the answer then holds only what can be read, and says so.
   */
  lost?: string | null;
  /** The source's own time of its newest data and the source's publishing bound (PUBLISHING_BOUNDS_MS). */
  published?: { at: string | null; boundMs: number } | null;
  /** The flag that turned polling off on this server (`--offline`, `--demo`); null when it polls. */
  off?: string | null;
  /** What of the last refresh failed, as a clause naming it (a part of a refresh): said instead of the record's failure. */
  failed?: string | null;
  /** Other reasons the source's data is past its own validity (a bulletin past the period it is valid for). */
  expired?: readonly string[];
}

/** `dataTime`: when the data being served was fetched (null: there is none). */
export function freshness(record: RunRecord | null, dataTime: string | null, now: Date, options: FreshnessOptions = {}): Freshness {
  const { lost = null, published = null, off = null, failed = null, expired = [] } = options;
  const stopped = runWasStopped(record, now);
  const failing = (record !== null && record.lastError !== null) || stopped || failed !== null;
  const ageMinutes = dataTime === null ? 0 : Math.floor((now.getTime() - Date.parse(dataTime)) / 60_000);
  const old = dataTime !== null && ageMinutes * 60_000 > STALE_AFTER_MS;
  const ours =
    lost !== null
      ? `${lost}; the next refresh restores it`
      : dataTime === null
        ? // Nothing fetched yet: an attempt that failed is told as such (offline, the upstream could not be reached).
          failing
          ? `no refresh has succeeded yet: ${failed ?? `the upstream could not be reached at the last refresh (${record?.lastAttemptAt})`}`
          : null
        : stopped
          ? `the refresh that started at ${record?.runningSince} was stopped before it finished`
          : failing
            ? (failed ??
              `the upstream failed at the last refresh (${record?.lastAttemptAt}${record?.consecutiveFailures ? `, ${record.consecutiveFailures} in a row` : ''})`)
            : old
              ? `the data is ${ageMinutes} minutes old: refreshes are overdue`
              : null;
  const theirs = published ? silentSince(published.at, published.boundMs, now) : null;
  const reasons = [off === null ? null : offClause(off), ours, theirs, ...expired].filter((r) => r !== null);
  const upstream: UpstreamState = off !== null ? 'off' : ours !== null ? 'unavailable' : dataTime === null ? 'never-fetched' : 'ok';
  return { stale: reasons.length > 0, staleReason: reasons.length ? reasons.join('; ') : null, upstream };
}
