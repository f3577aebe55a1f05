/**
 * The agencies' areas the warning rules place warnings with (src/model/warning-rules.ts): Hong Kong's, Japan's
 * and the Philippines' shapes from Natural Earth's countries (content/warnings/regions.json, written from the
 * world-atlas package by build/warning-regions.ts: Hong Kong at 1:10m, the others at 1:50m), and PAGASA's table of
 * areas (content/warnings/pagasa-areas.yaml). Both are read from plain relative paths (functions bundle them by
 * `includedFiles`: WARNING_AREA_FILES).
 */
import fs from 'node:fs';
import { z } from 'zod';
import { PAGASA_AREAS_FILE_IN_PROJECT, WARNING_REGIONS_FILE_IN_PROJECT } from '../config/paths.ts';
import { parsePagasaGazetteer } from '../model/pagasa-gazetteer.ts';
import type { MultiPolygonCoordinates, WarningAreas } from '../model/warning-rules.ts';

const multiPolygon = z.array(z.array(z.array(z.tuple([z.number(), z.number()])).min(4)).min(1)).min(1);
const regionsSchema = z.object({ source: z.string(), hongKong: multiPolygon, japan: multiPolygon, philippines: multiPolygon });

let loaded: WarningAreas | null = null;

/** The areas, read once per process. */
export function warningAreas(): WarningAreas {
  if (loaded) return loaded;
  const regions = regionsSchema.parse(JSON.parse(fs.readFileSync(WARNING_REGIONS_FILE_IN_PROJECT, 'utf8')));
  loaded = {
    hongKong: regions.hongKong as MultiPolygonCoordinates,
    japan: regions.japan as MultiPolygonCoordinates,
    philippines: regions.philippines as MultiPolygonCoordinates,
    pagasa: parsePagasaGazetteer(fs.readFileSync(PAGASA_AREAS_FILE_IN_PROJECT, 'utf8')),
  };
  return loaded;
}
