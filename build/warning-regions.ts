/**
 * Writes content/warnings/regions.json (`npm run warnings:regions`): the shapes of the warning agencies' regions, from
 * Natural Earth's countries as the world-atlas package publishes them (public domain), converted from TopoJSON with
 * topojson-client: Hong Kong at 1:10m (its warnings apply inside it), Japan and the Philippines at 1:50m (only their
 * distance to a storm is asked: the 1,000 km of the poll pace and of the storm link). Coordinates to 0.001°. A file
 * of 45 kB instead of the 3.6 MB topology, so the functions and the scheduled run that read it stay within their
 * bundle budgets (docs/maintainers/performance.md). test/unit/warnings.test.ts checks the file is what this writes.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { PROJECT_ROOT, WARNING_REGIONS_FILE_IN_PROJECT } from '../src/config/paths.ts';

const require = createRequire(import.meta.url);
const round = (x: number) => Math.round(x * 1e3) / 1e3;

/** One country of a world-atlas topology (by its ISO 3166-1 numeric id) as MultiPolygon coordinates. */
function country(scale: '10m' | '50m', id: string): number[][][][] {
  const topology = require(`world-atlas/countries-${scale}.json`) as Topology;
  const found = feature(topology, topology.objects.countries as GeometryCollection).features.find((f) => String(f.id) === id);
  if (!found) throw new Error(`world-atlas ${scale} has no country ${id}`);
  const geometry = found.geometry;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : null;
  if (!polygons) throw new Error(`world-atlas country ${id} is a ${geometry.type}, not an area`);
  return polygons.map((polygon) => polygon.map((ring) => ring.map(([lng, lat]) => [round(lng as number), round(lat as number)])));
}

export function warningRegions() {
  return {
    source:
      "Natural Earth's countries (public domain) from the world-atlas package 2.0.2: Hong Kong 1:10m, Japan and the Philippines 1:50m; written by build/warning-regions.ts",
    hongKong: country('10m', '344'),
    japan: country('50m', '392'),
    philippines: country('50m', '608'),
  };
}

export const regionsText = () => `${JSON.stringify(warningRegions())}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  fs.writeFileSync(path.join(PROJECT_ROOT, WARNING_REGIONS_FILE_IN_PROJECT), regionsText());
  console.log(`wrote ${WARNING_REGIONS_FILE_IN_PROJECT}`);
}
