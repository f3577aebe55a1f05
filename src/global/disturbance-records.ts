/**
 * The disturbance records (docs/api/disturbances.md): what one refresh's bulletins say, merged into the records kept so
 * far. Pure: the bulletins that could be fetched and read in, the records out; a bulletin that could not be read is
 * simply absent, and then every record it would have changed stays as it was (the last good data).
 *
 * - Only invests (numbers 90–99) become records: REMNANTS 13W or SD 01C are numbered cyclones, listed elsewhere.
 * - A record is active while the latest advisory fetched for its area lists it as a suspect area and that advisory
 *   is within its validity; where no advisory covers the basin (JTWC writes none for NHC's basins), while the JTWC
 *   feed lists its formation alert and the alert has not expired. Past that it is `expired` (disturbanceAt), at
 *   every refresh and at every read, so that a refresh that stopped never keeps a disturbance active.
 * - An advisory that no longer names an active record ends it (`unlisted`); one that says it is under a warning,
 *   dissipated, dropped or cancelled ends it with that outcome. Ended records are kept for ever (the history).
 * - A formation alert is in force while the feed lists it or the advisory cites it, until its expiry; once it is
 *   not, it moves to `lastAlert` (all of it: box, centre, issue and expiry) with when it ended: its expiry, or the
 *   time this service saw it cancelled or no longer listed. An alert read already expired goes to `lastAlert` at once.
 * - The record's wind and pressure are the advisory's where an advisory lists it, the alert's own are kept on the
 *   alert: when the two bulletins of the same hour disagree, both are served, each with its product.
 */
import type { Basin } from '../model/global-schemas.ts';
import type { Disturbance } from '../model/disturbance-schemas.ts';
import type { AdvisoryDisturbance, FormationAlert, InvestTrack, JtwcAdvisory, SystemRef } from '../model/disturbance-product-schemas.ts';
import { toUtcIso } from '../model/time.ts';
import { atcfIdYear } from '../upstream/invest-track.ts';

/** The basins whose numbered cyclones NHC warns on (their global ids are `nhc-…`). */
const NHC_BASINS: readonly Basin[] = ['AL', 'EP', 'CP'];

export const atcfIdOf = (system: SystemRef, at: Date): string | null =>
  system.basin ? `${system.basin.toLowerCase()}${String(system.number).padStart(2, '0')}${atcfIdYear(system.basin, at)}` : null;

export const disturbanceId = (atcfId: string) => `jtwc-${atcfId}`;

/** What one refresh could fetch and read. */
export interface DisturbanceBulletins {
  /** The advisories read this run (ABPW10, ABIO10); one that failed is left out. */
  advisories: JtwcAdvisory[];
  /** Formation alerts read this run, by ATCF id. */
  alerts: ReadonlyMap<string, FormationAlert>;
  /** ATCF ids of the invests whose formation alert the JTWC feed lists; null when the feed could not be read. */
  feedAlerts: ReadonlySet<string> | null;
  /** Invest tracks read this run, by ATCF id. */
  tracks: ReadonlyMap<string, { source: 'ucar' | 'nhc'; track: InvestTrack }>;
}

const OUTCOME_OF: Record<NonNullable<AdvisoryDisturbance['status']>, Disturbance['outcome']> = {
  suspect: 'watched',
  warning: 'warning',
  dissipated: 'dissipated',
  dropped: 'dropped',
  cancelled: 'cancelled',
};

function blank(atcfId: string, system: SystemRef, basin: Basin, stamp: string): Disturbance {
  return {
    id: disturbanceId(atcfId),
    atcfId,
    designator: system.id,
    basin,
    agency: 'JTWC',
    isActive: false,
    outcome: 'watched',
    position: null,
    previousPosition: null,
    wind: null,
    pressureHpa: null,
    potential: null,
    alert: null,
    lastAlert: null,
    track: null,
    becameStorm: null,
    sameAs: null,
    validity: null,
    firstSeenAt: stamp,
    lastSeenAt: stamp,
    endedAt: null,
    stale: false,
    staleReason: null,
  };
}

const windOf = (wind: AdvisoryDisturbance['wind']): Disturbance['wind'] => wind && { kt: wind.kt, ms: wind.ms, windPeriod: wind.period };

const potentialOf = (p: AdvisoryDisturbance['potential']): Disturbance['potential'] =>
  p && { words: p.level, chancePercent: null, horizonHours: p.withinHours, change: p.change };

const alertOf = (a: FormationAlert): NonNullable<Disturbance['alert']> => ({
  heading: a.heading,
  reissued: a.reissued,
  issuedAt: a.issuedAt,
  expiresAt: a.expiresAt,
  box: a.box,
  line: a.line,
  halfWidthKm: a.halfWidthKm,
  halfWidthNm: a.halfWidthNm,
  centre: a.centre,
  textSays: a.textSays,
  formationWithinHours: a.formationWithinHours,
  wind: a.wind ? windOf(a.wind) : null,
  pressureHpa: a.pressureMb,
});

/** The alert no longer in force, ended at `endedAt`. */
const lastAlertOf = (alert: NonNullable<Disturbance['alert']>, endedAt: string): NonNullable<Disturbance['lastAlert']> => ({
  ...alert,
  endedAt,
});

/**
 * A record as it stands at `now`: an alert past its expiry is its last alert (ended at the expiry); an active record
 * whose advisory is past its validity (or, with no advisory, whose alert has expired) is no longer active, `expired`
 * at that time. Applied by every refresh and by every read (src/global/disturbance-view.ts).
 */
export function disturbanceAt(record: Disturbance, now: Date): Disturbance {
  const stamp = toUtcIso(now);
  let next = record;
  const expiry = next.alert?.expiresAt;
  if (next.alert && expiry && expiry <= stamp) next = { ...next, alert: null, lastAlert: lastAlertOf(next.alert, expiry) };
  if (!next.isActive) return next;
  const until = next.validity ? next.validity.validUntil : next.alert ? null : (next.lastAlert?.expiresAt ?? null);
  return until !== null && until <= stamp ? { ...next, isActive: false, outcome: 'expired', endedAt: until } : next;
}

const ended = (record: Disturbance, outcome: Disturbance['outcome'], stamp: string): Disturbance =>
  record.isActive ? { ...record, isActive: false, outcome, endedAt: stamp } : { ...record, outcome };

/** The advisory's word on one invest paragraph, applied. A paragraph whose status cannot be read changes nothing. */
function applyParagraph(record: Disturbance, item: AdvisoryDisturbance, advisory: JtwcAdvisory, at: Date, stamp: string): Disturbance {
  const status = item.status ?? (item.position ? 'suspect' : null);
  if (status === null) return record;
  const validity = {
    product: advisory.product,
    issuedAt: advisory.issuedAt,
    validFrom: advisory.validFrom,
    validUntil: advisory.validUntil,
  };
  if (status !== 'suspect') {
    const storm = item.becameStorm?.system;
    const stormAtcf = storm ? atcfIdOf(storm, at) : null;
    const becameStorm: Disturbance['becameStorm'] =
      status === 'warning' && storm
        ? {
            designator: storm.id,
            atcfId: stormAtcf,
            globalId:
              stormAtcf && storm.basin && storm.basin !== 'WP' ? `${NHC_BASINS.includes(storm.basin) ? 'nhc' : 'jtwc'}-${stormAtcf}` : null,
            // A China number linked before JTWC's warning is kept (src/jobs/link-disturbances.ts).
            code: record.becameStorm?.code ?? null,
            name: item.becameStorm?.name ?? null,
            classification: item.becameStorm?.classification ?? null,
          }
        : record.becameStorm;
    return {
      ...ended(record, OUTCOME_OF[status], stamp),
      previousPosition: item.previousPosition ?? record.previousPosition,
      becameStorm,
      validity,
      lastSeenAt: stamp,
    };
  }
  return {
    ...record,
    isActive: true,
    outcome: 'watched',
    endedAt: null,
    position: item.position ? { ...item.position, time: null, source: 'advisory' } : record.position,
    previousPosition: item.previousPosition,
    wind: windOf(item.wind),
    pressureHpa: item.pressureMb,
    potential: potentialOf(item.potential),
    validity,
    lastSeenAt: stamp,
  };
}

/** The invest paragraphs of an advisory (sections B and C of every area), with their ATCF ids. */
function investParagraphs(advisory: JtwcAdvisory): { atcfId: string; system: SystemRef; basin: Basin; item: AdvisoryDisturbance }[] {
  const at = new Date(advisory.validFrom);
  return advisory.areas.flatMap((area) =>
    [...area.disturbances.items, ...area.subtropical.items].flatMap((item) => {
      const system = item.system;
      const atcfId = system?.invest ? atcfIdOf(system, at) : null;
      return system?.basin && atcfId ? [{ atcfId, system, basin: system.basin, item }] : [];
    }),
  );
}

/** The system a formation alert is about, from the alert or its ATCF id. */
function alertSystem(alert: FormationAlert): { system: SystemRef; basin: Basin } | null {
  const system = alert.system;
  if (system?.basin) return { system, basin: system.basin };
  return null;
}

/**
 * The position to show: the newest of the advisory's (no time: it counts as of the advisory's validity start), the
 * alert's centre and the b-deck's last point.
 */
function latestPosition(record: Disturbance): Disturbance['position'] {
  const candidates: { position: NonNullable<Disturbance['position']>; at: string }[] = [];
  if (record.position?.source === 'advisory' && record.validity)
    candidates.push({ position: record.position, at: record.validity.validFrom });
  else if (record.position?.time) candidates.push({ position: record.position, at: record.position.time });
  const centre = record.alert?.centre;
  if (centre?.time)
    candidates.push({ position: { lat: centre.lat, lng: centre.lng, time: centre.time, source: 'formation-alert' }, at: centre.time });
  const last = record.track?.points.at(-1);
  if (last) candidates.push({ position: { lat: last.lat, lng: last.lng, time: last.time, source: 'best-track' }, at: last.time });
  if (candidates.length === 0) return record.position;
  // Ties go to the bulletin read first above: the advisory, then the alert.
  return candidates.reduce((best, c) => (c.at > best.at ? c : best)).position;
}

export function updateDisturbances(previous: readonly Disturbance[], bulletins: DisturbanceBulletins, now: Date): Disturbance[] {
  const stamp = toUtcIso(now);
  const records = new Map(previous.map((r) => [r.atcfId, r]));
  /** Advisory-listed this run, with whether the advisory cites a formation alert. */
  const citesAlert = new Map<string, boolean>();

  for (const advisory of bulletins.advisories) {
    const at = new Date(advisory.validFrom);
    const listed = new Set<string>();
    for (const { atcfId: fromDate, system, basin, item } of investParagraphs(advisory)) {
      // An invest watched across the new year (or the southern season's start in July) keeps the id it was opened
      // with, as JTWC's ATCF id does: the active record of the same designator is it.
      const atcfId = [...records.values()].find((r) => r.isActive && r.designator === system.id && r.basin === basin)?.atcfId ?? fromDate;
      listed.add(atcfId);
      const record = records.get(atcfId) ?? blank(atcfId, system, basin, stamp);
      records.set(atcfId, applyParagraph(record, item, advisory, at, stamp));
      citesAlert.set(atcfId, item.formationAlert !== null);
    }
    // Active records of this advisory's areas that it no longer names: ended, kept.
    for (const record of records.values()) {
      if (record.isActive && record.validity?.product === advisory.product && !listed.has(record.atcfId))
        records.set(record.atcfId, ended(record, 'unlisted', stamp));
    }
  }

  // Formation alerts: records for the invests no advisory covers, and the alert in force on every record.
  for (const [atcfId, alert] of bulletins.alerts) {
    if (records.has(atcfId)) continue;
    const known = alertSystem(alert);
    if (known) records.set(atcfId, blank(atcfId, known.system, known.basin, stamp));
  }
  const feed = bulletins.feedAlerts;
  for (const record of [...records.values()]) {
    let next = record;
    const alert = bulletins.alerts.get(record.atcfId);
    const advisoryCovered = record.validity !== null;
    if (!advisoryCovered && feed) {
      // No advisory covers it: active while the feed lists its alert.
      if (feed.has(record.atcfId) && alert) {
        next = {
          ...next,
          isActive: true,
          outcome: 'watched',
          endedAt: null,
          wind: alert.wind ? windOf(alert.wind) : next.wind,
          pressureHpa: alert.pressureMb ?? next.pressureHpa,
          potential: alert.potential ? potentialOf(alert.potential) : next.potential,
          lastSeenAt: stamp,
        };
      } else if (next.isActive && !feed.has(record.atcfId)) next = ended(next, 'unlisted', stamp);
    }
    // In force: listed by the feed or cited by the advisory this run, not expired, and the system still watched.
    const cited = citesAlert.get(record.atcfId) ?? false;
    const listedAlert = (feed?.has(record.atcfId) ?? false) || cited;
    const expired = (a: { expiresAt: string | null }) => a.expiresAt !== null && a.expiresAt <= stamp;
    if (alert && listedAlert && next.isActive && !expired(alert)) next = { ...next, alert: alertOf(alert) };
    else if (next.alert) {
      // Without this run's word on it the alert stays as it was (last good data) until its expiry: for an invest an
      // advisory covers, only that advisory's word (not read this run: it failed, or was older than the one kept);
      // for one no advisory covers, the feed's.
      const unknown = !citesAlert.has(record.atcfId) && (feed === null || advisoryCovered);
      const keep = next.isActive && !expired(next.alert) && (unknown || (listedAlert && !alert));
      if (!keep) {
        const end = next.alert.expiresAt && expired(next.alert) ? next.alert.expiresAt : stamp;
        next = { ...next, alert: null, lastAlert: lastAlertOf(next.alert, end) };
      }
    }
    // An alert read already expired is not in force, but it was issued: it is kept as the last alert, unless a
    // later one is known.
    const latestKnown = [next.alert?.issuedAt, next.lastAlert?.issuedAt].reduce<string>((a, b) => (b && b > a ? b : a), '');
    if (alert?.expiresAt && expired(alert) && (alert.issuedAt ?? '') > latestKnown)
      next = { ...next, lastAlert: lastAlertOf(alertOf(alert), alert.expiresAt) };
    const track = bulletins.tracks.get(record.atcfId);
    if (track) next = { ...next, track: { source: track.source, points: track.track.points } };
    const position = latestPosition(next);
    if (position !== next.position) next = { ...next, position };
    next = disturbanceAt(next, now);
    if (next !== record) records.set(record.atcfId, next);
  }
  return [...records.values()].sort((a, b) => b.firstSeenAt.localeCompare(a.firstSeenAt) || a.id.localeCompare(b.id));
}
