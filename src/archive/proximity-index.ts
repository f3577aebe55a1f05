/**
 * What archive proximity needs on top of the tracks (archive-tracks.ts), as a generated file
 * (public/api/_data/proximity-index.json): a spatial grid of the arcs between fixes, and each fix's intensity.
 *
 * The grid: 2° cells over the globe, each listing the arcs that pass through it. An arc is put in every cell its
 * box touches, the box being taken over points sampled along the arc at most 1° of arc apart (a great-circle arc
 * bulges poleward of its ends) and widened by 0.1°, far more than the bulge between two samples (under 0.02°
 * below 80° of latitude). A query looks at the cells of the box around its circle. Each cell's arcs are in
 * ascending order and written as differences (the first, then the gaps), which halves the file.
 */
import { lngDelta } from '../model/geo.ts';
import { GRADE_CODES } from '../model/grades.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import { angleBetween, pointOnArc } from '../model/sphere.ts';
import type { Tracks } from './archive-tracks.ts';

const GRID_CELL_DEGREES = 2;
const ROWS = 180 / GRID_CELL_DEGREES;
const COLUMNS = 360 / GRID_CELL_DEGREES;
const BOX_MARGIN_DEGREES = 0.1;

/** Grid cell id (row × 180 + column, from −90° and 0°E) → the arcs through it (named by their first fix), as gaps. */
export type ProximityCells = Record<string, number[]>;

export interface ProximityIndexFile {
  cells: ProximityCells;
  /** Per fix: index in GRADE_CODES; null below TD or unknown. */
  grade: (number | null)[];
  /** Per fix: maximum sustained wind, m/s, averaged over the storm's windPeriod. */
  speed: (number | null)[];
  /** Per fix: central pressure, hPa. */
  pressure: (number | null)[];
}

/** A box in degrees; its longitudes may run past ±180 (`lngMin` ≤ `lngMax`). */
export interface Box {
  latMin: number;
  latMax: number;
  lngMin: number;
  lngMax: number;
}

/** The grid cells a box touches (longitudes wrapped round the globe). */
export function cellsOfBox(box: Box): number[] {
  const row = (lat: number) => Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / GRID_CELL_DEGREES)));
  const firstColumn = Math.floor(box.lngMin / GRID_CELL_DEGREES);
  const columns = Math.min(COLUMNS, Math.floor(box.lngMax / GRID_CELL_DEGREES) - firstColumn + 1);
  const cells: number[] = [];
  for (let r = row(box.latMin); r <= row(box.latMax); r += 1) {
    for (let c = 0; c < columns; c += 1) cells.push(r * COLUMNS + ((((firstColumn + c) % COLUMNS) + COLUMNS) % COLUMNS));
  }
  return cells;
}

/** The box of an arc (its fixes' unit vectors at `a`, `b` of `v`), over points sampled along it, with the margin. */
function arcBox(v: Float64Array, a: number, b: number): Box {
  const start = pointOnArc(v, a, b, 0);
  const box: Box = { latMin: start.lat, latMax: start.lat, lngMin: start.lng, lngMax: start.lng };
  const samples = Math.max(1, Math.ceil((angleBetween(v, a, v, b) * 180) / Math.PI));
  let lng = start.lng; // unwrapped: consecutive samples are close, so their difference is the short way round
  for (let k = 1; k <= samples; k += 1) {
    const p = pointOnArc(v, a, b, k / samples);
    lng += lngDelta(p.lng, lng);
    box.latMin = Math.min(box.latMin, p.lat);
    box.latMax = Math.max(box.latMax, p.lat);
    box.lngMin = Math.min(box.lngMin, lng);
    box.lngMax = Math.max(box.lngMax, lng);
  }
  const m = BOX_MARGIN_DEGREES;
  return { latMin: box.latMin - m, latMax: box.latMax + m, lngMin: box.lngMin - m, lngMax: box.lngMax + m };
}

const gaps = (ascending: number[]) => ascending.map((n, i) => (i === 0 ? n : n - (ascending[i - 1] as number)));

/** The grid of a set of tracks: cell id → the arcs through it, as gaps (ProximityIndexFile's `cells`). */
export function proximityCells(tracks: Tracks): ProximityCells {
  const cells = new Map<number, number[]>();
  for (let arc = 0; arc < tracks.fixes; arc += 1) {
    for (const cell of cellsOfBox(arcBox(tracks.vectors, arc * 3, (tracks.arcEnd[arc] as number) * 3))) {
      const arcs = cells.get(cell) ?? [];
      if (arcs.at(-1) !== arc) arcs.push(arc);
      cells.set(cell, arcs);
    }
  }
  return Object.fromEntries([...cells].sort(([a], [b]) => a - b).map(([cell, arcs]) => [cell, gaps(arcs)]));
}

/** The file, from the archive's storms and their tracks (the same storms, in the same order). */
export function buildProximityIndex(typhoons: readonly Typhoon[], tracks: Tracks): ProximityIndexFile {
  const points = typhoons.flatMap((t) => t.points);
  return {
    cells: proximityCells(tracks),
    grade: points.map((p) => (p.grade === null ? null : GRADE_CODES.indexOf(p.grade))),
    speed: points.map((p) => p.speed),
    pressure: points.map((p) => p.pressure),
  };
}

/** The grid read back: cell id → its arcs, ascending (undefined for a cell no track crosses). */
export type Grid = readonly (Int32Array | undefined)[];

const decoded = new WeakMap<{ cells: ProximityCells }, Grid>();

/** Decodes the grid once per parsed file (the archive's proximity index, or the other basins'). */
export function gridOf(file: { cells: ProximityCells }): Grid {
  const known = decoded.get(file);
  if (known) return known;
  const grid = new Array<Int32Array | undefined>(ROWS * COLUMNS).fill(undefined);
  for (const [cell, cellGaps] of Object.entries(file.cells)) {
    const arcs = new Int32Array(cellGaps.length);
    let arc = 0;
    cellGaps.forEach((gap, i) => (arcs[i] = arc += gap));
    grid[Number(cell)] = arcs;
  }
  decoded.set(file, grid);
  return grid;
}
