/**
 * What the global endpoints answer, read from the global store: stale marks per source, history filters.
 *
 * Damage is told as such, never as a fact: a source with an active cyclone whose stored record cannot be read is
 * `unavailable` and stale, its reason naming the record (the list holds the cyclones that can be read); a refresh
 * status that cannot be read, or that records no success for a source whose cyclones are stored, makes the source
 * `unavailable`, never `never-fetched`; the detail of a cyclone whose record cannot be read is `unreadable`, not
 * missing. The next refresh restores them (src/global/refresh-global.ts).
 */
import type { DocumentRead } from '../store/documents.ts';
import { freshness, PUBLISHING_BOUNDS_MS } from '../model/freshness.ts';
import { newestPublished } from '../model/track-point.ts';
import type { KeyValueStore } from '../store/store.ts';
import type { GLOBAL_SOURCES, GlobalCyclone, GlobalSummary } from '../model/global-schemas.ts';
import { readArchiveIndex, readCycloneDocument, readGlobalStatusDocument, readIndex, type GlobalStatus } from './global-store.ts';

type Source = (typeof GLOBAL_SOURCES)[number];

/** The refresh status as read, and what of it cannot be read (a clause for staleReason; null when nothing). */
function statusOf(read: DocumentRead<GlobalStatus>, archived: boolean): { status: GlobalStatus; lost: string | null } {
  if (read.state === 'ok') return { status: read.value, lost: null };
  const none = { nhc: null, jtwc: null };
  // Missing with cyclones stored: gone, since every refresh writes it before anything else.
  if (read.state === 'missing') return { status: none, lost: archived ? 'the stored refresh status is missing' : null };
  console.warn(`global status ${read.state}: ${read.error}`);
  return { status: none, lost: 'the stored refresh status cannot be read' };
}

/**
 * One source's state, by the same rules as the typhoon list (src/model/freshness.ts): `publishedAt`, the newest time
 * the source gave its active cyclones, is measured against the source's publishing bound.
 */
const sourceState = (
  status: GlobalStatus[Source],
  source: Source,
  lost: string | null,
  publishedAt: string | null,
  now: Date,
  off: string | null,
) => ({
  fetchedAt: status?.lastSuccessAt ?? null,
  ...freshness(status, status?.lastSuccessAt ?? null, now, {
    lost,
    off,
    published: { at: publishedAt, boundMs: PUBLISHING_BOUNDS_MS[source] },
  }),
});

/**
 * What a source's answer cannot vouch for, as one clause (null: nothing): a status that cannot be read; a status
 * that records no success although cyclones of the source are stored (it was lost, or the first run is still
 * writing; never "never fetched"); records of the source that cannot be read.
 */
function lostOf(
  source: Source,
  status: GlobalStatus,
  statusLost: string | null,
  stored: boolean,
  unreadable: readonly string[],
): string | null {
  const unrecorded = statusLost === null && stored && status[source]?.lastSuccessAt == null;
  const records = unreadable.filter((id) => id.startsWith(`${source}-`));
  const clauses = [
    statusLost,
    unrecorded ? `no successful refresh of ${source} is recorded although its cyclones are stored` : null,
    records.length ? `the stored record${records.length > 1 ? 's' : ''} of ${records.join(', ')} cannot be read` : null,
  ];
  return clauses.filter((c) => c !== null).join('; ') || null;
}

/**
 * A cyclone as answered: an active one is stale when its source's refresh failed (or its status is lost), or when
 * the agency has published nothing new on it within its bound (it is then told as last reported at publishedAt).
 */
function withStale(c: GlobalCyclone, status: GlobalStatus, statusLost: string | null, now: Date, off: string | null): GlobalCyclone {
  if (!c.isActive) return { ...c, stale: false, staleReason: null };
  const { staleReason } = sourceState(status[c.source], c.source, lostOf(c.source, status, statusLost, true, []), c.publishedAt, now, off);
  return { ...c, stale: staleReason !== null, staleReason };
}

/** The active cyclones and each source's state at `now` (a refresh is overdue by then or not). */
export async function activeGlobalCyclones(store: KeyValueStore, now: Date, off: string | null = null) {
  const [{ summaries, unknown }, statusRead] = await Promise.all([readArchiveIndex(store), readGlobalStatusDocument(store)]);
  const { status, lost } = statusOf(statusRead, summaries.length + unknown.length > 0);
  const reads = await Promise.all(
    summaries.filter((s) => s.isActive).map(async (s) => ({ id: s.id, read: await readCycloneDocument(store, s.id) })),
  );
  // Active cyclones that cannot be listed, and records of which nothing is known (they may be active).
  const unreadable = [...reads.filter((r) => r.read.state !== 'ok').map((r) => r.id), ...unknown];
  const stored = (source: Source) => [...summaries.map((s) => s.id), ...unknown].some((id) => id.startsWith(`${source}-`));
  // A cyclone is stale by its source's refresh and its own time, not by another cyclone's damaged record.
  const typhoons = reads.flatMap(({ read }) => (read.state === 'ok' ? [withStale(read.value, status, lost, now, off)] : []));
  const sourceOf = (source: Source) => {
    const publishedAt = newestPublished(typhoons.filter((c) => c.source === source));
    const lostHere = lostOf(source, status, lost, stored(source), unreadable);
    const { fetchedAt, ...state } = sourceState(status[source], source, lostHere, publishedAt, now, off);
    return { fetchedAt, publishedAt, ...state };
  };
  return { typhoons, total: typhoons.length, sources: { nhc: sourceOf('nhc'), jtwc: sourceOf('jtwc') } };
}

export type GlobalCycloneAnswer =
  | { state: 'ok'; typhoon: GlobalCyclone }
  | { state: 'missing' }
  /** Its record cannot be read (both copies damaged, or gone while the index lists it): the next refresh restores it. */
  | { state: 'unreadable' };

export async function globalCyclone(store: KeyValueStore, id: string, now: Date, off: string | null = null): Promise<GlobalCycloneAnswer> {
  const [read, statusRead] = await Promise.all([readCycloneDocument(store, id), readGlobalStatusDocument(store)]);
  if (read.state === 'ok') {
    const { status, lost } = statusOf(statusRead, true);
    return { state: 'ok', typhoon: withStale(read.value, status, lost, now, off) };
  }
  if (read.state !== 'missing') {
    console.warn(`global cyclone ${id} ${read.state}: ${read.error}`);
    return { state: 'unreadable' };
  }
  return (await readIndex(store)).some((s) => s.id === id) ? { state: 'unreadable' } : { state: 'missing' };
}

/** Summaries, newest first, filtered by year (of the start) and keyword (Chinese or English name, ATCF id, id, sea area). */
export async function globalHistory(store: KeyValueStore, filter: { year: number | null; q: string | null }): Promise<GlobalSummary[]> {
  const keyword = filter.q?.toUpperCase() ?? null;
  return (await readIndex(store)).filter(
    (s) =>
      (filter.year === null || s.startTime.startsWith(String(filter.year))) &&
      (keyword === null ||
        [s.name, s.enname, s.atcfId, s.id, s.seaArea, s.seaAreaEn].some((field) => field?.toUpperCase().includes(keyword))),
  );
}
