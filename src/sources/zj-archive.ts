/**
 * Parser for Zhejiang-style per-storm JSON (`YYYYNN.json`, the data model of typhoon.slt.zj.gov.cn).
 * Format and quirks: docs/data/formats.md#zhejiang-archive-json. Pure: text in, storm out.
 *
 * Surprises worth knowing:
 * - Three key styles (snake_case, snake_case + `ident`, camelCase) are normalised here; 1731 files start with a BOM.
 * - Point times are Beijing time from 1949, but **UTC for 1945–1948** although written the same way.
 *   `land_time` is Beijing time in every year.
 * - `0` means unknown for wind, pressure, force and motion; `""` and `"-"` mean no name.
 * - Names and landfall places are free text, checked by src/model/upstream-text.ts (names of storms from 2000 on
 *   against the names table): what fails is left out (a name null, a place "") and returned in `rejected`.
 * - A scalar radius is the maximum of the four quadrants; when only the scalar exists (2004–2013) all four
 *   quadrants carry it, which is how the Zhejiang site itself draws the circle.
 */
import { z } from 'zod';
import { compassFromText } from '../model/compass.ts';
import { normaliseLongitude } from '../model/geo.ts';
import { nonZeroOrNull, numberOrNull } from '../model/numbers.ts';
import { jsonFault, type ParseProblem } from '../model/parse-problems.ts';
import type { PlacesTable } from '../model/place-names.ts';
import type { WindCircle } from '../model/typhoon-schemas.ts';
import { checkPlace, checkStormName, keep, type NameList, type TextRejection } from '../model/upstream-text.ts';
import { parseLocalTimestamp } from '../model/time.ts';

export interface ZjPoint {
  time: Date;
  lat: number;
  lng: number;
  label: string | null;
  speed: number | null;
  pressure: number | null;
  moveDir: string | null;
  moveSpeed: number | null;
  radius7: WindCircle | null;
  radius10: WindCircle | null;
  radius12: WindCircle | null;
}

export interface ZjLandfall {
  time: Date;
  lat: number;
  lng: number;
  position: string;
}

export interface ZjStorm {
  tfbh: string;
  name: string | null;
  ename: string | null;
  points: ZjPoint[];
  land: ZjLandfall[];
}

export type ZjParseResult = { storm: ZjStorm | null; problems: ParseProblem[]; rejected: TextRejection[] };

const num = z.union([z.number(), z.string()]).nullish();
const quad = z.object({ ne: num, se: num, sw: num, nw: num }).partial().nullish();

/** Every key any style uses; the normaliser picks the one present. */
const rawPointSchema = z.object({
  time: z.string(),
  lng: num,
  lat: num,
  strong: z.string().nullish(),
  speed: num,
  pressure: num,
  move_dir: z.string().nullish(),
  moveDir: z.string().nullish(),
  move_speed: num,
  moveSpeed: num,
  radius7: num,
  radius10: num,
  radius12: num,
  r7: num,
  r10: num,
  r12: num,
  radius7_quad: quad,
  radius10_quad: quad,
  radius12_quad: quad,
  r7Quad: quad,
  r10Quad: quad,
  r12Quad: quad,
});

const rawLandSchema = z.object({
  position: z.string().nullish(),
  land_time: z.string(),
  lng: num,
  lat: num,
});

const rawStormSchema = z.object({
  tfbh: z.string().regex(/^\d{6}$/),
  name: z.string().nullish(),
  ename: z.string().nullish(),
  land: z.array(rawLandSchema).nullish(),
  points: z.array(rawPointSchema),
});

function windCircle(quadrants: z.infer<typeof quad>, scalar: unknown): WindCircle | null {
  if (quadrants) {
    const circle = {
      ne: numberOrNull(quadrants.ne),
      se: numberOrNull(quadrants.se),
      sw: numberOrNull(quadrants.sw),
      nw: numberOrNull(quadrants.nw),
    };
    if (Object.values(circle).some((v) => v !== null && v > 0)) return circle;
  }
  const max = nonZeroOrNull(scalar);
  return max === null ? null : { ne: max, se: max, sw: max, nw: max };
}

/**
 * Parses one file. `[]` (five files) gives `storm: null` and no problem. Structural problems are
 * reported with the JSON path instead of a line number (line 1: the files are single-line JSON).
 */
export function parseZjArchiveFile(text: string, names: NameList, places: PlacesTable): ZjParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { storm: null, problems: [{ line: 1, message: `not JSON: ${jsonFault(error)}` }], rejected: [] };
  }
  if (Array.isArray(json) && json.length === 0) return { storm: null, problems: [], rejected: [] };
  const parsed = z.array(rawStormSchema).length(1).safeParse(json);
  if (!parsed.success) {
    return {
      storm: null,
      problems: parsed.error.issues.map((issue) => ({ line: 1, message: `${issue.path.join('.')}: ${issue.message}` })),
      rejected: [],
    };
  }
  const raw = parsed.data[0] as z.infer<typeof rawStormSchema>;
  const pointZone = Number(raw.tfbh.slice(0, 4)) < 1949 ? 'utc' : 'beijing';
  const problems: ParseProblem[] = [];
  const rejected: TextRejection[] = [];
  const year = Number(raw.tfbh.slice(0, 4));
  const name = keep(checkStormName(raw.name, 'zh', year, names), rejected, { field: 'name', storm: raw.tfbh });
  const ename = keep(checkStormName(raw.ename, 'en', year, names), rejected, { field: 'ename', storm: raw.tfbh });
  const points: ZjPoint[] = [];
  raw.points.forEach((p, i) => {
    const time = parseLocalTimestamp(p.time, pointZone);
    const lat = numberOrNull(p.lat);
    const lng = numberOrNull(p.lng);
    if (!time || lat === null || lng === null) {
      problems.push({ line: 1, message: `points.${i}: unreadable time or position` });
      return;
    }
    points.push({
      time,
      lat,
      lng: normaliseLongitude(lng),
      label: p.strong?.trim() || null,
      speed: nonZeroOrNull(p.speed),
      pressure: nonZeroOrNull(p.pressure),
      moveDir: compassFromText(p.move_dir ?? p.moveDir),
      moveSpeed: nonZeroOrNull(p.move_speed ?? p.moveSpeed),
      radius7: windCircle(p.radius7_quad ?? p.r7Quad, p.radius7 ?? p.r7),
      radius10: windCircle(p.radius10_quad ?? p.r10Quad, p.radius10 ?? p.r10),
      radius12: windCircle(p.radius12_quad ?? p.r12Quad, p.radius12 ?? p.r12),
    });
  });
  const land: ZjLandfall[] = [];
  (raw.land ?? []).forEach((l, i) => {
    const time = parseLocalTimestamp(l.land_time, 'beijing');
    const lat = numberOrNull(l.lat);
    const lng = numberOrNull(l.lng);
    if (!time || lat === null || lng === null) {
      problems.push({ line: 1, message: `land.${i}: unreadable time or position` });
      return;
    }
    const position = keep(checkPlace(l.position, places), rejected, { field: `land[${i}].position`, storm: raw.tfbh }) ?? '';
    land.push({ time, lat, lng: normaliseLongitude(lng), position });
  });
  return { storm: { tfbh: raw.tfbh, name, ename, points, land }, problems, rejected };
}
