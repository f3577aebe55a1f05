/**
 * What the disturbance endpoints answer, read from the store (docs/api/disturbances.md): the active list with its
 * freshness (the same rules as every live source, src/model/freshness.ts: stale means the last refresh failed, was
 * stopped, or is overdue), one record, and the history by year. Damage is told as such: records that cannot be read
 * are `unavailable`, never an empty list.
 */
import { compassFromDegrees } from '../model/compass.ts';
import type { Disturbance, FormationOutlook, InvestLink } from '../model/disturbance-schemas.ts';
import type { AdvisorySummary, DisturbanceBrief, DisturbanceNear } from '../model/disturbance-answer-schemas.ts';
import { greatCircleKm, initialBearing, type Position } from '../model/geo.ts';
import { freshness, PUBLISHING_BOUNDS_MS, silentSince, type Freshness } from '../model/freshness.ts';
import { toUtcIso } from '../model/time.ts';
import { disturbanceAt } from './disturbance-records.ts';
import { everWritten } from './disturbance-salvage.ts';
import { latestTime } from '../model/track-point.ts';
import type { KeyValueStore } from '../store/store.ts';
import { alertPart, readDisturbanceDocument, readDisturbanceStatusDocument, type DisturbanceStatus } from './disturbance-store.ts';

/** How long after a bulletin last named it an ended record is still answered by `/disturbances/{id}`. */
export const RECENTLY_ENDED_DAYS = 7;

export type DisturbanceContext = Freshness & { fetchedAt: string | null; publishedAt: string | null };

/** The newest of some times; null without any. */
const newest = (times: readonly (string | null | undefined)[]) => latestTime(times.flatMap((time) => (time ? [{ time }] : []))) || null;

export type DisturbanceRecords =
  | { state: 'ok'; records: Disturbance[]; advisories: AdvisorySummary[]; outlooks: FormationOutlook[]; context: DisturbanceContext }
  | { state: 'unavailable'; reason: string };

/** Each failed part of the last refresh, as a clause: `ABPW10 could not be read at the last refresh (<time>): <error>`. */
function failedParts(status: DisturbanceStatus | null): Map<string, string> {
  const failed = new Map<string, string>();
  for (const [name, part] of Object.entries(status?.parts ?? {}))
    if (part.lastError !== null)
      failed.set(name, `${name} could not be read at the last refresh (${part.lastAttemptAt}): ${part.lastError}`);
  return failed;
}

/** The parts a record is read from: its advisory, its formation alert, and the feed where no advisory covers it. */
function partsOf(record: Disturbance): string[] {
  const productId = `${record.atcfId.slice(0, 4)}${record.atcfId.slice(-2)}`;
  return [record.validity?.product ?? 'feed', alertPart(productId)];
}

/**
 * Every record as it stands at `now` (src/global/disturbance-records.ts disturbanceAt: past its advisory's validity
 * a disturbance is no longer active), with the freshness of the source: stale per part of the last refresh that
 * failed (each named), per advisory or outlook past its validity, and per record whose own bulletins failed.
 */
export async function readDisturbanceRecords(store: KeyValueStore, now: Date, off: string | null = null): Promise<DisturbanceRecords> {
  const [read, statusRead] = await Promise.all([readDisturbanceDocument(store), readDisturbanceStatusDocument(store)]);
  const status = statusRead.state === 'ok' ? statusRead.value : null;
  if (read.state !== 'ok' && (read.state !== 'missing' || (status !== null && everWritten(status)))) {
    // Damaged, or gone although a refresh wrote it: told as unavailable, never as an empty list.
    if (read.state !== 'missing') console.warn(`disturbances ${read.state}: ${read.error}`);
    return {
      state: 'unavailable',
      reason: read.state === 'missing' ? 'the stored disturbances are missing' : 'the stored disturbances cannot be read',
    };
  }
  const stored = read.state === 'ok' ? read.value : { records: [], advisories: [], outlooks: [] };
  // Records stored without a readable status: it was lost, so the data cannot be vouched for.
  const lost =
    statusRead.state === 'ok' || (statusRead.state === 'missing' && stored.records.length === 0)
      ? null
      : 'the stored refresh status cannot be read';
  const run = status?.jtwc ?? null;
  const partSuccesses = Object.values(status?.parts ?? {}).map((p) => p.lastSuccessAt);
  // When anything was last read: data fetched before a failed part is never "never fetched".
  const fetchedAt = newest([run?.lastSuccessAt, ...partSuccesses]);
  const failed = failedParts(status);
  const stamp = toUtcIso(now);
  // JTWC issues both advisories every day of the year: one past its validity means nothing newer could be had. (NHC's
  // outlooks are issued in season only: each says its own age, the list does not go stale for them.)
  const expired = stored.advisories
    .filter((a) => a.validUntil <= stamp)
    .map((a) => `${a.product} issued at ${a.issuedAt} was valid until ${a.validUntil} and no newer one was read`);
  const state = freshness(run && { ...run, lastError: null }, fetchedAt, now, {
    lost,
    off,
    failed: failed.size ? [...failed.values()].join('; ') : null,
    expired,
  });
  const records = stored.records.map((r) => {
    const current = disturbanceAt(r, now);
    if (!current.isActive) return { ...current, stale: false, staleReason: null };
    // The list's own reasons (not another record's bulletin) and this record's failed bulletins.
    const own = partsOf(current).flatMap((name) => (failed.has(name) ? [failed.get(name) as string] : []));
    const listWide = state.stale && failed.size === 0 ? state.staleReason : null;
    const reasons = [listWide, ...own].filter((r) => r !== null);
    return { ...current, stale: reasons.length > 0, staleReason: reasons.length ? reasons.join('; ') : null };
  });
  const outlooks = stored.outlooks.map((o) => {
    const reasons = [
      failed.get(o.product) ?? null,
      silentSince(o.issuedAt, PUBLISHING_BOUNDS_MS['nhc-outlook'], now),
      off === null ? null : state.staleReason,
    ].filter((r) => r !== null);
    return { ...o, stale: reasons.length > 0, staleReason: reasons.length ? reasons.join('; ') : null };
  });
  const publishedAt = newest(stored.advisories.map((a) => a.issuedAt));
  return { state: 'ok', records, advisories: stored.advisories, outlooks, context: { fetchedAt, publishedAt, ...state } };
}

export type DisturbanceLookup =
  | { state: 'ok'; disturbance: Disturbance; context: DisturbanceContext }
  | { state: 'missing' }
  | { state: 'unavailable'; reason: string };

/** One record, active or last named by a bulletin within RECENTLY_ENDED_DAYS. */
export async function disturbanceById(store: KeyValueStore, id: string, now: Date, off: string | null = null): Promise<DisturbanceLookup> {
  const read = await readDisturbanceRecords(store, now, off);
  if (read.state !== 'ok') return read;
  const record = read.records.find((r) => r.id === id);
  // Recently: a bulletin named it within the period (an invest first seen already under a warning was never active).
  const recent = (r: Disturbance) => r.isActive || now.getTime() - Date.parse(r.lastSeenAt) <= RECENTLY_ENDED_DAYS * 86_400_000;
  if (!record || !recent(record)) return { state: 'missing' };
  // Its own bulletins' issue time: the advisory that last listed it and its formation alert (a b-deck has none).
  const publishedAt = newest([record.validity?.issuedAt, record.alert?.issuedAt ?? record.lastAlert?.issuedAt]);
  return { state: 'ok', disturbance: record, context: { ...read.context, publishedAt } };
}

/**
 * The invests numbered storms formed from (the other direction of `becameStorm` and `sameAs`): a global cyclone by its
 * ATCF id, from the records whose advisory said the invest is now the subject of its warning; a north-western Pacific
 * storm by its code, from the records linked to it by track (src/jobs/link-disturbances.ts). Null when none is, or
 * when the records cannot be read (the link is an extra: the storm's answer does not fail for it).
 */
export async function investLinks(
  store: KeyValueStore,
  now: Date,
): Promise<{ ofCyclone: (atcfId: string) => InvestLink | null; ofLiveStorm: (code: string) => InvestLink | null }> {
  const read = await readDisturbanceRecords(store, now);
  const records = read.state === 'ok' ? read.records : [];
  const link = (invest: Disturbance | undefined) => (invest ? { id: invest.id, designator: invest.designator } : null);
  return {
    ofCyclone: (atcfId) => link(records.find((r) => r.becameStorm?.atcfId === atcfId)),
    ofLiveStorm: (code) => link(records.find((r) => r.becameStorm?.code === code || r.sameAs?.code === code)),
  };
}

/** The ATCF id's year (the season's, for the southern hemisphere). */
export const disturbanceYear = (record: Disturbance) => Number(record.atcfId.slice(-4));

/** The active disturbances with a position, in brief, newest first. */
/**
 * The active disturbances as a part of another answer (bootstrap, near), in the shape of a collection with the
 * source's freshness; stored ones that cannot be read are told as unavailable, never as none.
 */
export function disturbanceCollection<T>(read: DisturbanceRecords, list: (records: readonly Disturbance[]) => T[]) {
  if (read.state !== 'ok')
    return {
      list: [] as T[],
      total: 0,
      fetchedAt: null,
      publishedAt: null,
      stale: true,
      staleReason: `${read.reason}; the next refresh restores it`,
      upstream: 'unavailable' as const,
    };
  const items = list(read.records);
  return { list: items, total: items.length, ...read.context };
}

export const disturbanceBriefs = (records: readonly Disturbance[]): DisturbanceBrief[] =>
  records.flatMap((r) =>
    r.isActive && r.position
      ? [
          {
            id: r.id,
            designator: r.designator,
            basin: r.basin,
            lat: r.position.lat,
            lng: r.position.lng,
            time: r.position.time,
            potential: r.potential,
            alertInForce: r.alert !== null,
          },
        ]
      : [],
  );

/** The active disturbances with a position, relative to a place, nearest first. */
export function disturbancesNear(place: Position, records: readonly Disturbance[]): DisturbanceNear[] {
  return disturbanceBriefs(records)
    .map((brief) => {
      const degrees = initialBearing(place, brief);
      return {
        ...brief,
        distanceKm: Math.round(greatCircleKm(place, brief) * 10) / 10,
        bearing: { degrees: Math.round(degrees), compass: compassFromDegrees(degrees) },
      };
    })
    .sort((a, b) => a.distanceKm - b.distanceKm);
}
