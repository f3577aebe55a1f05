/**
 * One storm's tracks side by side (`/api/v1/typhoons/{code}/agencies`, the dump's agency rows): the archive's own
 * track, then each agency's track as the crosswalk linked it (its own best-track file's, else IBTrACS's columns for
 * the agency: src/archive/crosswalk.ts), with the crosswalk's link figures for that very track.
 * Units and times follow the API (m/s to 0.1, hPa, +08:00); winds keep each agency's averaging period.
 */
import { accumulatedCycloneEnergy } from '../model/ace.ts';
import type { AgencyLink, AgencyTrackPoint, ComparedAgency, StormAgencies, StormAgencyTrack } from '../model/agency-comparison-schemas.ts';
import type { AgencyPoint } from '../model/agency-track-schemas.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import { toBeijingIso } from '../model/time.ts';
import { MS_TO_KT } from '../model/units.ts';
import { archiveAttribution } from './attribution.ts';
import { MATCH_RULE, type Crosswalk, type CrosswalkLink, type LinkedTracks } from './crosswalk.ts';

/** Categories that mark an extratropical stage, left out of ACE. */
const EXTRATROPICAL: Record<ComparedAgency, string> = { cma: 'ET', jma: '6', jtwc: 'EX', hko: '' };

const WIND_PERIOD = { cma: '2min', jma: '10min', jtwc: '1min', hko: '10min' } as const;

type Track = Omit<StormAgencyTrack, 'maxSpeed' | 'maxSpeedKt' | 'minPressure' | 'ace' | 'startTime' | 'endTime'>;

const maxOf = (values: (number | null)[]) =>
  values.reduce<number | null>((m, v) => (v === null ? m : m === null ? v : Math.max(m, v)), null);
const minOf = (values: (number | null)[]) =>
  values.reduce<number | null>((m, v) => (v === null ? m : m === null ? v : Math.min(m, v)), null);

/** A track with its own peak figures and ACE. */
function withFigures(track: Track): StormAgencyTrack {
  const { points } = track;
  const windKt = (p: AgencyTrackPoint) => p.speedKt ?? (p.speed === null ? null : p.speed * MS_TO_KT);
  return {
    ...track,
    maxSpeed: maxOf(points.map((p) => p.speed)),
    maxSpeedKt: maxOf(points.map((p) => p.speedKt)),
    minPressure: minOf(points.map((p) => p.pressure)),
    ace: accumulatedCycloneEnergy(
      points.map((p) => ({ time: p.time, windKt: windKt(p), extratropical: p.category === EXTRATROPICAL[track.agency] })),
    ),
    startTime: (points[0] as AgencyTrackPoint).time,
    endTime: (points[points.length - 1] as AgencyTrackPoint).time,
  };
}

const agencyPoint = (p: AgencyPoint): AgencyTrackPoint => ({
  time: toBeijingIso(new Date(p.time)),
  lat: p.lat,
  lng: p.lng,
  speed: p.windMs,
  speedKt: p.windKt,
  pressure: p.pressureHpa,
  category: p.grade,
});

/** The archive's own track: CMA's, or for 1945–1948 JTWC's as the Zhejiang archive relays it. */
function ownTrack(storm: Typhoon): Track {
  const jtwc = storm.windPeriod === '1min';
  return {
    agency: jtwc ? 'jtwc' : 'cma',
    id: jtwc ? null : storm.code,
    name: storm.cma?.name ?? storm.enname,
    source: storm.cma ? 'cma-bst' : 'zj',
    windPeriod: storm.windPeriod,
    link: null,
    points: storm.points.map((p) => ({
      time: p.time,
      lat: p.lat,
      lng: p.lng,
      speed: p.speed,
      speedKt: null,
      pressure: p.pressure,
      category: p.grade,
    })),
  };
}

/** How a link was found, as the answer and the dump's crosswalk show it. */
export const linkFigures = ({ method, agreement }: CrosswalkLink): AgencyLink => ({
  method,
  agreeingFixes: agreement?.agreeing ?? null,
  sharedFixes: agreement?.shared ?? null,
  medianDistanceKm: agreement?.medianKm ?? null,
});

function link(links: readonly CrosswalkLink[], agency: CrosswalkLink['agency']): AgencyLink | null {
  const found = links.find((l) => l.agency === agency);
  return found ? linkFigures(found) : null;
}

/** Every agency's track of one storm, the archive's first. `links` are the storm's crosswalk links; `demo`: built from the demo archive. */
export function compareAgencies(storm: Typhoon, linked: LinkedTracks, links: readonly CrosswalkLink[], demo: boolean): StormAgencies {
  const archived = ownTrack(storm);
  const tracks: Track[] = [archived];
  for (const agency of ['jma', 'jtwc', 'hko'] as const) {
    if (agency === archived.agency) continue;
    const track = linked[agency];
    if (track)
      tracks.push({
        agency,
        id: storm.ids[agency],
        name: track.name,
        source: track.source,
        windPeriod: WIND_PERIOD[agency],
        link: link(links, agency),
        points: track.points.map(agencyPoint),
      });
  }
  const comparison = {
    code: storm.code,
    name: storm.name,
    enname: storm.enname,
    year: storm.year,
    ids: storm.ids,
    agencies: tracks.map(withFigures),
    matchRule: MATCH_RULE,
  };
  return { ...comparison, attribution: archiveAttribution(demo, [comparison]) };
}

/** Every storm's comparison, by code, in archive order. */
export function compareArchive(
  storms: readonly Typhoon[],
  crosswalk: Pick<Crosswalk, 'tracks' | 'links'>,
  demo: boolean,
): Map<string, StormAgencies> {
  const linksOf = new Map<string, CrosswalkLink[]>();
  for (const l of crosswalk.links) linksOf.set(l.code, [...(linksOf.get(l.code) ?? []), l]);
  return new Map(storms.map((s) => [s.code, compareAgencies(s, crosswalk.tracks.get(s.code) ?? {}, linksOf.get(s.code) ?? [], demo)]));
}
