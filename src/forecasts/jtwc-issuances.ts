/**
 * A JTWC warning's forecast (the `.tcw` file, JMV 3.0: src/upstream/jtwc.ts) as an issuance: `T000` is JTWC's
 * analysis at the warning's base time, `T012` … `T120` the forecast. Winds kt, 1-minute means; the file gives no
 * pressure and no stage. A warning with a Tnnn line that does not read has no whole forecast: it is refused (ShapeError),
 * and the caller reports it and leaves it out, never keeps the rest as if whole.
 */
import type { ForecastPosition } from '../model/forecast-schemas.ts';
import type { IssuanceDraft } from '../model/issuance-key.ts';
import { ShapeError } from '../model/parse-problems.ts';
import { toUtcIso } from '../model/time.ts';
import type { JtwcTcw } from '../upstream/jtwc.ts';
import { basinOfAtcfId } from './storm-basin.ts';

/**
 * The issuance of a warning `.tcw`, or null for a formation alert or a warning without forecast positions; throws
 * ShapeError when a forecast line does not read.
 */
export function jtwcTcwIssuance(tcw: JtwcTcw, from: { atcfId: string; file: string; seenAt: Date }): IssuanceDraft | null {
  if (tcw.kind !== 'warning') return null;
  if (tcw.unreadableTaus.length > 0)
    throw new ShapeError(`forecast lines that do not read: ${tcw.unreadableTaus.join(', ')}: its forecast is left out`);
  const position = (t: JtwcTcw['taus'][number]): ForecastPosition => ({
    leadHours: t.tau,
    validTime: toUtcIso(t.time),
    lat: t.lat,
    lng: t.lng,
    wind: t.windKt,
    pressure: null,
    stage: null,
  });
  const points = tcw.taus.filter((t) => t.tau > 0).map(position);
  if (points.length === 0) return null;
  const initial = tcw.taus.find((t) => t.tau === 0);
  return {
    agency: 'jtwc',
    basin: basinOfAtcfId(from.atcfId),
    storm: { id: from.atcfId, code: null, atcfId: from.atcfId, name: tcw.name },
    initialTime: toUtcIso(tcw.baseTime),
    issuedAt: tcw.issuedAt && toUtcIso(tcw.issuedAt),
    advisory: null,
    wind: { unit: 'kt', period: '1min' },
    stageScheme: null,
    initial: initial ? position(initial) : null,
    points,
    special: false,
    source: { product: 'jtwc-tcw', channel: 'live', file: from.file, tech: null, seenAt: toUtcIso(from.seenAt) },
  };
}
