/**
 * How current a live source's data is, decided the same way for every live answer (the table in docs/live-data.md, "Freshness"):
 * the north-western Pacific snapshot and each global source (NHC, JTWC).
 *
 * - `never-fetched`: no refresh has succeeded yet; there is no data, so it is not stale.
 * - `ok`: the last refresh succeeded and is recent.
 * - `unavailable`, stale: the last refresh failed, the last run was stopped before it finished, the data is
 *   older than three missed refreshes, or the stored data cannot be read; `staleReason` says which.
 */
export const REFRESH_INTERVAL_MINUTES = 15;
/** Data older than three missed refreshes is stale even if no failure was recorded. */
const STALE_AFTER_MS = 3 * REFRESH_INTERVAL_MINUTES * 60_000;
/**
 * A run is given 25 s (src/jobs/scheduled-run.ts) and Netlify stops scheduled functions at 30 s: a run still
 * marked as running after a minute was stopped before it could record how it ended.
 */
export const RUN_STOPPED_AFTER_MS = 60_000;

export type UpstreamState = 'ok' | 'unavailable' | 'never-fetched';

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

/**
 * `dataTime`: when the data being served was fetched (null: there is none); `lost`: what of the stored data cannot
 * be read, as a clause ("the stored data is unreadable", "the stored record of nhc-al132025 cannot be read"): the
 * answer then holds only what can be read, and says so.
 */
export function freshness(record: RunRecord | null, dataTime: string | null, now: Date, lost: string | null = null): Freshness {
  const stopped = runWasStopped(record, now);
  const failing = (record !== null && record.lastError !== null) || stopped;
  const ageMinutes = dataTime === null ? 0 : Math.floor((now.getTime() - Date.parse(dataTime)) / 60_000);
  const old = dataTime !== null && ageMinutes * 60_000 > STALE_AFTER_MS;
  const stale = lost !== null || (dataTime !== null && (failing || old));
  const failures = record?.consecutiveFailures ? `, ${record.consecutiveFailures} in a row` : '';
  const staleReason = !stale
    ? null
    : lost
      ? `${lost}; the next refresh restores it`
      : stopped
        ? `the refresh that started at ${record?.runningSince} was stopped before it finished`
        : failing
          ? `the upstream failed at the last refresh (${record?.lastAttemptAt}${failures})`
          : `the data is ${ageMinutes} minutes old: refreshes are overdue`;
  return { stale, staleReason, upstream: dataTime === null && lost === null ? 'never-fetched' : stale ? 'unavailable' : 'ok' };
}
