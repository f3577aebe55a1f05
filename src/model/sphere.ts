/**
 * Exact geometry on a spherical Earth (mean radius, as `greatCircleKm`), with positions as unit vectors: the
 * nearest point of a great-circle arc to a position (cross-track / along-track), and points along an arc.
 * Unit vectors need no special case at the antimeridian or near the poles. Vectors live in Float64Arrays, 3 numbers
 * each, addressed by offset: the hot loops (proximity over the whole archive) allocate nothing.
 */
import { EARTH_RADIUS_KM, type Position } from './geo.ts';

const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** Writes the unit vector of a position into `out` at `at` (x towards 0°E on the equator, z towards the north pole). */
export function writeUnitVector(lat: number, lng: number, out: Float64Array, at: number): void {
  const φ = rad(lat);
  const λ = rad(lng);
  out[at] = Math.cos(φ) * Math.cos(λ);
  out[at + 1] = Math.cos(φ) * Math.sin(λ);
  out[at + 2] = Math.sin(φ);
}

export function unitVector(p: Position): Float64Array {
  const v = new Float64Array(3);
  writeUnitVector(p.lat, p.lng, v, 0);
  return v;
}

/** The position of a (not necessarily unit) vector: latitude and longitude (−180…180) in degrees. */
export const positionOf = (x: number, y: number, z: number): Position => ({
  lat: deg(Math.atan2(z, Math.hypot(x, y))),
  lng: deg(Math.atan2(y, x)),
});

/** Angle in radians between the unit vectors at `a` of `v` and `b` of `w` (atan2 form: exact for tiny and near-π angles). */
export function angleBetween(v: Float64Array, a: number, w: Float64Array, b: number): number {
  const ax = v[a] as number,
    ay = v[a + 1] as number,
    az = v[a + 2] as number;
  const bx = w[b] as number,
    by = w[b + 1] as number,
    bz = w[b + 2] as number;
  const cx = ay * bz - az * by,
    cy = az * bx - ax * bz,
    cz = ax * by - ay * bx;
  return Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), ax * bx + ay * by + az * bz);
}

/** Numbers per arc record (`writeArc`): the arc's length (radians) and the unit normal of its plane (A × B). */
export const ARC_STRIDE = 4;

/** The arc from A to B as the nearest-point test needs it (an `ARC_STRIDE` record at `at` of `out`). */
export function writeArc(v: Float64Array, a: number, b: number, out: Float64Array, at: number): void {
  const ax = v[a] as number,
    ay = v[a + 1] as number,
    az = v[a + 2] as number;
  const bx = v[b] as number,
    by = v[b + 1] as number,
    bz = v[b + 2] as number;
  const nx = ay * bz - az * by,
    ny = az * bx - ax * bz,
    nz = ax * by - ay * bx;
  const sin = Math.sqrt(nx * nx + ny * ny + nz * nz);
  // Coincident ends (or antipodal ones, which no track has): no plane; the arc is its start point.
  const scale = sin < 1e-12 ? 0 : 1 / sin;
  out[at] = Math.atan2(sin, ax * bx + ay * by + az * bz);
  out[at + 1] = nx * scale;
  out[at + 2] = ny * scale;
  out[at + 3] = nz * scale;
}

/** Where the arc comes nearest to a position: the angle (radians) and the fraction of the arc's length from A. */
export interface ArcNearest {
  angle: number;
  fraction: number;
}

/**
 * The nearest point of the arc A→B (ends at `a`, `b` of `v`; length and normal at `arc` of `arcs`, from
 * `writeArc`) to the unit vector P (`p` at `at`). The foot of the perpendicular from P onto the arc's great circle
 * is the nearest point when it lies between A and B (along-track angle within the arc); otherwise the nearer end.
 */
export function nearestOnArc(
  p: Float64Array,
  at: number,
  v: Float64Array,
  a: number,
  b: number,
  arcs: Float64Array,
  arc: number,
  out: ArcNearest,
): void {
  // Plain locals, no destructuring and no Math.hypot: this runs for every arc near a place (hot loop).
  const length = arcs[arc] as number;
  const nx = arcs[arc + 1] as number,
    ny = arcs[arc + 2] as number,
    nz = arcs[arc + 3] as number;
  const px = p[at] as number,
    py = p[at + 1] as number,
    pz = p[at + 2] as number;
  if (nx !== 0 || ny !== 0 || nz !== 0) {
    const cross = px * nx + py * ny + pz * nz; // sin of the cross-track angle
    const cx = px - cross * nx,
      cy = py - cross * ny,
      cz = pz - cross * nz; // the foot, not normalised
    const ax = v[a] as number,
      ay = v[a + 1] as number,
      az = v[a + 2] as number;
    // Signed along-track angle from A to the foot, positive towards B: atan2((A × C) · n, A · C).
    const along = Math.atan2((ay * cz - az * cy) * nx + (az * cx - ax * cz) * ny + (ax * cy - ay * cx) * nz, ax * cx + ay * cy + az * cz);
    if (along >= 0 && along <= length) {
      out.angle = Math.atan2(Math.abs(cross), Math.sqrt(cx * cx + cy * cy + cz * cz));
      out.fraction = length === 0 ? 0 : along / length;
      return;
    }
  }
  const toA = angleBetween(p, at, v, a);
  const toB = angleBetween(p, at, v, b);
  out.angle = Math.min(toA, toB);
  out.fraction = toB < toA ? 1 : 0;
}

/** Writes the unit vector at `fraction` (0…1) of the arc from A to B into `out` at `at` (spherical linear interpolation). */
export function writePointOnArc(v: Float64Array, a: number, b: number, fraction: number, out: Float64Array, at: number): void {
  const θ = angleBetween(v, a, v, b);
  const wa = θ < 1e-12 ? 1 : Math.sin((1 - fraction) * θ) / Math.sin(θ);
  const wb = θ < 1e-12 ? 0 : Math.sin(fraction * θ) / Math.sin(θ);
  for (let i = 0; i < 3; i += 1) out[at + i] = wa * (v[a + i] as number) + wb * (v[b + i] as number);
}

/** The position at `fraction` (0…1) of the arc from A to B. */
export function pointOnArc(v: Float64Array, a: number, b: number, fraction: number): Position {
  const out = new Float64Array(3);
  writePointOnArc(v, a, b, fraction, out, 0);
  return positionOf(out[0] as number, out[1] as number, out[2] as number);
}

/** The nearest point of the arc A→B to P, in km, with that point and its fraction of the arc from A (one-off use). */
export function nearestOnArcKm(p: Position, a: Position, b: Position): { km: number; fraction: number; point: Position } {
  const ends = new Float64Array(6);
  writeUnitVector(a.lat, a.lng, ends, 0);
  writeUnitVector(b.lat, b.lng, ends, 3);
  const arc = new Float64Array(ARC_STRIDE);
  writeArc(ends, 0, 3, arc, 0);
  const out: ArcNearest = { angle: 0, fraction: 0 };
  nearestOnArc(unitVector(p), 0, ends, 0, 3, arc, 0, out);
  return { km: out.angle * EARTH_RADIUS_KM, fraction: out.fraction, point: pointOnArc(ends, 0, 3, out.fraction) };
}
