/**
 * Normalises the Zhejiang water-resources service (`TyhoonActivity`, `TyphoonInfo/{tfid}`, `TyphoonList/{year}`)
 * into the archive's model. Formats and traps: docs/data/formats.md#zhejiang-live-service.
 *
 * - Every value may be a string; `""`, `"0"` (for wind, pressure, force, motion) and `null` mean missing.
 * - Times are Beijing time without a zone (`2019/11/22 11:00:00` or `2024-09-05 07:00:00`); an ISO time with an
 *   offset (`ybsj`, the current host's activity `time`) is UTC. Parsed by shape.
 * - Wind radii are `"NE|SE|NW|SW"` in km (the site's own DrawCircle code; note NW before SW), or one value.
 * - Only the last point with forecast groups holds the current forecasts; `forecastpoints[0]` is each agency's
 *   base (analysis) point, which can lag the observation, so it becomes `origin`, not a forecast point.
 * - The legacy host wraps `TyphoonInfo` in a one-element array.
 * - Names and landfall places are upstream free text, checked by src/model/upstream-text.ts: what fails is left
 *   out (a name null, a place "") and added to the check's rejections. The other free text of the service
 *   (`ckposition`, `jl`, a landfall's `info`) is not kept.
 */
import { z } from 'zod';
import { gradeFromLabel, gradeName } from '../model/grades.ts';
import { latestTime, trackPoint } from '../model/track-point.ts';
import { compassFromText } from '../model/compass.ts';
import { normaliseLongitude } from '../model/geo.ts';
import { nonZeroOrNull, numberOrNull } from '../model/numbers.ts';
import { readWhole, ShapeError } from '../model/parse-problems.ts';
import type { Forecasts, Landfall, TrackPoint, Typhoon, WindCircle } from '../model/typhoon-schemas.ts';
import { placeInEnglish } from '../model/place-names.ts';
import { parseLocalTimestamp, toBeijingIso } from '../model/time.ts';
import { unlinkedIds } from '../model/storm-ids.ts';
import { headlineSources, trackSummary } from '../model/track-summary.ts';
import { checkPlace, checkStormName, keep, type TextCheck } from '../model/upstream-text.ts';
import type { LiveUpstreams } from './addresses.ts';
import { agencyFor } from './forecast-agencies.ts';

const raw = z.union([z.string(), z.number()]).nullish();

const rawForecastPoint = z.object({ time: z.string(), lat: raw, lng: raw, strong: raw, power: raw, speed: raw, pressure: raw }).loose();
const rawForecastGroup = z.object({ tm: z.string(), forecastpoints: z.array(rawForecastPoint), ybsj: z.string().nullish() }).loose();

const rawPoint = z
  .object({
    time: z.string(),
    lat: raw,
    lng: raw,
    strong: raw,
    power: raw,
    speed: raw,
    pressure: raw,
    movespeed: raw,
    movedirection: raw,
    radius7: raw,
    radius10: raw,
    radius12: raw,
    forecast: z.union([z.array(rawForecastGroup), rawForecastGroup]).nullish(),
  })
  .loose();

const rawLand = z.object({ landaddress: z.string().nullish(), landtime: z.string().nullish(), lng: raw, lat: raw, strong: raw }).loose();

export const rawZjInfoSchema = z
  .object({
    tfid: z.union([z.string(), z.number()]).transform(String),
    name: z.string().nullish(),
    enname: z.string().nullish(),
    isactive: raw,
    land: z.array(rawLand).nullish(),
    points: z.array(rawPoint).min(1),
  })
  .loose();

export const rawZjActivitySchema = z.array(
  z
    .object({
      tfid: z.union([z.string(), z.number()]).transform(String),
      name: z.string().nullish(),
      enname: z.string().nullish(),
      time: z.string(),
      lat: raw,
      lng: raw,
    })
    .loose(),
);

export const rawZjListSchema = z.array(
  z
    .object({
      tfid: z.union([z.string(), z.number()]).transform(String),
      name: z.string().nullish(),
      enname: z.string().nullish(),
      starttime: z.string().nullish(),
      endtime: z.string().nullish(),
      isactive: raw,
    })
    .loose(),
);

function requiredNumber(value: unknown, what: string): number {
  const n = numberOrNull(value);
  if (n === null) throw new ShapeError(`${what} is not a number: ${JSON.stringify(value)}`);
  return n;
}

/** Beijing time for bare timestamps, UTC for ISO timestamps with an offset. */
export function parseZjTime(text: string): Date {
  const iso = /[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text.trim()) ? new Date(text.trim()) : null;
  const date = iso && !Number.isNaN(iso.getTime()) ? iso : parseLocalTimestamp(text, 'beijing');
  if (!date) throw new ShapeError(`unreadable time ${JSON.stringify(text)}`);
  return date;
}

/** `"NE|SE|NW|SW"` (or one value for all quadrants) → `{ne, se, sw, nw}` in km. */
export function parseZjRadius(value: unknown): WindCircle | null {
  if (value === null || value === undefined) return null;
  const parts = String(value)
    .split('|')
    .map((part) => nonZeroOrNull(part.trim()));
  if (parts.every((p) => p === null)) return null;
  if (parts.length === 1) return { ne: parts[0] as number, se: parts[0] as number, sw: parts[0] as number, nw: parts[0] as number };
  if (parts.length !== 4) throw new ShapeError(`wind radius ${JSON.stringify(value)} has ${parts.length} parts`);
  const [ne, se, nw, sw] = parts as (number | null)[];
  return { ne: ne ?? null, se: se ?? null, sw: sw ?? null, nw: nw ?? null };
}

function point(p: z.infer<typeof rawPoint> | z.infer<typeof rawForecastPoint>, where: string): TrackPoint {
  const grade = gradeFromLabel(p.strong === null || p.strong === undefined ? null : String(p.strong));
  const speed = nonZeroOrNull(p.speed);
  const moving = 'movespeed' in p ? (p as z.infer<typeof rawPoint>) : null;
  return trackPoint({
    time: toBeijingIso(parseZjTime(p.time)),
    lat: requiredNumber(p.lat, `${where}.lat`),
    lng: normaliseLongitude(requiredNumber(p.lng, `${where}.lng`)),
    grade,
    speed,
    pressure: nonZeroOrNull(p.pressure),
    moveDir: moving
      ? compassFromText(moving.movedirection === null || moving.movedirection === undefined ? null : String(moving.movedirection))
      : null,
    moveSpeed: moving ? nonZeroOrNull(moving.movespeed) : null,
    radius7: moving ? parseZjRadius(moving.radius7) : null,
    radius10: moving ? parseZjRadius(moving.radius10) : null,
    radius12: moving ? parseZjRadius(moving.radius12) : null,
  });
}

/** `read`'s value; its ShapeError told by where the value is and what it is, never by the upstream's own text. */
function named<T>(where: string, what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ShapeError) throw new ShapeError(`${where}: ${what} that does not read`);
    throw error;
  }
}

/**
 * The latest point's forecast groups by agency. A group that cannot be read whole is left out, told to `unreadable`
 * (where it is, never the upstream's value), so that the storm's own track is still served; without `unreadable`
 * it throws.
 */
function forecasts(
  points: z.infer<typeof rawPoint>[],
  tfid: string,
  text: TextCheck,
  unreadable: ((detail: string) => void) | undefined,
): Forecasts {
  const groupsOf = (p: z.infer<typeof rawPoint>) => (p.forecast ? (Array.isArray(p.forecast) ? p.forecast : [p.forecast]) : []);
  const latest = [...points].reverse().find((p) => groupsOf(p).length > 0);
  const at = latest ? points.indexOf(latest) : -1;
  const result: Forecasts = {};
  for (const group of latest ? groupsOf(latest) : []) {
    const agency = agencyFor(group.tm, text.rejected, { field: 'forecast.tm', storm: tfid });
    if (!agency) continue;
    const where = `points.${at}.forecast.${group.tm}`;
    const [read] = readWhole(unreadable, () => ({
      issued: group.ybsj ? named(`${where}.ybsj`, 'a time', () => toBeijingIso(parseZjTime(group.ybsj as string))) : null,
      points: group.forecastpoints.map((fp, i) => named(`${where}.${i}`, 'a point', () => point(fp, `${where}.${i}`))),
    }));
    if (!read) continue;
    const [base, ...rest] = read.points;
    const strip = ({ time, lat, lng, strong, grade, power, speed, pressure }: TrackPoint) => ({
      time,
      lat,
      lng,
      strong,
      grade,
      power,
      speed,
      pressure,
    });
    result[agency.key] = {
      agency: agency.key,
      nameZh: agency.nameZh,
      nameEn: agency.nameEn,
      issuedAt: read.issued ?? base?.time ?? null,
      origin: base ? { time: base.time, lat: base.lat, lng: base.lng } : null,
      points: rest.map(strip),
    };
  }
  return result;
}

/**
 * Landfalls; entries without a place and time (one capture has a hand-edited track point there) are skipped. A
 * place that fails its check is left out as "" (no place text): the landfall's time and position still hold.
 */
function landfalls(land: z.infer<typeof rawLand>[], points: TrackPoint[], tfid: string, text: TextCheck): Landfall[] {
  return land
    .map((l, index) => ({ l, index }))
    .filter(({ l }) => l.landaddress && l.landtime)
    .map(({ l, index }) => {
      const time = parseZjTime(l.landtime as string);
      const nearest = points.reduce((best, p) =>
        Math.abs(Date.parse(p.time) - time.getTime()) < Math.abs(Date.parse(best.time) - time.getTime()) ? p : best,
      );
      const grade = gradeFromLabel(l.strong === null || l.strong === undefined ? null : String(l.strong)) ?? nearest.grade;
      const position =
        keep(checkPlace(l.landaddress, text.places), text.rejected, { field: `land[${index}].landaddress`, storm: tfid }) ?? '';
      return {
        time: toBeijingIso(time),
        lat: requiredNumber(l.lat, 'land.lat'),
        lng: normaliseLongitude(requiredNumber(l.lng, 'land.lng')),
        position,
        positionEn: placeInEnglish(position, text.places).en,
        strong: gradeName(grade),
        grade,
        speed: nearest.speed,
        pressure: nearest.pressure,
      };
    });
}

/** The names of a zj storm or season item, checked; the English one upper case. */
export function zjStormNames(item: { tfid: string; name?: string | null; enname?: string | null }, text: TextCheck) {
  const year = Number(item.tfid.slice(0, 4));
  return {
    name: keep(checkStormName(item.name, 'zh', year, text.names), text.rejected, { field: 'name', storm: item.tfid }),
    enname:
      keep(checkStormName(item.enname, 'en', year, text.names), text.rejected, { field: 'enname', storm: item.tfid })?.toUpperCase() ??
      null,
  };
}

/** `TyphoonInfo/{tfid}` (object or one-element array) in the service's own shape, its tfid checked; throws ShapeError on garbage. */
export function readZjInfo(json: unknown): z.infer<typeof rawZjInfoSchema> {
  const root = Array.isArray(json) && json.length === 1 ? json[0] : json;
  const parsed = rawZjInfoSchema.safeParse(root);
  if (!parsed.success)
    throw new ShapeError(
      `TyphoonInfo: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  const info = parsed.data;
  if (!/^\d{6}(\d{2})?$/.test(info.tfid)) throw new ShapeError(`TyphoonInfo: tfid ${info.tfid} is not 6 or 8 digits`);
  return info;
}

/**
 * `TyphoonInfo/{tfid}` (object or one-element array) → a live Typhoon record. Throws ShapeError on garbage. Given
 * `unreadable`, an agency's latest forecast that cannot be read whole is told there and left out, and the rest of
 * the storm is read; without it, it throws too.
 */
export function normalizeZjInfo(json: unknown, fetchedAt: Date, text: TextCheck, unreadable?: (detail: string) => void): Typhoon {
  const info = readZjInfo(json);
  const points = info.points.map((p, i) => point(p, `points.${i}`)).sort((a, b) => a.time.localeCompare(b.time));
  const { name, enname } = zjStormNames(info, text);
  const land = landfalls(info.land ?? [], points, info.tfid, text);
  const summary = trackSummary(points);
  return {
    code: info.tfid,
    name,
    enname,
    year: Number(info.tfid.slice(0, 4)),
    isActive: String(info.isactive ?? '1') === '1',
    ...summary,
    windPeriod: '2min',
    points,
    forecasts: forecasts(info.points, info.tfid, text, unreadable),
    land,
    landRecorded: true, // the service lists a storm's landfalls (land) as it records them
    cma: null,
    ids: unlinkedIds(info.tfid),
    zjId: info.tfid,
    provenance: {
      track: 'zj-live',
      nameZh: name ? 'zj-live' : null,
      nameEn: enname ? 'zj-live' : null,
      landfall: land.length ? 'zj-live' : null,
      windCircles: points.some((p) => p.radius7 || p.radius10 || p.radius12) ? 'zj-live' : null,
      motion: points.some((p) => p.moveDir || p.moveSpeed) ? 'zj-live' : null,
      ...headlineSources(summary, 'zj-live', 'zj-live'),
    },
    retiredName: false,
    live: { source: 'zj-live', fetchedAt: toBeijingIso(fetchedAt), publishedAt: latestTime(points), stale: false, staleReason: null },
  };
}

/**
 * `TyhoonActivity` → the active storms: each one's tfid and the time of its latest position (+08:00; null when
 * unreadable, which only means the storm's details must be asked).
 */
export function activeZjStorms(json: unknown): { tfid: string; latestAt: string | null }[] {
  const parsed = rawZjActivitySchema.safeParse(json);
  if (!parsed.success) throw new ShapeError(`TyhoonActivity: ${parsed.error.issues[0]?.message}`);
  const latest = (time: string) => {
    try {
      return toBeijingIso(parseZjTime(time));
    } catch {
      return null;
    }
  };
  return parsed.data.map((item) => ({ tfid: item.tfid, latestAt: latest(item.time) }));
}

/** `TyhoonActivity` → the tfids of the active storms. */
export const activeZjIds = (json: unknown): string[] => activeZjStorms(json).map((item) => item.tfid);

export interface SeasonItem {
  tfid: string;
  name: string | null;
  enname: string | null;
  start: string | null;
  end: string | null;
  active: boolean;
}

/** `TyphoonList/{year}` → season items. */
export function normalizeZjList(json: unknown, text: TextCheck): SeasonItem[] {
  const parsed = rawZjListSchema.safeParse(json);
  if (!parsed.success) throw new ShapeError(`TyphoonList: ${parsed.error.issues[0]?.message}`);
  return parsed.data.map((item) => ({
    tfid: item.tfid,
    ...zjStormNames(item, text),
    start: item.starttime ? toBeijingIso(parseZjTime(item.starttime)) : null,
    end: item.endtime ? toBeijingIso(parseZjTime(item.endtime)) : null,
    active: String(item.isactive) === '1',
  }));
}

/** One storm's TyphoonInfo as the service answers it (a refresh reads its forecasts too: src/forecasts/zj-issuances.ts). */
export const fetchZjInfo = (upstreams: Pick<LiveUpstreams, 'zjBase' | 'client'>, tfid: string): Promise<unknown> =>
  upstreams.client.json(`${upstreams.zjBase}/TyphoonInfo/${encodeURIComponent(tfid)}`);

/** One storm's TyphoonInfo, normalised: what a refresh fetches per active storm and `sources fetch` per finished one. */
export async function fetchZjTyphoon(
  upstreams: Pick<LiveUpstreams, 'zjBase' | 'client'>,
  tfid: string,
  now: Date,
  text: TextCheck,
): Promise<Typhoon> {
  return normalizeZjInfo(await fetchZjInfo(upstreams, tfid), now, text);
}
