/**
 * Events: what happened to the north-western Pacific storms, found by comparing the current live snapshot with
 * what was announced so far (the `announced` document, src/flash/announced.ts), and the global cyclones that
 * formed. Every event has a key that names it once and for all, so deriving the events again (a failed refresh,
 * a repeated or stopped run) never repeats an item. The rules, per storm code:
 *
 * - **numbered / formed**, once, when a storm is first seen and its numbering (or first point) is new: later than
 *   the poll before this one, less the hour a source may take to release a position (FIRST_SEEN_DELAY_MS; at the
 *   first poll ever, within the source's publishing bound). A China number (6 digits) gives `numbered`, at its
 *   first point of tropical-storm grade or stronger (China numbers a storm when it reaches TS), else at its
 *   latest point. An unnumbered system (the Zhejiang service's 8-digit id) gives `formed`, at its first point,
 *   worded with its own grade (热带低压, not 台风). A storm first seen later than that (a service that was down, a
 *   first start during a storm) gives `tracked`: this service began tracking it, with the source's first time;
 *   never "forms". The key is `numbered:<code>` for all three, so a storm gets one of them, once.
 * - **Renumbering**: a new China-numbered storm whose track shares its early points with an unnumbered system
 *   already seen (same instants, centres within 0.3°: src/live/storm-identity.ts) is that system under its new
 *   number. It gets its `numbered` item (its real numbering moment) and takes over what was announced for the
 *   system (48-hour line, landfalls); the system itself gets nothing more: no dissipation, no second item.
 *   An unnumbered system first seen beside (or after) its own numbered record is that storm too: no item.
 * - **upgraded / downgraded**: every change of grade along the track after the last announced grade, one item per
 *   change, at the point where it happened (key `<type>:<code>:<from>><to>:<time>`). Changes to or from the
 *   extratropical stage (ET) and points without a grade are not events. A storm first seen takes its latest
 *   grade as the starting point: nothing before it is announced.
 * - **warning-48h**, once, at the first point inside China's 48-hour warning line newer than the points
 *   already seen; a storm first seen inside the line has no entry to announce.
 * - **landfall**, once per landfall record of the source (key `landfall:<code>:<time>`).
 * - **dissipated**, once (key `dissipated:<code>`), at the time and place of the storm's last point, when:
 *   its source says it has ended (the Zhejiang `isactive` "0" or NMC status "stop" for a storm still listed:
 *   `isActive === false`), or it has been missing from END_AFTER_ABSENT_REFRESHES snapshots in a row AND its last
 *   point is at least END_AFTER_HOURS_QUIET hours older than the snapshot. One missing refresh (an upstream
 *   that left it out of a list, a failover to a source that does not have it yet) is therefore never an end:
 *   three refreshes are 45 minutes of consistent absence, and six hours since the last position is longer than
 *   the longest interval between two positions of an active storm (CMA positions every 3 or 6 hours, hourly
 *   near the coast), so a storm that is still being positioned cannot reach it. A storm that comes back after
 *   its end is followed again, but its end is not announced twice.
 * - Data older than what was already seen (a storm's last point earlier than the last point seen) makes no
 *   event and does not move the announced state backwards.
 */
import { GRADE_RANK, type GradeCode } from '../model/grades.ts';
import type { TrackPoint, Typhoon } from '../model/typhoon-schemas.ts';
import type { Disturbance, FormationOutlook } from '../model/disturbance-schemas.ts';
import type { GlobalCyclone } from '../model/global-schemas.ts';
import { BASINS } from '../model/global-schemas.ts';
import { sameStorm } from '../live/storm-identity.ts';
import type { Announced, AnnouncedStorm } from './announced.ts';
import { isChinaNumber } from './storm-words.ts';
import { PUBLISHING_BOUNDS_MS } from '../model/freshness.ts';

import type { EventType } from '../model/flash-schemas.ts';

/** How long after its time a source may release a position: a numbering this much older than the last poll is still new. */
export const FIRST_SEEN_DELAY_MS = 3_600_000;
/** At the first poll ever, a storm whose numbering is at most this old is new (the Chinese services' publishing bound). */
const NEW_AT_FIRST_POLL_MS = PUBLISHING_BOUNDS_MS['zj-live'];

/** A storm missing from this many snapshots in a row (and quiet for END_AFTER_HOURS_QUIET) has ended. */
export const END_AFTER_ABSENT_REFRESHES = 3;
/** Hours between a missing storm's last point and the snapshot before it can be taken as ended. */
export const END_AFTER_HOURS_QUIET = 6;
/** Ended and renumbered storms are forgotten this long after their last point (their item keys stay used). */
const FORGET_AFTER_DAYS = 30;

/** What an item about a warning says (src/flash/warning-events.ts), beside the event's common fields. */
export interface WarningEventData {
  agency: 'hko' | 'jma' | 'pagasa';
  change: 'raised' | 'changed' | 'lowered' | 'cancelled';
  from: WarningLevelWords | null;
  to: WarningLevelWords | null;
  /** The areas, in the agency's names, in the agency's order (none for HKO: all of Hong Kong). */
  areas: string[];
}

/** A warning's code and the agency's words for it. */
export interface WarningLevelWords {
  code: string;
  level: number | null;
  name: { en: string | null; zh: string | null; ja: string | null };
  words: { en: string | null; zh: string | null; ja: string | null };
}

export interface FlashEvent {
  key: string;
  type: EventType;
  code: string;
  time: string;
  storm: { name: string | null; enname: string | null };
  point: TrackPoint | null;
  from?: GradeCode | null;
  position?: string;
  /** The landfall place in English (the landfall's positionEn), for the English item. */
  positionEn?: string;
  basin?: string;
  /** `numbered` after renumbering: the unnumbered system's id (8 digits). */
  formerCode?: string;
  /** `disturbance-alert`: when the formation alert expires (reissued, upgraded or cancelled by then). */
  expiresAt?: string | null;
  /** `disturbance-chance60`: NHC's 7-day formation chance, percent, in this outlook and in the one before. */
  chance?: { percent: number; before: number };
  /** `tracked`, `global-tracked`: the source's own first time of the storm (its numbering, its first fix). */
  firstTime?: string;
  /** `global-formed`, `global-tracked`: the number of the agency's advisory (warning) first read, when known. */
  advisory?: number | null;
  /** `warning-*`: the agency's change. */
  warning?: WarningEventData;
}

/** The current snapshot, as far as events are concerned. */
export interface StormsNow {
  fetchedAt: string;
  typhoons: readonly Typhoon[];
}

const latest = (t: Typhoon) => t.points[t.points.length - 1] as TrackPoint;
const names = (t: Pick<Typhoon, 'name' | 'enname'>) => ({ name: t.name, enname: t.enname });
const ms = (time: string) => Date.parse(time);

/** China's 48-hour warning line: 0°N 105°E – 0°N 120°E – 15°N 132°E – 34°N 132°E. West of it is inside. */
export function insideWarningLine48h(lat: number, lng: number): boolean {
  if (lat < 0 || lat > 34 || lng < 105) return false;
  const boundary = lat <= 15 ? 120 + (12 * lat) / 15 : 132;
  return lng <= boundary;
}

const rankOf = (grade: GradeCode | null) => (grade ? GRADE_RANK[grade] : 0);
const isTropicalStormOrMore = (p: TrackPoint) => p.grade !== null && p.grade !== 'ET' && rankOf(p.grade) >= GRADE_RANK.TS;

/** The point at which a China-numbered storm was numbered: its first point of TS grade or more, else its latest. */
const numberingPoint = (storm: Typhoon) => storm.points.find(isTropicalStormOrMore) ?? latest(storm);

function firstSeen(storm: Typhoon, fetchedAt: string): AnnouncedStorm {
  const now = latest(storm);
  return {
    code: storm.code,
    name: storm.name,
    enname: storm.enname,
    grade: now.grade,
    gradeTime: now.time,
    lastPoint: now,
    warning48h: insideWarningLine48h(now.lat, now.lng),
    landfalls: [],
    lastSeenActiveAt: fetchedAt,
    absentRefreshes: 0,
    ended: false,
    renumberedAs: null,
    track: [],
  };
}

/**
 * Events of the current snapshot against what was announced, and the announced state after them. Pure: the
 * caller records the events, then stores the state (src/flash/record-events.ts). `announced` null: nothing was
 * announced yet, every storm is seen for the first time.
 */
export function typhoonEvents(announced: Announced | null, now: StormsNow): { events: FlashEvent[]; announced: Announced } {
  const storms: Record<string, AnnouncedStorm> = structuredClone(announced?.storms ?? {});
  const newSnapshot = announced?.snapshotFetchedAt !== now.fetchedAt;
  // A first time later than this is new since the last poll: it is announced as it happened.
  const newAfter = announced?.snapshotFetchedAt
    ? ms(announced.snapshotFetchedAt) - FIRST_SEEN_DELAY_MS
    : ms(now.fetchedAt) - NEW_AT_FIRST_POLL_MS;
  const firstSeenEvent = (storm: Typhoon, at: TrackPoint, type: 'numbered' | 'formed', extra: Partial<FlashEvent> = {}): FlashEvent =>
    ms(at.time) >= newAfter
      ? { key: `numbered:${storm.code}`, type, code: storm.code, time: at.time, storm: names(storm), point: at, ...extra }
      : // Seen late: the service began tracking it now; the source's first time is stated, no "forms".
        {
          key: `numbered:${storm.code}`,
          type: 'tracked',
          code: storm.code,
          time: now.fetchedAt,
          storm: names(storm),
          point: at,
          firstTime: at.time,
        };
  const events: FlashEvent[] = [];
  const present = new Set<string>();

  for (const storm of now.typhoons) {
    present.add(storm.code);
    const stormNames = names(storm);
    let entry = storms[storm.code];
    // An unnumbered system already recognised under its China number: that record carries the storm.
    if (entry?.renumberedAs) continue;
    const last = latest(storm);

    if (!entry) {
      entry = firstSeen(storm, now.fetchedAt);
      const predecessor = isChinaNumber(storm.code)
        ? Object.values(storms).find(
            (s) => !isChinaNumber(s.code) && s.renumberedAs === null && s.track.length > 0 && sameStorm(s.track, storm.points),
          )
        : undefined;
      if (isChinaNumber(storm.code)) {
        const at = numberingPoint(storm);
        // A depression already followed under its id is numbered now: that is its numbering, not a late sighting.
        events.push(
          predecessor
            ? {
                key: `numbered:${storm.code}`,
                type: 'numbered',
                code: storm.code,
                time: at.time,
                storm: stormNames,
                point: at,
                formerCode: predecessor.code,
              }
            : firstSeenEvent(storm, at, 'numbered'),
        );
        if (predecessor) {
          predecessor.renumberedAs = storm.code;
          // Go on from what was announced for the system; the change to the numbered grade is the numbering itself.
          const fromNumbering = ms(at.time) > ms(predecessor.gradeTime);
          entry = {
            ...entry,
            grade: fromNumbering ? at.grade : predecessor.grade,
            gradeTime: fromNumbering ? at.time : predecessor.gradeTime,
            lastPoint: predecessor.lastPoint,
            warning48h: predecessor.warning48h,
            landfalls: [...predecessor.landfalls],
          };
        }
      } else {
        // Listed beside (or after) its own China-numbered record: the numbered record carries the storm.
        const numbered = now.typhoons.find((t) => isChinaNumber(t.code) && sameStorm(t.points, storm.points));
        if (numbered) {
          storms[storm.code] = { ...entry, renumberedAs: numbered.code };
          continue;
        }
        events.push(firstSeenEvent(storm, storm.points[0] as TrackPoint, 'formed'));
      }
      storms[storm.code] = entry;
    }

    if (ms(last.time) >= ms(entry.lastPoint.time)) {
      // Grade changes along the points not yet compared.
      for (const p of storm.points) {
        if (ms(p.time) <= ms(entry.gradeTime) || p.grade === null) continue;
        const was = entry.grade;
        if (was !== null && was !== 'ET' && p.grade !== 'ET' && rankOf(p.grade) !== rankOf(was)) {
          const type = rankOf(p.grade) > rankOf(was) ? 'upgraded' : 'downgraded';
          events.push({
            key: `${type}:${storm.code}:${was}>${p.grade}:${p.time}`,
            type,
            code: storm.code,
            time: p.time,
            storm: stormNames,
            point: p,
            from: was,
          });
        }
        entry.grade = p.grade;
        entry.gradeTime = p.time;
      }
      if (ms(last.time) > ms(entry.gradeTime)) entry.gradeTime = last.time;
      if (!entry.warning48h) {
        const entered = storm.points.find((p) => ms(p.time) > ms(entry.lastPoint.time) && insideWarningLine48h(p.lat, p.lng));
        if (entered) {
          events.push({
            key: `warning-48h:${storm.code}`,
            type: 'warning-48h',
            code: storm.code,
            time: entered.time,
            storm: stormNames,
            point: entered,
          });
          entry.warning48h = true;
        }
      }
      entry.lastPoint = last;
      if (!isChinaNumber(storm.code)) entry.track = storm.points.map(({ time, lat, lng }) => ({ time, lat, lng }));
    }
    entry.name = storm.name ?? entry.name;
    entry.enname = storm.enname ?? entry.enname;

    for (const land of storm.land) {
      if (entry.landfalls.includes(land.time)) continue;
      events.push({
        key: `landfall:${storm.code}:${land.time}`,
        type: 'landfall',
        code: storm.code,
        time: land.time,
        storm: stormNames,
        point: storm.points.find((p) => p.time >= land.time) ?? last,
        // "" is a place the source left out or that failed its check: the item then says "on the coast".
        ...(land.position ? { position: land.position } : {}),
        // The English item never carries the Chinese: without the English place it says "the coast" too.
        ...(land.positionEn ? { positionEn: land.positionEn } : {}),
      });
      entry.landfalls.push(land.time);
    }

    if (storm.isActive) {
      entry.ended = false;
      entry.lastSeenActiveAt = now.fetchedAt;
      entry.absentRefreshes = 0;
    } else if (!entry.ended) {
      // The source says it has ended.
      events.push(dissipation(entry));
      entry.ended = true;
    }
  }

  for (const entry of Object.values(storms)) {
    if (present.has(entry.code) || entry.ended || entry.renumberedAs) continue;
    if (newSnapshot) entry.absentRefreshes += 1;
    const quietHours = (ms(now.fetchedAt) - ms(entry.lastPoint.time)) / 3600_000;
    if (entry.absentRefreshes >= END_AFTER_ABSENT_REFRESHES && quietHours >= END_AFTER_HOURS_QUIET) {
      events.push(dissipation(entry));
      entry.ended = true;
    }
  }

  // Ended and renumbered storms are forgotten a month after their last point; their keys stay used in the flash items.
  for (const [code, entry] of Object.entries(storms)) {
    const old = ms(now.fetchedAt) - ms(entry.lastPoint.time) > FORGET_AFTER_DAYS * 86_400_000;
    if (old && (entry.ended || entry.renumberedAs) && !present.has(code)) delete storms[code];
  }
  return { events, announced: { snapshotFetchedAt: now.fetchedAt, storms } };
}

const dissipation = (entry: AnnouncedStorm): FlashEvent => ({
  key: `dissipated:${entry.code}`,
  type: 'dissipated',
  code: entry.code,
  time: entry.lastPoint.time,
  storm: { name: entry.name, enname: entry.enname },
  point: entry.lastPoint,
});

/**
 * A global cyclone first seen: `global-formed` only when the agency's advisory (NHC) or warning (JTWC) first read is
 * its first (number 1); otherwise `global-tracked`, this service began tracking it at that advisory, with the time
 * its track begins. One key for both, once per cyclone.
 */
export function globalEvents(active: readonly GlobalCyclone[]): FlashEvent[] {
  return active.map((c) => {
    const base = { key: `global-formed:${c.id}`, code: c.id, storm: { name: c.name, enname: c.enname }, point: null, basin: c.seaArea };
    return c.advisoryNumber === 1
      ? { ...base, type: 'global-formed' as const, time: c.startTime, advisory: 1 }
      : {
          ...base,
          type: 'global-tracked' as const,
          time: c.firstSeenAt ?? c.lastSeenAt ?? c.startTime,
          firstTime: c.startTime,
          advisory: c.advisoryNumber,
        };
  });
}

/**
 * Disturbance events, each only as the bulletins state it (docs/api/disturbances.md): a formation alert issued (a first
 * alert, not a reissue: key `disturbance-alert:<id>:<issued>`, so a new alert after one ended is announced too); an
 * alert the advisory says was cancelled (`disturbance-alert-cancelled:<id>`); the potential upgraded to HIGH
 * (`disturbance-high:<id>:<advisory issued>`, only when the advisory says IS UPGRADED TO HIGH). An alert that merely
 * expired, or a disturbance that is no longer listed, is not announced: the source did not say so.
 */
export function disturbanceEvents(records: readonly Disturbance[]): FlashEvent[] {
  return records.flatMap((d) => {
    const storm = { name: null, enname: d.designator };
    const basin = BASINS[d.basin].zh;
    const events: FlashEvent[] = [];
    if (d.alert && !d.alert.reissued && d.alert.issuedAt)
      events.push({
        key: `disturbance-alert:${d.id}:${d.alert.issuedAt}`,
        type: 'disturbance-alert',
        code: d.id,
        time: d.alert.issuedAt,
        storm,
        point: null,
        basin,
        expiresAt: d.alert.expiresAt,
      });
    if (d.outcome === 'cancelled' && d.lastAlert && d.validity)
      events.push({
        key: `disturbance-alert-cancelled:${d.id}`,
        type: 'disturbance-alert-cancelled',
        code: d.id,
        time: d.validity.issuedAt,
        storm,
        point: null,
        basin,
      });
    if (d.isActive && d.potential?.words === 'HIGH' && d.potential.change === 'upgraded' && d.validity)
      events.push({
        key: `disturbance-high:${d.id}:${d.validity.issuedAt}`,
        type: 'disturbance-high',
        code: d.id,
        time: d.validity.issuedAt,
        storm,
        point: null,
        basin,
      });
    return events;
  });
}

/** A 7-day formation chance at least this high (percent) is announced once it is reached (NHC's "high" starts at 60). */
export const CHANCE_ANNOUNCED_PERCENT = 60;

/**
 * NHC outlook events (docs/api/disturbances.md): an invest's 7-day formation chance reaching CHANCE_ANNOUNCED_PERCENT
 * from below it in the outlook before (`disturbance-chance60:<area id>`, once). Only areas NHC tags with an invest
 * have an identity from one outlook to the next; an area first seen at 60% or more is not a rise.
 */
export function outlookEvents(outlooks: readonly FormationOutlook[]): FlashEvent[] {
  return outlooks.flatMap((o) =>
    o.areas.flatMap((area) => {
      const percent = area.chance7d?.percent;
      const before = area.chance7dBefore;
      if (
        !area.atcfId ||
        percent === undefined ||
        before === null ||
        before >= CHANCE_ANNOUNCED_PERCENT ||
        percent < CHANCE_ANNOUNCED_PERCENT
      )
        return [];
      const basin = BASINS[area.atcfId.slice(0, 2).toUpperCase() as keyof typeof BASINS].zh;
      return [
        {
          key: `disturbance-chance60:${area.id}`,
          type: 'disturbance-chance60' as const,
          code: area.id,
          time: o.issuedAt,
          storm: { name: null, enname: area.atcfId.slice(0, 4).toUpperCase() },
          point: null,
          basin,
          chance: { percent, before },
        },
      ];
    }),
  );
}
