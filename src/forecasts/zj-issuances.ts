/**
 * The Zhejiang service's forecast groups (`TyphoonInfo`) as issuances, every agency it relays (中国 CMA, 日本 JMA,
 * 美国 JTWC, 中国香港 HKO, 中国台湾 CWA, …; src/upstream/forecast-agencies.ts). Every track point keeps the groups
 * issued at its own time (docs/data/formats.md#zhejiang-live-service), so all of them are read, not only the latest:
 * a fetch that failed is made up for by the next one.
 *
 * Each group's `forecastpoints[0]` is the agency's analysis, its time the initial time; the rest are forecast
 * positions. Times are Beijing time and become UTC; winds are m/s and pressures hPa as the service writes them
 * (`""`, `"0"`: not given). The service states no averaging period: CMA's winds are its 2-minute means (China's
 * practice, as the rest of the service); for the foreign agencies the period is left null, as the service does not
 * say whether it passes on each agency's own (JMA, HKO, CWA, KMA 10-min, JTWC 1-min) or something else.
 */
import type { z } from 'zod';
import { normaliseLongitude } from '../model/geo.ts';
import { gradeFromLabel } from '../model/grades.ts';
import { nonZeroOrNull, numberOrNull } from '../model/numbers.ts';
import { readWhole, ShapeError } from '../model/parse-problems.ts';
import type { ForecastPosition } from '../model/forecast-schemas.ts';
import type { IssuanceDraft } from '../model/issuance-key.ts';
import { toUtcIso } from '../model/time.ts';
import type { TextCheck } from '../model/upstream-text.ts';
import { agencyFor } from '../upstream/forecast-agencies.ts';
import { parseZjTime, type rawZjInfoSchema, readZjInfo, zjStormNames } from '../upstream/zj-service.ts';

type RawInfo = z.infer<typeof rawZjInfoSchema>;
type RawGroup = Exclude<NonNullable<RawInfo['points'][number]['forecast']>, unknown[]>;
type RawForecastPoint = RawGroup['forecastpoints'][number];

const HOUR_MS = 3_600_000;

/** A Beijing time of the payload; one that does not read is named by where it is, never quoted (upstream text). */
function timeAt(text: string, where: string): Date {
  try {
    return parseZjTime(text);
  } catch {
    throw new ShapeError(`${where}: a time that does not read`);
  }
}

function position(p: RawForecastPoint, initial: Date, where: string): ForecastPosition {
  const lat = numberOrNull(p.lat);
  const lng = numberOrNull(p.lng);
  if (lat === null || lng === null) throw new ShapeError(`${where}: no position`);
  const time = timeAt(p.time, where);
  return {
    leadHours: (time.getTime() - initial.getTime()) / HOUR_MS,
    validTime: toUtcIso(time),
    lat,
    lng: normaliseLongitude(lng),
    wind: nonZeroOrNull(p.speed),
    pressure: nonZeroOrNull(p.pressure),
    stage: gradeFromLabel(p.strong === null || p.strong === undefined ? null : String(p.strong)),
  };
}

/**
 * Every forecast group of a `TyphoonInfo` payload (object or one-element array); throws ShapeError on garbage. A group
 * that cannot be read whole (a point without a position, a time that does not read) is one issuance: given
 * `unreadable`, it is told there and left out, and the other groups are read; without it, it throws.
 */
export function zjIssuances(json: unknown, seenAt: Date, text: TextCheck, unreadable?: (detail: string) => void): IssuanceDraft[] {
  // Only the storm's identity is taken from the record (its track is the refresh's to read): its groups are read
  // (and told) below, each on its own.
  const info = readZjInfo(json);
  const storm = { code: info.tfid, enname: zjStormNames(info, text).enname };
  return info.points.flatMap((point, at) => {
    const groups: RawGroup[] = point.forecast ? (Array.isArray(point.forecast) ? point.forecast : [point.forecast]) : [];
    return groups.flatMap((group): IssuanceDraft[] => {
      const [first, ...rest] = group.forecastpoints;
      if (!first || rest.length === 0) return [];
      // An unlisted label was reported by the normaliser above; here its forecast is only left out.
      const agency = agencyFor(group.tm, [], { field: `points.${at}.forecast.tm`, storm: storm.code })?.key;
      if (!agency) return [];
      const where = `points.${at}.forecast.${group.tm}`;
      return readWhole(unreadable, () => {
        const initialTime = timeAt(first.time, `${where}.0`);
        return {
          agency,
          basin: 'WP',
          storm: { id: storm.code, code: storm.code, atcfId: null, name: storm.enname },
          initialTime: toUtcIso(initialTime),
          issuedAt: group.ybsj ? toUtcIso(timeAt(group.ybsj, `${where}.ybsj`)) : null,
          advisory: null,
          wind: { unit: 'm/s', period: agency === 'cma' ? '2min' : null },
          stageScheme: 'china-grade',
          initial: position(first, initialTime, `${where}.0`),
          points: rest.map((p, i) => position(p, initialTime, `${where}.${i + 1}`)),
          special: false,
          source: { product: 'zj-service', channel: 'live', file: `TyphoonInfo/${storm.code}`, tech: null, seenAt: toUtcIso(seenAt) },
        };
      });
    });
  });
}
