/**
 * The live snapshot and the refresh status, and how an answer is derived from them.
 * A snapshot is only ever replaced by a complete, validated fetch; a failed refresh only updates the status.
 * So the last good data survives any upstream fault, and "no active storm" (a good snapshot with no storms)
 * stays distinguishable from "source unavailable" (the last refresh failed, or none has succeeded yet).
 */
import { z } from 'zod';
import { typhoonSchema, type Typhoon } from '../model/typhoon-schemas.ts';
import { unlinkedIds } from '../model/storm-ids.ts';
import { headlineSources, type TrackSummary } from '../model/track-summary.ts';
import { latestTime } from '../model/track-point.ts';
import { readableData, readDocument, readDocumentValue, writeDocument, type DocumentKind } from '../store/documents.ts';
import { freshness, PUBLISHING_BOUNDS_MS, silentSince, type UpstreamState } from '../model/freshness.ts';
import type { KeyValueStore } from '../store/store.ts';

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

/** A stored storm's `live` with `publishedAt`: the time of its latest point, as a refresh writes it. */
function publishedLive(t: Record<string, unknown>): unknown {
  const { live, points } = t as { live?: unknown; points?: unknown };
  if (typeof live !== 'object' || live === null || !Array.isArray(points)) return live;
  return { publishedAt: latestTime(points.filter((p): p is { time: string } => typeof p?.time === 'string')), ...live };
}

/**
 * Version 2 gave every storm `windPeriod` and `landRecorded`, version 3 `ids` and the headline figures' sources
 * in `provenance`, version 4 each landfall's `positionEn`, version 5 `live.publishedAt` (the time of the latest
 * point, as a refresh writes it). An older snapshot reads with them filled in as a refresh would write them: both
 * live services give 2-minute winds; zj-live lists landfalls, NMC does not; a live storm is linked to no other
 * agency; every figure comes from the service that gave the track. A landfall's English is not made up here (that
 * needs the place table): it reads as null until the next refresh. What a snapshot already has is kept.
 */
function migrateSnapshot(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !Array.isArray((data as { typhoons?: unknown }).typhoons)) return data;
  const { source, typhoons } = data as { source?: unknown; typhoons: unknown[] };
  const storm = (t: Record<string, unknown>) => {
    const provenance = (t.provenance ?? {}) as Record<string, unknown>;
    const summary = { peakGrade: t.peakGrade ?? null, maxSpeed: t.maxSpeed ?? null, minPressure: t.minPressure ?? null } as TrackSummary;
    return {
      windPeriod: '2min',
      landRecorded: source === 'zj-live',
      ids: typeof t.code === 'string' ? unlinkedIds(t.code) : undefined,
      ...t,
      land: Array.isArray(t.land) ? t.land.map((l) => (typeof l === 'object' && l !== null ? { positionEn: null, ...l } : l)) : t.land,
      provenance: { ...headlineSources(summary, provenance.track, provenance.track), ...provenance },
      live: publishedLive(t),
    };
  };
  return { ...data, typhoons: typhoons.map((t) => (typeof t === 'object' && t !== null ? storm(t as Record<string, unknown>) : t)) };
}

const SNAPSHOT: DocumentKind<LiveSnapshot> = { name: 'snapshot', schema: liveSnapshotSchema, version: 5, migrate: migrateSnapshot };
const STATUS: DocumentKind<RefreshStatus> = { name: 'refresh status', schema: refreshStatusSchema, version: 1 };

export const readSnapshot = (store: KeyValueStore) => readDocumentValue(store, KEYS.snapshot, SNAPSHOT);
export const readSnapshotDocument = (store: KeyValueStore) => readDocument(store, KEYS.snapshot, SNAPSHOT);

/**
 * The storms a damaged snapshot's copies still hold (each one that reads on its own), for the refresh that rebuilds it:
 * a storm the fresh list leaves out or gives older data of is kept from them, as from an intact snapshot.
 */
export async function salvagedStorms(store: KeyValueStore): Promise<Typhoon[]> {
  const storms = new Map<string, Typhoon>();
  for (const copy of await readableData(store, KEYS.snapshot, SNAPSHOT)) {
    const list = typeof copy === 'object' && copy !== null ? (copy as { typhoons?: unknown }).typhoons : undefined;
    for (const storm of Array.isArray(list) ? list : []) {
      const parsed = typhoonSchema.safeParse(storm);
      if (parsed.success && !storms.has(parsed.data.code)) storms.set(parsed.data.code, parsed.data);
    }
  }
  return [...storms.values()];
}
export const readPreviousSnapshot = (store: KeyValueStore) => readDocumentValue(store, KEYS.previous, SNAPSHOT);
export const writeSnapshot = (store: KeyValueStore, snapshot: LiveSnapshot) => writeDocument(store, KEYS.snapshot, SNAPSHOT, snapshot);
export const writePreviousSnapshot = (store: KeyValueStore, snapshot: LiveSnapshot) =>
  writeDocument(store, KEYS.previous, SNAPSHOT, snapshot);
export const readStatus = (store: KeyValueStore) => readDocumentValue(store, KEYS.status, STATUS);
export const writeStatus = (store: KeyValueStore, status: RefreshStatus) => writeDocument(store, KEYS.status, STATUS, status);

export interface LiveView {
  typhoons: Typhoon[];
  total: number;
  fetchedAt: string | null;
  /** The newest of the storms' `live.publishedAt`: the upstream's own time of the data; null without storms. */
  publishedAt: string | null;
  source: LiveSnapshot['source'] | null;
  stale: boolean;
  /** Why the answer is stale, in words; null when it is not. */
  staleReason: string | null;
  upstream: UpstreamState;
  lastError: string | null;
  /** The flag that turned polling off on this server (`--offline`, `--demo`); null when it polls. Not answered as such. */
  off: string | null;
  /** The stored snapshot cannot be read although a refresh wrote it (not answered as such: `staleReason` says it). */
  lost: boolean;
}

/**
 * What the API says about live storms at `now`. `lost` is set when the stored snapshot (both copies) cannot be
 * read although a refresh once succeeded: the answer then holds no storm and says so, never "no active storm".
 * `off` names the flag that turned polling off on this server (config.liveOff).
 *
 * A storm is as old as its source's time of its latest position (`live.publishedAt`): past the source's publishing
 * bound it is stale with that reason, whatever the fetch did, and the list is stale when its newest storm is.
 */
export function liveView(
  snapshot: LiveSnapshot | null,
  status: RefreshStatus | null,
  now: Date,
  lost: string | null = null,
  off: string | null = null,
): LiveView {
  const stored = snapshot?.typhoons ?? [];
  const publishedAt = stored.length ? latestTime(stored.flatMap((t) => (t.live ? [{ time: t.live.publishedAt }] : []))) || null : null;
  const boundMs = PUBLISHING_BOUNDS_MS[snapshot?.source ?? 'zj-live'];
  const state = freshness(status, snapshot?.fetchedAt ?? null, now, { lost, off, published: { at: publishedAt, boundMs } });
  const typhoons = stored.map((t) => {
    if (!t.live) return t;
    const silent = silentSince(t.live.publishedAt, boundMs, now);
    const staleReason = state.staleReason ?? silent;
    return { ...t, live: { ...t.live, stale: staleReason !== null, staleReason } };
  });
  return {
    typhoons,
    total: typhoons.length,
    fetchedAt: snapshot?.fetchedAt ?? null,
    publishedAt,
    source: snapshot?.source ?? null,
    ...state,
    lastError: status?.lastError ?? null,
    off,
    lost: lost !== null,
  };
}

export async function readLiveView(store: KeyValueStore, now = new Date(), off: string | null = null): Promise<LiveView> {
  const [read, status] = await Promise.all([readDocument(store, KEYS.snapshot, SNAPSHOT), readStatus(store)]);
  const snapshot = read.state === 'ok' ? read.value : null;
  const everSucceeded = status?.lastSuccessAt != null;
  const lost = read.state === 'ok' ? null : read.state !== 'missing' ? read.state : everSucceeded ? 'missing' : null;
  return liveView(snapshot, status, now, lost && `the stored data is ${lost}`, off);
}
