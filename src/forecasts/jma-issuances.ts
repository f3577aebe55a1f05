/**
 * JMA's own typhoon analysis and forecast (its VPTW6x XML document, 台風解析・予報情報, parsed by src/upstream/jma-xml.ts
 * and kept by the warnings part of the run) as an issuance of agency `jma`, product `jma-vptw`: the analysis (実況)
 * is the initial position and its time the initial time; the forecasts (予報, 延長予報) are the positions, their
 * hours after the analysis the leads. The estimate an hour on (推定) is not a forecast and is left out.
 *
 * Units as JMA gives them, none converted. The maximum wind is in knots, a 10-minute mean: JMA's XML gives 最大風速
 * in ノット and in m/s (気象庁防災情報XMLフォーマット, 台風解析・予報情報 解説資料, https://xml.kishou.go.jp/tec_material.html),
 * and its m/s are its own rounding of the knots (85 kt is written 45 m/s, 65 kt 35 m/s), so the knots are the finer
 * value; JMA defines the maximum wind of a tropical cyclone as the 10-minute mean (最大風速（10分間平均）:
 * https://www.jma.go.jp/jma/kishou/know/typhoon/1-1.html). Pressures are hPa; stages JMA's classes (TD, TS, STS, TY,
 * and LOW for an extratropical low). Times are JST in the document and UTC here, as every issuance's.
 *
 * A document without a forecast is not an issuance, and not a fault: JMA's hourly position documents (analysis and
 * estimate), its notices that a typhoon ended or that a depression will not become one carry none. A withdrawal
 * (取消) is not a forecast either. A document whose forecast cannot be read whole is refused (ShapeError): the
 * caller reports it and leaves it out.
 */
import type { ForecastPosition } from '../model/forecast-schemas.ts';
import { normaliseLongitude } from '../model/geo.ts';
import type { IssuanceDraft } from '../model/issuance-key.ts';
import type { JmaTyphoonDocument, JmaTyphoonPoint } from '../model/jma-typhoon-schemas.ts';
import { instantOf } from '../model/offset-time.ts';
import { ShapeError } from '../model/parse-problems.ts';
import { toUtcIso } from '../model/time.ts';

const HOUR_MS = 3_600_000;

/** A typhoon document as the warnings part keeps it: its file name, the parse, and the times it could not read. */
export interface JmaKeptDocument {
  file: string;
  document: JmaTyphoonDocument;
  unreadTimes: number;
}

/** The id a JMA forecast is kept under while no storm of the live list is linked to it: `jma-tc2425`. */
export const heldStormId = (eventId: string) => `jma-${eventId.toLowerCase()}`;

const utc = (time: string) => toUtcIso(new Date(instantOf(time)));

/** The issuance of a document, or null when it has no forecast; throws ShapeError when its forecast is not whole. */
export function jmaIssuance(kept: JmaKeptDocument, storm: IssuanceDraft['storm'], seenAt: Date): IssuanceDraft | null {
  const { document, file } = kept;
  const forecasts = document.points.filter((p) => p.kind === 'forecast');
  if (document.infoType === '取消' || (forecasts.length === 0 && kept.unreadTimes === 0)) return null;
  const refuse = (why: string) => new ShapeError(`${document.dataType} of ${document.reportTime}: ${why}: its forecast is left out`);
  if (kept.unreadTimes > 0) throw refuse(`${kept.unreadTimes} of its times could not be read`);
  const analysis = document.points.find((p) => p.kind === 'analysis');
  if (!analysis) throw refuse('no analysis (実況), so no initial time');
  const initial = instantOf(analysis.time);
  const position = (p: JmaTyphoonPoint): ForecastPosition => {
    if (p.lat === null || p.lng === null) throw refuse(`no centre at ${p.kind} ${p.hours} h`);
    if (instantOf(p.time) - initial !== p.hours * HOUR_MS)
      throw refuse(`its ${p.hours} h forecast is valid at ${p.time}, not ${p.hours} h after the analysis (${analysis.time})`);
    if (p.maxWindKt === null && p.maxWindMs !== null) throw refuse(`its maximum wind at ${p.hours} h is given in m/s only`);
    return {
      leadHours: p.hours,
      validTime: utc(p.time),
      lat: p.lat,
      lng: normaliseLongitude(p.lng),
      // JMA writes a maximum wind of 0 only to say it gives none (condition なし, which the parser reads as null; a
      // document kept before it did, for up to 72 hours, still holds the 0): never a wind.
      wind: p.maxWindKt === 0 ? null : p.maxWindKt,
      pressure: p.pressureHpa,
      stage: p.classCode,
    };
  };
  const points = forecasts.map(position);
  if (points.some((p, i) => i > 0 && p.leadHours <= (points[i - 1] as ForecastPosition).leadHours))
    throw refuse(`its forecast hours are not in order (${points.map((p) => p.leadHours).join(', ')})`);
  if ((points[0] as ForecastPosition).leadHours <= 0) throw refuse('a forecast at or before the analysis');
  return {
    agency: 'jma',
    basin: 'WP',
    storm,
    initialTime: utc(analysis.time),
    issuedAt: utc(document.reportTime),
    advisory: document.serial,
    wind: { unit: 'kt', period: '10min' },
    stageScheme: 'jma-class',
    initial: position(analysis),
    points,
    special: false,
    source: { product: 'jma-vptw', channel: 'live', file, tech: null, seenAt: toUtcIso(seenAt) },
  };
}
