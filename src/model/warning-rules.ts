/**
 * The pure rules of warnings (docs/api/warnings.md, "Rules"): what is in force at a time, what changed between two
 * answers of one agency, which warnings apply at a place, and which storm a warning is for. Values in, values
 * out: the callers read the answers, the areas (src/sources/warning-areas.ts) and the clock.
 */
import { greatCircleKm, type Position } from './geo.ts';
import { destination } from './geodesic.ts';
import { instantOf } from './offset-time.ts';
import type { GazetteerArea, PagasaGazetteer } from './pagasa-gazetteer.ts';
import type { Typhoon } from './typhoon-schemas.ts';
import { englishNameKey } from './upstream-text.ts';
import type { ChangeKind, Warning, WarningAgency, WarningChange, WarningCircle, WarningSnapshot, WarningState } from './warning-schemas.ts';

// ── In force ───────────────────────────────────────────────────────────────────────────────────────────────────

export interface InForce {
  agency: WarningAgency;
  /**
   * `in-force`: these warnings; `none-in-force`: the agency's answer said none is, or every warning it gave has
   * passed the expiry it gave; `unknown`: no answer can be read. Never `none-in-force` for a fault.
   */
  state: WarningState;
  warnings: Warning[];
  /** The answer is past its document's own bound (PAGASA's next bulletin): told as last reported, not as now. */
  pastDocumentBound: boolean;
}

const expired = (w: Warning, now: Date) => w.expiresAt !== null && instantOf(w.expiresAt) <= now.getTime();

/** What an agency's answer has in force at `now`: a warning past its own expiry is not in force. */
export function inForceAt(snapshot: WarningSnapshot, now: Date): InForce {
  const pastDocumentBound = snapshot.documents.some((d) => d.validUntil !== null && instantOf(d.validUntil) <= now.getTime());
  if (snapshot.state === 'unknown') return { agency: snapshot.agency, state: 'unknown', warnings: [], pastDocumentBound };
  const warnings = snapshot.warnings.filter((w) => !expired(w, now));
  return { agency: snapshot.agency, state: warnings.length > 0 ? 'in-force' : 'none-in-force', warnings, pastDocumentBound };
}

// ── Changes ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The strongest warning of a slot (highest level; the first of the answer among equals). */
function strongest(warnings: readonly Warning[]): Warning | null {
  return warnings.reduce<Warning | null>((best, w) => (best === null || (w.level ?? 0) > (best.level ?? 0) ? w : best), null);
}

const bySlot = (warnings: readonly Warning[]) => {
  const slots = new Map<string, Warning[]>();
  for (const w of warnings) slots.set(w.slot, [...(slots.get(w.slot) ?? []), w]);
  return slots;
};

/**
 * What changed from one answer of an agency to the next, one change per slot that changed: raised (a new warning,
 * or a higher level), changed (the same level, another code: TC8NE → TC8SE), lowered, cancelled. Nothing when
 * either answer is unknown: a fault is not an event (give as `before` the last answer that could be read). A
 * warning that left the answer is cancelled: by the agency's word when the answer says so (HKO's CANCEL, JMA 解除),
 * by its own expiry when that passed by the new answer's time, else because the answer, which lists every warning
 * in force, no longer has it.
 */
export function changesBetween(before: WarningSnapshot, after: WarningSnapshot): WarningChange[] {
  if (before.agency !== after.agency) throw new Error(`changesBetween: ${before.agency} and ${after.agency} are not one agency`);
  if (before.state === 'unknown' || after.state === 'unknown') return [];
  const was = bySlot(before.warnings);
  const now = bySlot(after.warnings);
  const cancelledSlots = new Set(after.cancelled.map((w) => w.slot));
  const slots = [...new Set([...now.keys(), ...was.keys()])];
  const changes: WarningChange[] = [];
  for (const slot of slots) {
    const from = strongest(was.get(slot) ?? []);
    const to = strongest(now.get(slot) ?? []);
    let change: ChangeKind | null = null;
    if (from === null && to !== null) change = 'raised';
    else if (from !== null && to === null) change = 'cancelled';
    else if (from !== null && to !== null) {
      const [a, b] = [from.level ?? 0, to.level ?? 0];
      change = b > a ? 'raised' : b < a ? 'lowered' : from.code !== to.code ? 'changed' : null;
    }
    if (change === null) continue;
    const cancellation = after.cancelled.find((w) => w.slot === slot) ?? null;
    const afterTime = after.sourceTime === null ? null : new Date(instantOf(after.sourceTime));
    const how: WarningChange['how'] =
      change !== 'cancelled' || cancelledSlots.has(slot)
        ? 'agency-said'
        : from !== null && afterTime !== null && expired(from, afterTime)
          ? 'expired'
          : 'left-the-answer';
    const at =
      to !== null
        ? (to.updatedAt ?? to.issuedAt)
        : how === 'expired'
          ? (from?.expiresAt ?? null)
          : (cancellation?.updatedAt ?? cancellation?.issuedAt ?? after.sourceTime);
    changes.push({ agency: after.agency, slot, change, from, to, at: at ?? after.sourceTime, how });
  }
  return changes;
}

// ── Where ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** A MultiPolygon's coordinates as GeoJSON gives them: polygons of rings of [longitude, latitude]. */
export type MultiPolygonCoordinates = readonly (readonly (readonly (readonly [number, number])[])[])[];

/** The agencies' areas: the SAR's shape for HKO, Japan's for JMA's area warnings, PAGASA's table; the Philippines' shape for its pace. */
export interface WarningAreas {
  hongKong: MultiPolygonCoordinates;
  japan: MultiPolygonCoordinates;
  philippines: MultiPolygonCoordinates;
  pagasa: PagasaGazetteer;
}

/** Ray casting on one ring, in longitude/latitude (the areas are small and far from the poles and the antimeridian). */
function insideRing(p: Position, ring: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] as readonly [number, number];
    const [xj, yj] = ring[j] as readonly [number, number];
    if (yi > p.lat !== yj > p.lat && p.lng < ((xj - xi) * (p.lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside a polygon's exterior ring and none of its holes, for any polygon. */
export const insideMultiPolygon = (p: Position, polygons: MultiPolygonCoordinates) =>
  polygons.some(([outer, ...holes]) => outer !== undefined && insideRing(p, outer) && !holes.some((h) => insideRing(p, h)));

/** Distance in km from a place to a shape: 0 inside, else to its nearest vertex (the shapes' vertices are a few km apart). */
export function distanceToShapeKm(p: Position, polygons: MultiPolygonCoordinates): number {
  if (insideMultiPolygon(p, polygons)) return 0;
  let best = Infinity;
  for (const polygon of polygons)
    for (const ring of polygon) for (const [lng, lat] of ring) best = Math.min(best, greatCircleKm(p, { lat, lng }));
  return best;
}

export interface WarningAtPlace {
  warning: Warning;
  /**
   * How it is known to apply: `inside-area` (the agency's whole region: Hong Kong), `inside-circle` (a circle the
   * agency gives: JMA's storm areas), `approximate-circle` (PAGASA's area by the covering circle of the table: the
   * place may be in a neighbouring area).
   */
  match: 'inside-area' | 'inside-circle' | 'approximate-circle';
  /** The JMA circle the place is in (the earliest), or null. */
  circle: WarningCircle | null;
}

export interface WarningsAtPlace {
  matches: WarningAtPlace[];
  /** Warnings in force that cannot be placed: JMA's area warnings (no geometry for JMA's areas here), PAGASA areas not in the table. */
  unplaced: Warning[];
}

/** Which of these warnings in force apply at a place, and how that is known. */
export function warningsAt(place: Position, warnings: readonly Warning[], areas: WarningAreas): WarningsAtPlace {
  const matches: WarningAtPlace[] = [];
  const unplaced: Warning[] = [];
  for (const warning of warnings) {
    if (warning.agency === 'hko') {
      if (insideMultiPolygon(place, areas.hongKong)) matches.push({ warning, match: 'inside-area', circle: null });
    } else if (warning.circles.length > 0) {
      const circle = warning.circles.find((c) => greatCircleKm(place, c) <= c.radiusKm) ?? null;
      if (circle) matches.push({ warning, match: 'inside-circle', circle });
    } else if (warning.agency === 'pagasa' && warning.area?.name) {
      const area = areas.pagasa.lookup(warning.area.name);
      if (!area) unplaced.push(warning);
      else if (greatCircleKm(place, area) <= area.radiusKm) matches.push({ warning, match: 'approximate-circle', circle: null });
    } else unplaced.push(warning);
  }
  return { matches, unplaced };
}

/** A circle as a GeoJSON polygon ring: 64 points at the radius (WGS 84 geodesics), closed, counter-clockwise. */
export function circleRing(circle: Pick<WarningCircle, 'lat' | 'lng' | 'radiusKm'>, points = 64): [number, number][] {
  const ring: [number, number][] = [];
  for (let i = 0; i < points; i += 1) {
    const p = destination(circle, 360 - (360 * i) / points, circle.radiusKm);
    ring.push([Math.round(p.lng * 1e4) / 1e4, Math.round(p.lat * 1e4) / 1e4]);
  }
  ring.push(ring[0] as [number, number]);
  return ring;
}

/** The warnings with the agency's own geometry (JMA's storm areas) as GeoJSON features, one per circle. */
export function warningFeatures(warnings: readonly Warning[]) {
  return warnings.flatMap((w) =>
    w.circles.map((c) => ({
      type: 'Feature' as const,
      geometry: { type: 'Polygon' as const, coordinates: [circleRing(c)] },
      properties: { kind: c.kind, agency: w.agency, slot: w.slot, validAt: c.validAt, radiusKm: c.radiusKm, storm: w.storm },
    })),
  );
}

// ── Which storm ────────────────────────────────────────────────────────────────────────────────────────────────

/** An active north-western Pacific storm of the snapshot as the link needs it: its names, JMA's number, its latest position. */
export function activeStormOf(t: Pick<Typhoon, 'code' | 'name' | 'enname' | 'ids' | 'points'>): ActiveStorm {
  const last = t.points[t.points.length - 1];
  return {
    code: t.code,
    name: t.name,
    enname: t.enname,
    jmaNumber: t.ids?.jma ?? null,
    lat: last?.lat ?? Number.NaN,
    lng: last?.lng ?? Number.NaN,
  };
}

/** An active storm as the link needs it. */
export interface ActiveStorm {
  code: string;
  name: string | null;
  enname: string | null;
  /** JMA's number of the storm (`2411`), when known. */
  jmaNumber: string | null;
  lat: number;
  lng: number;
}

export interface StormLink {
  code: string;
  /** The storm's names as this service has them (its Chinese and English name), for the text that names it. */
  name: string | null;
  enname: string | null;
  /** agency-number: JMA's typhoon number; agency-name: the name the agency gives; nearest-active: the rule below. */
  by: 'agency-number' | 'agency-name' | 'nearest-active';
  /** For nearest-active: the storm's distance from the agency's region, km. */
  distanceKm: number | null;
}

/** The bound: a storm further than this from an agency's region is not what its warning is for. */
export const STORM_LINK_MAX_KM = 1000;

/** Hong Kong Observatory's headquarters: the point of HKO's region. */
export const HONG_KONG_POINT: Position = { lat: 22.3022, lng: 114.1742 };

/**
 * The storm a warning is for: by the agency's own number (JMA), else its own name (PAGASA's international or
 * local name, the name in HKO's bulletin), else, only when the agency names no storm, the active storm nearest
 * the agency's region, within STORM_LINK_MAX_KM: HKO's Hong Kong, PAGASA's area (the table's point), Japan for
 * JMA's area warnings. A warning whose agency names a storm that is not active (an old bulletin still served)
 * is linked to none: the nearest storm is not the one the agency named. Null when none is.
 */
export function stormFor(warning: Warning, storms: readonly ActiveStorm[], areas: WarningAreas): StormLink | null {
  const ref = warning.storm;
  const named = ref && stormNamed(ref, storms);
  if (named) return named;
  if (ref?.number || ref?.name || ref?.localName) return null;
  const distance = regionDistance(warning, areas);
  if (!distance) return null;
  const nearest = storms
    .map((s) => ({ s, km: distance(s) }))
    .filter((x) => x.km <= STORM_LINK_MAX_KM)
    .sort((a, b) => a.km - b.km)[0];
  return nearest
    ? { code: nearest.s.code, name: nearest.s.name, enname: nearest.s.enname, by: 'nearest-active', distanceKm: Math.round(nearest.km) }
    : null;
}

/**
 * The active storm an agency names: by its own number (JMA's typhoon number, where the storm's record has it), else
 * by the name it gives (international or local). Null when it names none of them. JMA's own forecasts are linked to
 * their storm by this rule too (src/jobs/jma-forecasts.ts).
 */
export function stormNamed(
  ref: { number: string | null; name: string | null; localName: string | null },
  storms: readonly ActiveStorm[],
): StormLink | null {
  if (ref.number) {
    const storm = storms.find((s) => s.jmaNumber === ref.number);
    if (storm) return { code: storm.code, name: storm.name, enname: storm.enname, by: 'agency-number', distanceKm: null };
  }
  for (const name of [ref.name, ref.localName]) {
    if (!name) continue;
    const storm = storms.find((s) => (s.enname !== null && englishNameKey(s.enname) === englishNameKey(name)) || s.name === name);
    if (storm) return { code: storm.code, name: storm.name, enname: storm.enname, by: 'agency-name', distanceKm: null };
  }
  return null;
}

/**
 * How far a position is from an agency's region, in km (0 inside): Hong Kong's, Japan's and the Philippines'
 * shapes. The run polls an agency every 5 minutes while a storm is within STORM_LINK_MAX_KM of it.
 */
export function agencyRegionKm(agency: WarningAgency, p: Position, areas: WarningAreas): number {
  const shape = agency === 'hko' ? areas.hongKong : agency === 'jma' ? areas.japan : areas.philippines;
  return distanceToShapeKm(p, shape);
}

/** How far a position is from a warning's region, in km; null when the region is not known. */
function regionDistance(warning: Warning, areas: WarningAreas): ((p: Position) => number) | null {
  if (warning.agency === 'hko') return (p) => greatCircleKm(p, HONG_KONG_POINT);
  if (warning.agency === 'jma') return (p) => distanceToShapeKm(p, areas.japan);
  const area: GazetteerArea | null = warning.area?.name ? areas.pagasa.lookup(warning.area.name) : null;
  return area ? (p) => Math.max(0, greatCircleKm(p, area) - area.radiusKm) : null;
}
