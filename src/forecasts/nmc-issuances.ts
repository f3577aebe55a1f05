/**
 * NMC's forecasts (`view_{id}`, the point field 11: `{"BABJ": [[tau, base time, lon, lat, hPa, m/s, "BABJ", grade],
 * …]}`) as issuances, from every point that has them, not only the latest (docs/data/formats.md#nmc). Times are UTC;
 * winds are CMA's 2-minute means in m/s, pressures hPa (`0`: not given). The point's own fix is the analysis when
 * its time is the forecasts' base time.
 */
import { normaliseLongitude } from '../model/geo.ts';
import { gradeFromLabel } from '../model/grades.ts';
import { nonZeroOrNull } from '../model/numbers.ts';
import { readWhole, ShapeError } from '../model/parse-problems.ts';
import type { IssuanceDraft } from '../model/issuance-key.ts';
import { toUtcIso } from '../model/time.ts';
import type { TextCheck } from '../model/upstream-text.ts';
import { agencyFor } from '../upstream/forecast-agencies.ts';
import { nmcTime, normalizeNmcView, rawNmcPoint, rawNmcViewSchema } from '../upstream/nmc-service.ts';

const HOUR_MS = 3_600_000;
const gradeOf = (label: unknown) => gradeFromLabel(typeof label === 'string' ? label : null);

/** A base time of the view; one that does not read is named by where it is, never quoted (upstream text). */
function timeOf(text: string, where: string): Date {
  try {
    return nmcTime(text);
  } catch {
    throw new ShapeError(`${where}: a base time that does not read`);
  }
}

/**
 * Every forecast of an NMC view; throws ShapeError on garbage. One point's forecast of an agency that cannot be read
 * whole (two base times, a line without a lead or a position) is one issuance: given `unreadable`, it is told there and
 * left out, and the others are read; without it, it throws.
 */
export function nmcIssuances(json: unknown, seenAt: Date, text: TextCheck, unreadable?: (detail: string) => void): IssuanceDraft[] {
  const storm = normalizeNmcView(json, seenAt, text);
  const view = rawNmcViewSchema.parse(json).typhoon;
  const rows = view[8].map((row) => rawNmcPoint.parse(row));
  return rows.flatMap((row, at) =>
    Object.entries(row[11] ?? {}).flatMap(([label, lines]): IssuanceDraft[] => {
      const [, time, , grade, lng, lat, pressure, wind] = row;
      // An unlisted label was reported by the normaliser above; here its forecast is only left out.
      const agency = agencyFor(label, [], { field: 'typhoon[8][][11]', storm: storm.code })?.key;
      if (lines.length === 0 || !agency) return [];
      const where = `NMC view ${storm.code}: point ${at}: ${agency}'s forecast`;
      return readWhole(unreadable, () => {
        const bases = new Set(lines.map((line) => String(line[1])));
        if (bases.size !== 1) throw new ShapeError(`${where} has ${bases.size} base times`);
        const base = timeOf([...bases][0] as string, where);
        const points = lines.map(([tau, , lon, la, hpa, ms, , stage]) => {
          const lead = Number(tau);
          if (!Number.isFinite(lead) || typeof lon !== 'number' || typeof la !== 'number')
            throw new ShapeError(`${where}: a line that does not read`);
          return {
            leadHours: lead,
            validTime: toUtcIso(new Date(base.getTime() + lead * HOUR_MS)),
            lat: la,
            lng: normaliseLongitude(lon),
            wind: nonZeroOrNull(ms),
            pressure: nonZeroOrNull(hpa),
            stage: gradeOf(stage),
          };
        });
        const own = nmcTime(time).getTime() === base.getTime();
        return {
          agency,
          basin: 'WP',
          storm: { id: storm.code, code: storm.code, atcfId: null, name: storm.enname },
          initialTime: toUtcIso(base),
          issuedAt: null,
          advisory: null,
          wind: { unit: 'm/s', period: '2min' },
          stageScheme: 'china-grade',
          initial: own
            ? {
                leadHours: 0,
                validTime: toUtcIso(base),
                lat,
                lng: normaliseLongitude(lng),
                wind: nonZeroOrNull(wind),
                pressure: nonZeroOrNull(pressure),
                stage: gradeOf(grade),
              }
            : null,
          points: points.filter((p) => p.leadHours > 0),
          special: false,
          source: { product: 'nmc-service', channel: 'live', file: `view_${view[0]}`, tech: null, seenAt: toUtcIso(seenAt) },
        };
      });
    }),
  );
}
