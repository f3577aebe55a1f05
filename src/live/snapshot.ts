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
import { readDocument, readDocumentValue, writeDocument, type DocumentKind } from '../store/documents.ts';
import { freshness, type UpstreamState } from '../model/freshness.ts';
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
}

/**
 * What the API says about live storms right now. `lost` is set when the stored snapshot (both copies) cannot be
 * read although a refresh once succeeded: the answer then holds no storm and says so, never "no active storm".
 */
export function liveView(snapshot: LiveSnapshot | null, status: RefreshStatus | null, now: Date, lost: string | null = null): LiveView {
  const state = freshness(status, snapshot?.fetchedAt ?? null, now, lost);
  const typhoons = (snapshot?.typhoons ?? []).map((t) => ({ ...t, live: t.live && { ...t.live, stale: state.stale } }));
  return {
    typhoons,
    total: typhoons.length,
    fetchedAt: snapshot?.fetchedAt ?? null,
    publishedAt: typhoons.length ? latestTime(typhoons.flatMap((t) => (t.live ? [{ time: t.live.publishedAt }] : []))) || null : null,
    source: snapshot?.source ?? null,
    ...state,
    lastError: status?.lastError ?? null,
  };
}

export async function readLiveView(store: KeyValueStore, now = new Date()): Promise<LiveView> {
  const [read, status] = await Promise.all([readDocument(store, KEYS.snapshot, SNAPSHOT), readStatus(store)]);
  const snapshot = read.state === 'ok' ? read.value : null;
  const everSucceeded = status?.lastSuccessAt != null;
  const lost = read.state === 'ok' ? null : read.state !== 'missing' ? read.state : everSucceeded ? 'missing' : null;
  return liveView(snapshot, status, now, lost && `the stored data is ${lost}`);
}
