/**
 * The live snapshot and the refresh status, and how an answer is derived from them.
 * A snapshot is only ever replaced by a complete, validated fetch; a failed refresh only updates the status.
 * So the last good data survives any upstream fault, and "no active storm" (a good snapshot with no storms)
 * stays distinguishable from "source unavailable" (the last refresh failed, or none has succeeded yet).
 */
import { z } from 'zod';
import { typhoonSchema, type Typhoon } from '../model/schemas.ts';
import { readDocument, readDocumentValue, writeDocument, type DocumentKind } from './documents.ts';
import type { KeyValueStore } from './store.ts';

export const REFRESH_INTERVAL_MINUTES = 15;
/** A snapshot older than three missed refreshes is stale even if no failure was recorded. */
const STALE_AFTER_MS = 3 * REFRESH_INTERVAL_MINUTES * 60_000;
/**
 * A run is given 25 s (src/live/scheduled-refresh.ts) and Netlify stops scheduled functions at 30 s: a run
 * still marked as running after a minute was stopped before it could record how it ended.
 */
export const RUN_STOPPED_AFTER_MS = 60_000;

export const liveSnapshotSchema = z.object({
  fetchedAt: z.string(),
  source: z.enum(['zj-live', 'nmc']),
  typhoons: z.array(typhoonSchema),
});

export const refreshStatusSchema = z.object({
  lastAttemptAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  /** Set when a run starts, cleared when it ends: an old value means the run was stopped on the way. */
  runningSince: z.string().nullable().default(null),
});

export type LiveSnapshot = z.infer<typeof liveSnapshotSchema>;
export type RefreshStatus = z.infer<typeof refreshStatusSchema>;

export const KEYS = { snapshot: 'snapshot', previous: 'previous-snapshot', status: 'status' } as const;

const SNAPSHOT: DocumentKind<LiveSnapshot> = { name: 'snapshot', schema: liveSnapshotSchema, version: 1 };
const STATUS: DocumentKind<RefreshStatus> = { name: 'refresh status', schema: refreshStatusSchema, version: 1 };

export const readSnapshot = (store: KeyValueStore) => readDocumentValue(store, KEYS.snapshot, SNAPSHOT);
export const readPreviousSnapshot = (store: KeyValueStore) => readDocumentValue(store, KEYS.previous, SNAPSHOT);
export const writeSnapshot = (store: KeyValueStore, snapshot: LiveSnapshot) => writeDocument(store, KEYS.snapshot, SNAPSHOT, snapshot);
export const writePreviousSnapshot = (store: KeyValueStore, snapshot: LiveSnapshot) => writeDocument(store, KEYS.previous, SNAPSHOT, snapshot);
export const readStatus = (store: KeyValueStore) => readDocumentValue(store, KEYS.status, STATUS);
export const writeStatus = (store: KeyValueStore, status: RefreshStatus) => writeDocument(store, KEYS.status, STATUS, status);

/** The run marked in `status` started long enough ago that it must have been stopped. */
export const runWasStopped = (status: RefreshStatus | null, now: Date) =>
  status?.runningSince != null && now.getTime() - Date.parse(status.runningSince) > RUN_STOPPED_AFTER_MS;

export type UpstreamState = 'ok' | 'unavailable' | 'never-fetched';

export interface LiveView {
  typhoons: Typhoon[];
  total: number;
  fetchedAt: string | null;
  source: LiveSnapshot['source'] | null;
  stale: boolean;
  /** Why the answer is stale, in words; null when it is not. */
  staleReason: string | null;
  upstream: UpstreamState;
  lastError: string | null;
}

/** What the API says about live storms right now. */
/**
 * What the API says about live storms right now. `lost` is set when the stored snapshot (both copies) cannot be
 * read although a refresh once succeeded: the answer then holds no storm and says so, never "no active storm".
 */
export function liveView(snapshot: LiveSnapshot | null, status: RefreshStatus | null, now: Date, lost: string | null = null): LiveView {
  const stopped = runWasStopped(status, now);
  const failing = (status !== null && status.lastError !== null) || stopped;
  const ageMinutes = snapshot === null ? 0 : Math.floor((now.getTime() - Date.parse(snapshot.fetchedAt)) / 60_000);
  const old = snapshot !== null && ageMinutes * 60_000 > STALE_AFTER_MS;
  // Stale means "this data may be out of date": there is none before the first good refresh.
  const stale = lost !== null || (snapshot !== null && (failing || old));
  const staleReason = !stale
    ? null
    : lost
      ? `the stored snapshot is ${lost}; the next refresh restores it`
      : stopped
      ? `the refresh that started at ${status?.runningSince} was stopped before it finished`
      : failing
        ? `every upstream failed at the last refresh (${status?.lastAttemptAt}, ${status?.consecutiveFailures} in a row)`
        : `the snapshot is ${ageMinutes} minutes old: refreshes are overdue`;
  const typhoons = (snapshot?.typhoons ?? []).map((t) => ({ ...t, live: t.live && { ...t.live, stale } }));
  return {
    typhoons,
    total: typhoons.length,
    fetchedAt: snapshot?.fetchedAt ?? null,
    source: snapshot?.source ?? null,
    stale,
    staleReason,
    upstream: snapshot === null && lost === null ? 'never-fetched' : stale ? 'unavailable' : 'ok',
    lastError: status?.lastError ?? null,
  };
}

export async function readLiveView(store: KeyValueStore, now = new Date()): Promise<LiveView> {
  const [read, status] = await Promise.all([readDocument(store, KEYS.snapshot, SNAPSHOT), readStatus(store)]);
  const snapshot = read.state === 'ok' ? read.value : null;
  const everSucceeded = status?.lastSuccessAt != null;
  const lost = read.state === 'ok' ? null : read.state !== 'missing' ? `${read.state}` : everSucceeded ? 'missing' : null;
  return liveView(snapshot, status, now, lost);
}
