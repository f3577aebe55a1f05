/** What the global endpoints answer, read from the global store: stale marks per source, history filters. */
import { freshness } from '../live/freshness.ts';
import type { KeyValueStore } from '../live/store.ts';
import type { GlobalCyclone, GlobalSummary } from '../model/global-schemas.ts';
import { readCyclone, readGlobalStatus, readIndex, type GlobalStatus } from './global-store.ts';

/** One source's state, by the same rules as the typhoon list (src/live/freshness.ts). */
const sourceState = (status: GlobalStatus[keyof GlobalStatus]) => ({
  fetchedAt: status?.lastSuccessAt ?? null,
  ...freshness(status, status?.lastSuccessAt ?? null, new Date()),
});

/** A cyclone as answered: active ones of a source whose last refresh failed are `stale`. */
const withStale = (c: GlobalCyclone, status: GlobalStatus): GlobalCyclone => ({ ...c, stale: c.isActive && sourceState(status[c.source]).stale });

export async function activeGlobalCyclones(store: KeyValueStore) {
  const [index, status] = await Promise.all([readIndex(store), readGlobalStatus(store)]);
  const active = await Promise.all(index.filter((s) => s.isActive).map((s) => readCyclone(store, s.id)));
  const typhoons = active.filter((c): c is GlobalCyclone => c !== null).map((c) => withStale(c, status));
  return { typhoons, total: typhoons.length, sources: { nhc: sourceState(status.nhc), jtwc: sourceState(status.jtwc) } };
}

export async function globalCyclone(store: KeyValueStore, id: string): Promise<GlobalCyclone | null> {
  const [cyclone, status] = await Promise.all([readCyclone(store, id), readGlobalStatus(store)]);
  return cyclone && withStale(cyclone, status);
}

/** Summaries, newest first, filtered by year (of the start) and keyword (Chinese or English name, ATCF id, id, sea area). */
export async function globalHistory(store: KeyValueStore, filter: { year: number | null; q: string | null }): Promise<GlobalSummary[]> {
  const keyword = filter.q?.toUpperCase() ?? null;
  return (await readIndex(store)).filter(
    (s) =>
      (filter.year === null || s.startTime.startsWith(String(filter.year))) &&
      (keyword === null || [s.name, s.enname, s.atcfId, s.id, s.seaArea, s.seaAreaEn].some((field) => field?.toUpperCase().includes(keyword))),
  );
}
