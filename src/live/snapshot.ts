/**
 * The live snapshot and the refresh status, and how an answer is derived from them.
 * A snapshot is only ever replaced by a complete, validated fetch; a failed refresh only updates the status.
 * So the last good data survives any upstream fault, and "no active storm" (a good snapshot with no storms)
 * stays distinguishable from "source unavailable" (the last refresh failed, or none has succeeded yet).
 */
import { z } from 'zod';
import { typhoonSchema, type Typhoon } from '../model/schemas.ts';
import type { KeyValueStore } from './store.ts';

export const REFRESH_INTERVAL_MINUTES = 15;
/** A snapshot older than three missed refreshes is stale even if no failure was recorded. */
const STALE_AFTER_MS = 3 * REFRESH_INTERVAL_MINUTES * 60_000;

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
});

export type LiveSnapshot = z.infer<typeof liveSnapshotSchema>;
export type RefreshStatus = z.infer<typeof refreshStatusSchema>;

export const KEYS = { snapshot: 'snapshot', previous: 'previous-snapshot', status: 'status' } as const;

async function readJson<T>(store: KeyValueStore, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const text = await store.get(key);
  if (text === null) return null;
  const parsed = schema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

export const readSnapshot = (store: KeyValueStore) => readJson(store, KEYS.snapshot, liveSnapshotSchema);
export const readStatus = (store: KeyValueStore) => readJson(store, KEYS.status, refreshStatusSchema);

export type UpstreamState = 'ok' | 'unavailable' | 'never-fetched';

export interface LiveView {
  typhoons: Typhoon[];
  total: number;
  fetchedAt: string | null;
  source: LiveSnapshot['source'] | null;
  stale: boolean;
  upstream: UpstreamState;
  lastError: string | null;
}

/** What the API says about live storms right now. */
export function liveView(snapshot: LiveSnapshot | null, status: RefreshStatus | null, now: Date): LiveView {
  const failing = status !== null && status.lastError !== null;
  const old = snapshot !== null && now.getTime() - Date.parse(snapshot.fetchedAt) > STALE_AFTER_MS;
  const stale = snapshot === null ? failing : failing || old;
  const typhoons = (snapshot?.typhoons ?? []).map((t) => ({ ...t, live: t.live && { ...t.live, stale } }));
  return {
    typhoons,
    total: typhoons.length,
    fetchedAt: snapshot?.fetchedAt ?? null,
    source: snapshot?.source ?? null,
    stale,
    upstream: status === null && snapshot === null ? 'never-fetched' : failing ? 'unavailable' : 'ok',
    lastError: status?.lastError ?? null,
  };
}

export async function readLiveView(store: KeyValueStore, now = new Date()): Promise<LiveView> {
  const [snapshot, status] = await Promise.all([readSnapshot(store), readStatus(store)]);
  return liveView(snapshot, status, now);
}
