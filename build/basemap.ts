/**
 * The docs page's basemap (static/index.html draws the active storms on it): Natural Earth's 1:50m land from the
 * world-atlas package, converted from TopoJSON with topojson-client, clipped to the north-western Pacific and
 * rounded to 0.01° (about 1 km), written as one GeoJSON Feature; and the rest of the world from the 1:110m land,
 * with that area cut out, for the disturbances and cyclones of the other basins. It is converted here because the
 * page has no bundler: it fetches two small GeoJSON files (about 94 KB and 80 KB; the world's 1:50m TopoJSON is
 * 546 KB) and needs no converter.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { MultiPolygon, Polygon } from 'geojson';
import polygonClipping from 'polygon-clipping';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Where the build writes it, under public/ (the page fetches `/map/land.json`). */
export const BASEMAP_FILE = 'map/land.json';

/** The area kept, degrees: [west, south, east, north]. YAGI's track and its margin lie well inside. */
export const BASEMAP_AREA = [90, 0, 180, 50] as const;

/** The rest of the world's land, coarser (1:110m): the page draws it beside the area's. */
export const WORLD_BASEMAP_FILE = 'map/world.json';

type Position = [number, number];

const round = (value: number) => Math.round(value * 100) / 100;

/** A ring rounded to 0.01°, without the repeats rounding makes; null when it collapses. */
function roundRing(ring: readonly Position[]): Position[] | null {
  const out: Position[] = [];
  for (const [lng, lat] of ring) {
    const last = out[out.length - 1];
    const p: Position = [round(lng), round(lat)];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out.length >= 4 ? out : null;
}

/** Which side of the area a position lies beyond (west, east, south, north), or null inside it. */
function beyond([lng, lat]: Position): 'w' | 'e' | 's' | 'n' | null {
  const [west, south, east, north] = BASEMAP_AREA;
  return lng < west ? 'w' : lng > east ? 'e' : lat < south ? 's' : lat > north ? 'n' : null;
}

/** Whether a ring's bounding box meets the area. */
function reaches(ring: readonly Position[]): boolean {
  const [west, south, east, north] = BASEMAP_AREA;
  const lngs = ring.map(([lng]) => lng);
  const lats = ring.map(([, lat]) => lat);
  return Math.max(...lngs) >= west && Math.min(...lngs) <= east && Math.max(...lats) >= south && Math.min(...lats) <= north;
}

/**
 * The ring without the inner positions of runs beyond one side: the path of such a run and the chord that
 * replaces it both lie in that outer half-plane, so the ring's intersection with the area is unchanged, and
 * clipping Eurasia gets several times faster.
 */
function thinOutside(ring: readonly Position[]): Position[] {
  const sides = ring.map(beyond);
  return ring.filter((_, i) => sides[i] === null || sides[i - 1] !== sides[i] || sides[i + 1] !== sides[i]);
}

let drawn: { file: string; body: string } | null = null;
let drawnWorld: { file: string; body: string } | null = null;

/** The basemap file; drawn once per process, as it depends on nothing a build reads (a test run builds dozens of times). */
export const renderBasemap = () => (drawn ??= drawBasemap());
/** The world's land outside the area; drawn once per process likewise. */
export const renderWorldBasemap = () => (drawnWorld ??= drawWorldBasemap());

/** A world-atlas land file's polygons. */
function landPolygons(name: 'land-50m.json' | 'land-110m.json'): Position[][][] {
  const source = createRequire(import.meta.url).resolve(`world-atlas/${name}`);
  const topology = JSON.parse(fs.readFileSync(source, 'utf8')) as Topology<{ land: GeometryCollection }>;
  return feature(topology, topology.objects.land).features.flatMap(
    ({ geometry }) =>
      (geometry.type === 'Polygon' ? [(geometry as Polygon).coordinates] : (geometry as MultiPolygon).coordinates) as Position[][][],
  );
}

const [areaWest, areaSouth, areaEast, areaNorth] = BASEMAP_AREA;
const AREA: Position[][] = [
  [
    [areaWest, areaSouth],
    [areaEast, areaSouth],
    [areaEast, areaNorth],
    [areaWest, areaNorth],
    [areaWest, areaSouth],
  ],
];

/** Polygons rounded to 0.01°, without those whose exterior collapses (a polygon goes with its holes). */
const roundPolygons = (polygons: Position[][][]) =>
  polygons
    .map((polygon) => polygon.map(roundRing))
    .filter((rings) => rings[0] !== null)
    .map((rings) => rings.filter((ring): ring is Position[] => ring !== null));

/** The land inside the area, as the GeoJSON text the build writes. */
function drawBasemap(): { file: string; body: string } {
  const polygons = landPolygons('land-50m.json');
  // Only the polygons crossing the area's edge are clipped (clipping the world's land took 1.4 s; this, 0.3 s).
  const inside: Position[][][] = [];
  const crossing: Position[][][] = [];
  for (const polygon of polygons) {
    const exterior = polygon[0] ?? [];
    if (exterior.every((p) => beyond(p) === null)) inside.push(polygon);
    else if (reaches(exterior)) crossing.push(polygon.map(thinOutside));
  }
  const clipped = [...inside, ...polygonClipping.intersection(crossing, AREA)];
  const coordinates = roundPolygons(clipped);
  const land = {
    type: 'Feature',
    bbox: BASEMAP_AREA,
    properties: { source: 'Natural Earth 1:50m land (public domain), from the world-atlas package' },
    geometry: { type: 'MultiPolygon', coordinates },
  };
  return { file: BASEMAP_FILE, body: JSON.stringify(land) };
}

/**
 * The 1:110m land outside the area, as the GeoJSON text the build writes: drawn beside the area's 1:50m land, it
 * completes the world without drawing a coast twice. Longitudes stay within −180…180; the page places copies.
 */
function drawWorldBasemap(): { file: string; body: string } {
  const polygons = landPolygons('land-110m.json');
  // Only the polygons that reach the area are clipped, as above.
  const apart = polygons.filter((polygon) => !reaches(polygon[0] ?? []));
  const reaching = polygons.filter((polygon) => reaches(polygon[0] ?? []));
  const outside = [...apart, ...polygonClipping.difference(reaching, AREA)];
  const land = {
    type: 'Feature',
    bbox: [-180, -90, 180, 90],
    properties: {
      source: 'Natural Earth 1:110m land (public domain), from the world-atlas package, without the area of map/land.json',
    },
    geometry: { type: 'MultiPolygon', coordinates: roundPolygons(outside) },
  };
  return { file: WORLD_BASEMAP_FILE, body: JSON.stringify(land) };
}
