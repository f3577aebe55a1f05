/**
 * Active storms relative to a place (`/api/near`): how far and in which direction each one is, whether it is
 * coming closer, and along each agency's forecast track the closest approach and when the place first falls
 * inside the storm's wind circles.
 *
 * - Distances are great-circle km on the mean sphere (src/model/sphere.ts), like the archive's proximity.
 * - `approaching`: the distance at the latest fix is smaller than at the fix before it (null with one fix).
 * - A forecast track starts at the latest fix and runs through the agency's points; positions between points
 *   move along the great circle in proportion to time, checked every hour.
 * - No agency's forecast in our upstreams carries wind radii, so the latest fix's radii (per quadrant) are held
 *   along every forecast track. A place is inside a circle when its distance from the centre is at most the
 *   radius of the quadrant it lies in (NE: bearings 0–90° from the centre, SE 90–180°, SW 180–270°, NW 270–360°).
 */
import { compassFromDegrees } from '../model/compass.ts';
import { greatCircleKm, initialBearing, type Position } from '../model/geo.ts';
import { nearestOnArcKm, pointOnArc, unitVector } from '../model/sphere.ts';
import { toBeijingIso, toUtcIso } from '../model/time.ts';

const RADII = ['radius7', 'radius10', 'radius12'] as const;
type RadiusKey = (typeof RADII)[number];

interface Quadrants {
  ne: number | null;
  se: number | null;
  sw: number | null;
  nw: number | null;
}

/** What near.ts needs of a fix or a forecast point, in either family of records (typhoon or global). */
interface TrackPoint extends Position {
  time: string;
  grade: string | null;
  speed: number | null;
  pressure: number | null;
}

type Fix = TrackPoint & Partial<Record<RadiusKey, Quadrants | null>>;

export interface StormTrack {
  points: readonly Fix[];
  forecasts: Readonly<Record<string, { points: readonly TrackPoint[] }>>;
}

const HOUR_MS = 3_600_000;
const round1 = (n: number) => Math.round(n * 10) / 10;
const ms = (time: string) => Date.parse(time);

/** An instant written as the track writes its times: Beijing time (typhoons) or UTC (global cyclones). */
const timeLike = (sample: string, instant: number) => (sample.endsWith('Z') ? toUtcIso : toBeijingIso)(new Date(instant));

function quadrantRadius(circle: Quadrants | null | undefined, bearingFromCentre: number): number | null {
  if (!circle) return null;
  const quadrant = (['ne', 'se', 'sw', 'nw'] as const)[
    Math.min(3, Math.floor((((bearingFromCentre % 360) + 360) % 360) / 90))
  ] as keyof Quadrants;
  return circle[quadrant];
}

/** The place's position relative to one storm now. */
function relation(place: Position, fixes: readonly Fix[]) {
  const latest = fixes[fixes.length - 1] as Fix;
  const previous = fixes[fixes.length - 2];
  const distanceKm = greatCircleKm(place, latest);
  const degrees = initialBearing(place, latest);
  return {
    distanceKm: round1(distanceKm),
    bearing: { degrees: Math.round(degrees), compass: compassFromDegrees(degrees) },
    approaching: previous ? distanceKm < greatCircleKm(place, previous) : null,
  };
}

/** The closest approach along a track that starts at the latest fix: time, km, position and the nearer point's intensity. */
function closestApproach(place: Position, track: readonly TrackPoint[]) {
  let best: { km: number; time: number; at: Position; near: TrackPoint } | null = null;
  for (let i = 0; i + 1 < track.length; i += 1) {
    const a = track[i] as TrackPoint;
    const b = track[i + 1] as TrackPoint;
    const nearest = nearestOnArcKm(place, a, b);
    if (best && nearest.km >= best.km) continue;
    best = {
      km: nearest.km,
      time: ms(a.time) + nearest.fraction * (ms(b.time) - ms(a.time)),
      at: nearest.point,
      near: nearest.fraction < 0.5 ? a : b,
    };
  }
  if (!best) return null;
  const { near } = best;
  return {
    time: timeLike(near.time, Math.round(best.time / 60_000) * 60_000),
    km: round1(best.km),
    lat: round1(best.at.lat),
    lng: round1(best.at.lng),
    grade: near.grade,
    speed: near.speed,
    pressure: near.pressure,
  };
}

/** When the place first falls inside each circle of the latest fix, carried along the track hour by hour. */
function windArrival(place: Position, latest: Fix, track: readonly TrackPoint[]): Record<RadiusKey, string | null> {
  const arrival: Record<RadiusKey, string | null> = { radius7: null, radius10: null, radius12: null };
  const check = (centre: Position, instant: number) => {
    const km = greatCircleKm(centre, place);
    const fromCentre = initialBearing(centre, place);
    for (const key of RADII) {
      const radius = quadrantRadius(latest[key], fromCentre);
      if (arrival[key] === null && radius !== null && km <= radius) arrival[key] = timeLike(latest.time, instant);
    }
  };
  check(latest, ms(latest.time));
  for (let i = 0; i + 1 < track.length; i += 1) {
    const a = track[i] as TrackPoint;
    const b = track[i + 1] as TrackPoint;
    const [start, end] = [ms(a.time), ms(b.time)];
    const ends = new Float64Array([...unitVector(a), ...unitVector(b)]);
    for (let t = start + HOUR_MS; t <= end; t += HOUR_MS) check(pointOnArc(ends, 0, 3, (t - start) / (end - start)), t);
    if ((end - start) % HOUR_MS !== 0) check(b, end);
  }
  return arrival;
}

/** Distance, bearing, approach, and per agency the closest approach and the wind circles' arrival. */
export function stormNear(place: Position, storm: StormTrack) {
  const latest = storm.points[storm.points.length - 1];
  if (!latest) return null;
  const forecasts = Object.entries(storm.forecasts).map(([agency, forecast]) => {
    const track = [latest, ...forecast.points.filter((p) => ms(p.time) > ms(latest.time))];
    return { agency, closestApproach: closestApproach(place, track), windArrival: windArrival(place, latest, track) };
  });
  return {
    ...relation(place, storm.points),
    time: latest.time,
    lat: latest.lat,
    lng: latest.lng,
    grade: latest.grade,
    speed: latest.speed,
    pressure: latest.pressure,
    forecasts,
  };
}
