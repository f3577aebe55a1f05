/**
 * Normalises China NMC's typhoon service (`list_default`, `view_{id}`), the failover source.
 * Formats: docs/data/formats.md#nmc. Rows are positional arrays; times are UTC `YYYYMMDDHHmm`
 * (one public tracker reads them as Beijing time, which is wrong); longitude comes before latitude;
 * numbers lose their leading zero in views (`523` = 0523); radii are labelled 30/50/64 KTS but given in km.
 * A view's names are upstream free text, checked by src/model/upstream-text.ts (what fails is left out and added
 * to the check's rejections); the list's names are not kept (the list only says which storms to ask for).
 */
import { z } from 'zod';
import { compassFromText } from '../model/compass.ts';
import { normaliseLongitude } from '../model/geo.ts';
import { gradeFromLabel } from '../model/grades.ts';
import { intensityOf, latestTime, trackPoint } from '../model/track-point.ts';
import { nonZeroOrNull } from '../model/numbers.ts';
import { ShapeError } from '../model/parse-problems.ts';
import type { Forecasts, TrackPoint, Typhoon, WindCircle } from '../model/typhoon-schemas.ts';
import { toBeijingIso, utcDate } from '../model/time.ts';
import { unlinkedIds } from '../model/storm-ids.ts';
import { headlineSources, trackSummary } from '../model/track-summary.ts';
import { checkStormName, keep, type TextCheck } from '../model/upstream-text.ts';
import { agencyFor } from './forecast-agencies.ts';

const cell = z.union([z.string(), z.number(), z.null()]);

export const rawNmcListSchema = z.object({ typhoonList: z.array(z.array(z.unknown()).min(8)) });

export const rawNmcPoint = z
  .tuple([
    cell,
    z.string(),
    cell,
    cell,
    z.number(),
    z.number(),
    cell,
    cell,
    cell,
    cell,
    z.array(z.array(cell)).nullable(),
    z.record(z.string(), z.array(z.array(cell))).nullable(),
  ])
  .rest(z.unknown());

export const rawNmcViewSchema = z.object({
  typhoon: z
    .tuple([
      z.number(),
      z.string().nullable(),
      z.string().nullable(),
      cell,
      cell,
      z.unknown(),
      z.unknown(),
      z.string(),
      z.array(z.unknown()),
    ])
    .rest(z.unknown()),
});

export interface NmcListItem {
  id: number;
  number: string;
  active: boolean;
}

export function normalizeNmcList(json: unknown): NmcListItem[] {
  const parsed = rawNmcListSchema.safeParse(json);
  if (!parsed.success) throw new ShapeError(`NMC list: ${parsed.error.issues[0]?.message}`);
  return parsed.data.typhoonList.map((row) => {
    const [id, , , number, , , , status] = row;
    if (typeof id !== 'number') throw new ShapeError(`NMC list: id ${JSON.stringify(id)} is not a number`);
    return {
      id,
      number: String(number ?? ''),
      active: status === 'start',
    };
  });
}

/** `YYYYMMDDHHmm` in UTC. */
export function nmcTime(text: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  const date = m && utcDate(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]));
  if (!date) throw new ShapeError(`NMC time ${JSON.stringify(text)} is not YYYYMMDDHHmm`);
  return date;
}

const RADIUS_FIELDS: Record<string, 'radius7' | 'radius10' | 'radius12'> = { '30KTS': 'radius7', '50KTS': 'radius10', '64KTS': 'radius12' };

function radii(rows: (string | number | null)[][] | null): Pick<TrackPoint, 'radius7' | 'radius10' | 'radius12'> {
  const result: Pick<TrackPoint, 'radius7' | 'radius10' | 'radius12'> = { radius7: null, radius10: null, radius12: null };
  for (const [label, ne, se, sw, nw] of rows ?? []) {
    const field = RADIUS_FIELDS[String(label)];
    if (!field) continue;
    const circle: WindCircle = { ne: nonZeroOrNull(ne), se: nonZeroOrNull(se), sw: nonZeroOrNull(sw), nw: nonZeroOrNull(nw) };
    if (Object.values(circle).some((v) => v !== null)) result[field] = circle;
  }
  return result;
}

const gradeOf = (label: unknown) => gradeFromLabel(typeof label === 'string' ? label : null);

/** `view_{id}` → a live Typhoon record; the code is the China number (`202628`) or the 8-digit unnamed id. */
export function normalizeNmcView(json: unknown, fetchedAt: Date, text: TextCheck): Typhoon {
  const parsed = rawNmcViewSchema.safeParse(json);
  if (!parsed.success)
    throw new ShapeError(
      `NMC view: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  const [, en, cn, number, , , , status, rawPoints] = parsed.data.typhoon;
  const rows = rawPoints.map((row, i) => {
    const p = rawNmcPoint.safeParse(row);
    if (!p.success) throw new ShapeError(`NMC view point ${i}: ${p.error.issues[0]?.message}`);
    return p.data;
  });
  if (rows.length === 0) throw new ShapeError('NMC view has no points');
  const points: TrackPoint[] = rows.map((row) => {
    const [, time, , grade, lng, lat, pressure, wind, dir, moveSpeed, radiusRows] = row;
    const speed = nonZeroOrNull(wind);
    return trackPoint({
      time: toBeijingIso(nmcTime(time)),
      lat,
      lng: normaliseLongitude(lng),
      grade: gradeOf(grade),
      speed,
      pressure: nonZeroOrNull(pressure),
      moveDir: compassFromText(typeof dir === 'string' ? dir : null),
      moveSpeed: nonZeroOrNull(moveSpeed),
      ...radii(radiusRows),
    });
  });
  const firstYear = Number(points[0]?.time.slice(0, 4));
  const digits = String(number ?? '');
  const code = digits.length === 8 ? digits : `${String(firstYear).slice(0, 2)}${digits.padStart(4, '0')}`;
  if (!/^\d{6}(\d{2})?$/.test(code)) throw new ShapeError(`NMC view: number ${JSON.stringify(number)} gives no code`);

  const last = rows[rows.length - 1];
  const forecasts: Forecasts = {};
  for (const [label, lines] of Object.entries(last?.[11] ?? {})) {
    const agency = agencyFor(label, text.rejected, { field: `typhoon[8][${rows.length - 1}][11]`, storm: code });
    if (!agency) continue;
    const base = lines[0]?.[1];
    const baseTime = typeof base === 'string' ? nmcTime(base) : null;
    const lastPoint = points[points.length - 1] as TrackPoint;
    forecasts[agency.key] = {
      agency: agency.key,
      nameZh: agency.nameZh,
      nameEn: agency.nameEn,
      issuedAt: baseTime ? toBeijingIso(baseTime) : null,
      origin: baseTime ? { time: toBeijingIso(baseTime), lat: lastPoint.lat, lng: lastPoint.lng } : null,
      points: lines.map(([tau, bt, lng, lat, pressure, wind, , grade]) => {
        const speed = nonZeroOrNull(wind);
        return {
          time: toBeijingIso(new Date(nmcTime(String(bt)).getTime() + Number(tau) * 3600_000)),
          lat: Number(lat),
          lng: normaliseLongitude(Number(lng)),
          ...intensityOf(gradeOf(grade), speed),
          speed,
          pressure: nonZeroOrNull(pressure),
        };
      }),
    };
  }
  const year = Number(code.slice(0, 4));
  const name = keep(checkStormName(cn, 'zh', year, text.names), text.rejected, { field: 'typhoon[2]', storm: code });
  const enname =
    keep(checkStormName(en, 'en', year, text.names), text.rejected, { field: 'typhoon[1]', storm: code })?.toUpperCase() ?? null;
  const summary = trackSummary(points);
  return {
    code,
    name,
    enname,
    year,
    isActive: status === 'start',
    ...summary,
    windPeriod: '2min',
    points,
    forecasts,
    land: [],
    landRecorded: false, // NMC's feed carries no landfalls
    cma: null,
    ids: unlinkedIds(code),
    zjId: null,
    provenance: {
      track: 'nmc',
      nameZh: name ? 'nmc' : null,
      nameEn: enname ? 'nmc' : null,
      landfall: null,
      windCircles: points.some((p) => p.radius7 || p.radius10 || p.radius12) ? 'nmc' : null,
      motion: points.some((p) => p.moveDir || p.moveSpeed) ? 'nmc' : null,
      ...headlineSources(summary, 'nmc', 'nmc'),
    },
    retiredName: false,
    live: { source: 'nmc', fetchedAt: toBeijingIso(fetchedAt), publishedAt: latestTime(points), stale: false, staleReason: null },
  };
}
