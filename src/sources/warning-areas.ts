/**
 * The agencies' areas the warning rules place warnings with (src/model/warning-rules.ts): Hong Kong's and
 * Japan's shapes from Natural Earth's 1:10m countries (the world-atlas package, public domain; converted from
 * TopoJSON with topojson-client), and PAGASA's table of areas (content/warnings/pagasa-areas.yaml).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { PAGASA_AREAS_FILE_IN_PROJECT } from '../config/paths.ts';
import { parsePagasaGazetteer } from '../model/pagasa-gazetteer.ts';
import type { MultiPolygonCoordinates, WarningAreas } from '../model/warning-rules.ts';

/** ISO 3166-1 numeric codes of the shapes (the ids of world-atlas's countries). */
const HONG_KONG = '344';
const JAPAN = '392';

let loaded: WarningAreas | null = null;

/** The shape of one country of a world-atlas topology as MultiPolygon coordinates. */
function countryShape(topology: Topology, id: string): MultiPolygonCoordinates {
  const countries = feature(topology, topology.objects.countries as GeometryCollection);
  const found = countries.features.find((f) => String(f.id) === id);
  if (!found) throw new Error(`world-atlas has no country ${id}`);
  const geometry = found.geometry;
  if (geometry.type === 'Polygon') return [geometry.coordinates as [number, number][][]];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates as [number, number][][][];
  throw new Error(`world-atlas country ${id} is a ${geometry.type}, not an area`);
}

/** The areas, read once per process: the table from a plain relative path (functions bundle it by `includedFiles`). */
export function warningAreas(): WarningAreas {
  if (loaded) return loaded;
  const topology = createRequire(import.meta.url)('world-atlas/countries-10m.json') as Topology;
  loaded = {
    hongKong: countryShape(topology, HONG_KONG),
    japan: countryShape(topology, JAPAN),
    pagasa: parsePagasaGazetteer(fs.readFileSync(PAGASA_AREAS_FILE_IN_PROJECT, 'utf8')),
  };
  return loaded;
}
