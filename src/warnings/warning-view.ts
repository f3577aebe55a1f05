/**
 * What the warning endpoints answer, read from the store (docs/api/warnings.md, "Endpoints", "Faults"): per agency the
 * warnings in force now (a warning past its own expiry is not), the storm each is for, and how current the answer
 * is, by the rules of every live source (src/model/freshness.ts). "None in force" is said only when the agency's own
 * answer said so at a read that is not stale; an agency that cannot be read, or whose answer is stale, is unknown or
 * stale with the reason, never "none". Stored data that cannot be read is unavailable, never an empty list.
 */
import { freshness, PUBLISHING_BOUNDS_MS, type Freshness } from '../model/freshness.ts';
import { instantOf } from '../model/offset-time.ts';
import type { AgencyWarnings, WarningChangeEntry, WarningInForce } from '../model/warning-answer-schemas.ts';
import { inForceAt, stormFor, type ActiveStorm } from '../model/warning-rules.ts';
import { WARNING_AGENCIES, type LocalText, type WarningAgency } from '../model/warning-schemas.ts';
import { warningAreas } from '../sources/warning-areas.ts';
import type { KeyValueStore } from '../store/store.ts';
import {
  everWritten,
  historyKey,
  NO_RECORD,
  readHistoryDocument,
  readWarningsDocument,
  readWarningStatusDocument,
  type AgencyStatus,
  type StoredWarnings,
} from './warning-store.ts';

/** The agencies' names in their own languages. */
export const AGENCY_NAMES: Record<WarningAgency, LocalText> = {
  hko: { en: 'Hong Kong Observatory', zh: '香港天文台', ja: null },
  jma: { en: 'Japan Meteorological Agency', zh: null, ja: '気象庁' },
  pagasa: { en: 'Philippine Atmospheric, Geophysical and Astronomical Services Administration (PAGASA)', zh: null, ja: null },
};

/** Each failed part of an agency's last refresh, as a clause naming it. */
function failedParts(agency: WarningAgency, status: AgencyStatus | null): string | null {
  if (!status) return null;
  const parts = Object.entries(status.parts)
    .filter(([, p]) => p.lastError !== null)
    .map(([name, p]) => `${name} could not be read at the last refresh (${p.lastAttemptAt}): ${p.lastError}`);
  if (status.lastError !== null)
    return [
      `the last refresh of ${agency.toUpperCase()} failed (${status.lastAttemptAt}${status.consecutiveFailures > 1 ? `, ${status.consecutiveFailures} in a row` : ''}): ${status.lastError}`,
      ...parts.filter((p) => !status.lastError?.includes(p)),
    ].join('; ');
  return parts.length ? parts.join('; ') : null;
}

export type WarningsRead = { state: 'ok'; agencies: AgencyWarnings[] } | { state: 'unavailable'; reason: string };

/**
 * Every agency's warnings in force at `now`, with the storm each is for (`storms`: the active north-western Pacific
 * storms) and its freshness. `off`: the flag that turned polling off on this server.
 */
export async function readWarnings(
  store: KeyValueStore,
  now: Date,
  storms: readonly ActiveStorm[],
  off: string | null = null,
): Promise<WarningsRead> {
  const [read, statusRead] = await Promise.all([readWarningsDocument(store), readWarningStatusDocument(store)]);
  const status = statusRead.state === 'ok' ? statusRead.value : null;
  if (read.state !== 'ok' && (read.state !== 'missing' || (status !== null && everWritten(status)))) {
    if (read.state !== 'missing') console.warn(`warnings ${read.state}: ${read.error}`);
    return {
      state: 'unavailable',
      reason: read.state === 'missing' ? 'the stored warnings are missing' : 'the stored warnings cannot be read',
    };
  }
  const stored: StoredWarnings | null = read.state === 'ok' ? read.value : null;
  // Warnings stored without a readable status: the status was lost, the data cannot be vouched for.
  const lost = stored !== null && statusRead.state !== 'ok' ? 'the stored refresh status of the warnings cannot be read' : null;
  const areas = warningAreas();
  const agencies = WARNING_AGENCIES.map((agency): AgencyWarnings => {
    const record = stored?.agencies[agency] ?? NO_RECORD;
    const agencyStatus = status?.[agency] ?? null;
    const snapshot = record.snapshot;
    const inForce = snapshot ? inForceAt(snapshot, now) : null;
    const expired = (snapshot?.documents ?? [])
      .filter((d) => d.validUntil !== null && instantOf(d.validUntil) <= now.getTime())
      .map((d) => `${d.id ?? d.type} issued at ${d.issuedAt} was valid until ${d.validUntil} and no newer one was read`);
    // JMA's storm areas come from its typhoon documents, issued every 3 hours while a typhoon is active.
    const stormAreas = inForce?.warnings.filter((w) => w.kind === 'storm-area') ?? [];
    const newestTyphoonDoc = stormAreas.reduce<string | null>(
      (t, w) => (t === null || (w.issuedAt && w.issuedAt > t) ? w.issuedAt : t),
      null,
    );
    const fresh: Freshness = freshness(agencyStatus && { ...agencyStatus, lastError: null }, record.fetchedAt, now, {
      lost,
      off,
      failed: failedParts(agency, agencyStatus),
      expired,
      published: stormAreas.length ? { at: newestTyphoonDoc, boundMs: PUBLISHING_BOUNDS_MS['jma-typhoon'] } : null,
    });
    const warnings: WarningInForce[] = (inForce?.warnings ?? []).map((w) => ({ ...w, linkedStorm: stormFor(w, storms, areas) }));
    // "None" only from the agency's own answer read within its freshness: a stale "none" is unknown.
    const state = inForce === null ? 'unknown' : inForce.state === 'none-in-force' && fresh.stale ? 'unknown' : inForce.state;
    const stateReason =
      state !== 'unknown'
        ? null
        : inForce === null
          ? snapshot === null && fresh.upstream === 'never-fetched'
            ? 'no answer has been read yet'
            : `no answer of the agency can be read${fresh.staleReason ? `: ${fresh.staleReason}` : ''}`
          : inForce.state === 'none-in-force'
            ? `the last answer said none was in force, but it is stale: ${fresh.staleReason}`
            : (record.stateReason ?? 'the answer could not be read whole');
    return {
      agency,
      agencyName: AGENCY_NAMES[agency],
      state,
      stateReason,
      total: warnings.length,
      warnings,
      documents: snapshot?.documents ?? [],
      fetchedAt: record.fetchedAt,
      publishedAt: snapshot?.sourceTime ?? null,
      ...fresh,
    };
  });
  return { state: 'ok', agencies };
}

/** The answer of an agency that cannot be read at all (its stored document is damaged): unavailable, stale, never none. */
export function unavailableAgency(agency: WarningAgency, reason: string): AgencyWarnings {
  return {
    agency,
    agencyName: AGENCY_NAMES[agency],
    state: 'unknown',
    stateReason: `${reason}; the next refresh restores it`,
    total: 0,
    warnings: [],
    documents: [],
    fetchedAt: null,
    publishedAt: null,
    stale: true,
    staleReason: `${reason}; the next refresh restores it`,
    upstream: 'unavailable',
  };
}

/** Every agency, whatever the store holds: a damaged document gives each agency's unavailable answer. */
export const agenciesOf = (read: WarningsRead): AgencyWarnings[] =>
  read.state === 'ok' ? read.agencies : WARNING_AGENCIES.map((a) => unavailableAgency(a, read.reason));

export type HistoryRead = { state: 'ok'; entries: WarningChangeEntry[] } | { state: 'unavailable'; reason: string };

/** The changes recorded in these years, oldest first; a year's document that cannot be read makes the answer unavailable. */
export async function readWarningHistory(store: KeyValueStore, years: readonly number[]): Promise<HistoryRead> {
  const reads = await Promise.all(years.map(async (year) => ({ year, read: await readHistoryDocument(store, year) })));
  const damaged = reads.find((r) => r.read.state === 'unreadable' || r.read.state === 'invalid');
  if (damaged) return { state: 'unavailable', reason: `the stored history ${historyKey(damaged.year)} cannot be read` };
  const entries = reads.flatMap((r) => (r.read.state === 'ok' ? r.read.value : []));
  return {
    state: 'ok',
    entries: entries.sort(
      (a, b) => instantOf(a.at ?? a.recordedAt) - instantOf(b.at ?? b.recordedAt) || a.recordedAt.localeCompare(b.recordedAt),
    ),
  };
}
