/**
 * One forecast verified against a track by NHC's published rules (docs/data/verification.md):
 *
 * - at each lead of VERIFICATION_LEADS, the forecast position and wind against the verifying track's at the
 *   valid time (initial time + lead);
 * - only when the system is a tropical or subtropical cyclone (depressions included) in the verifying track at both
 *   the initial and the valid time; extratropical, remnant-low, wave and disturbance stages, and times the track
 *   does not cover, are left out;
 * - track error: the great-circle distance on the sphere of src/model/geo.ts (mean Earth radius 6371.0088 km);
 *   along- and cross-track: that error split along and across the verifying track's motion at the valid time (from
 *   its position 6 h before), positive ahead and to the right (the convention of DeMaria's along/cross-track code
 *   NHC's verifications use), on the plane tangent at the verifying position;
 * - intensity error: forecast minus verifying maximum wind, only when both are averaged over the same period.
 *
 * Best tracks are 6-hourly at 00, 06, 12 and 18 UTC, where NHC verifies. A valid time between two fixes (an
 * initial time off those hours, as some agencies' analyses are) is verified at the position interpolated along the
 * great circle between them (the wind linearly), only when they are at most 6 h apart and both a cyclone; the
 * lead is marked `interpolated`.
 */
import { greatCircleKm, initialBearing, type Position } from '../model/geo.ts';
import { pointOnArc, writeUnitVector } from '../model/sphere.ts';
import { toUtcIso } from '../model/time.ts';
import { KT_TO_MS, MS_TO_KT, NM_TO_KM } from '../model/units.ts';
import type { IssuanceWind } from '../model/forecast-schemas.ts';
import {
  isCycloneStage,
  VERIFICATION_LEADS,
  type ForecastVerification,
  type LeadVerification,
  type SystemStage,
  type TruthFix,
  type TruthTrack,
} from '../model/verification-schemas.ts';

const HOUR_MS = 3_600_000;
/** The longest gap between two fixes a verifying position is interpolated across. */
const MAX_INTERPOLATION_GAP_MS = 6 * HOUR_MS;
/** How far back the verifying track's motion is taken from. */
const MOTION_SPAN_MS = 6 * HOUR_MS;

/** What verification needs of a forecast: an issuance (src/forecasts/verification-set.ts) or a baseline. */
export interface VerifiableForecast {
  key: string;
  agency: string;
  stormId: string;
  basin: string;
  initialTime: string;
  wind: IssuanceWind;
  points: readonly { leadHours: number; validTime: string; lat: number; lng: number; wind: number | null }[];
}

interface VerifyingState extends Position {
  windKt: number | null;
  stage: SystemStage;
  interpolated: boolean;
}

type Lookup = { state: VerifyingState } | { state: null; why: 'outside' | 'gap' };

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The verifying track at an instant: a fix, or the interpolation between the fixes around it. */
export function truthAt(fixes: readonly TruthFix[], at: number): Lookup {
  let after = fixes.findIndex((f) => Date.parse(f.time) >= at);
  if (after === -1) return { state: null, why: 'outside' };
  const b = fixes[after] as TruthFix;
  const tb = Date.parse(b.time);
  if (tb === at) return { state: { lat: b.lat, lng: b.lng, windKt: b.windKt, stage: b.stage, interpolated: false } };
  if (after === 0) return { state: null, why: 'outside' };
  after -= 1;
  const a = fixes[after] as TruthFix;
  const ta = Date.parse(a.time);
  if (tb - ta > MAX_INTERPOLATION_GAP_MS) return { state: null, why: 'gap' };
  const fraction = (at - ta) / (tb - ta);
  const ends = new Float64Array(6);
  writeUnitVector(a.lat, a.lng, ends, 0);
  writeUnitVector(b.lat, b.lng, ends, 3);
  const { lat, lng } = pointOnArc(ends, 0, 3, fraction);
  const windKt = a.windKt === null || b.windKt === null ? null : a.windKt + (b.windKt - a.windKt) * fraction;
  // Between a cyclone fix and one that is not, the system was not a cyclone all along: the other stage stands.
  const stage = isCycloneStage(a.stage) ? b.stage : a.stage;
  return { state: { lat, lng, windKt, stage, interpolated: true } };
}

/** The direction (degrees clockwise from north) the verifying track moves in at an instant; null when it stands still. */
function motionAt(fixes: readonly TruthFix[], at: number, here: Position): number | null {
  const before = truthAt(fixes, at - MOTION_SPAN_MS).state;
  if (before && greatCircleKm(before, here) > 0) return (initialBearing(here, before) + 180) % 360;
  const after = truthAt(fixes, at + MOTION_SPAN_MS).state;
  if (after && greatCircleKm(here, after) > 0) return initialBearing(here, after);
  return null;
}

/** A forecast wind in kt (the issuance's unit, exact factor); null when not forecast. */
const windInKt = (wind: number | null, unit: IssuanceWind['unit']) => (wind === null ? null : unit === 'kt' ? wind : wind * MS_TO_KT);

function excluded(lead: number, validTime: string, why: NonNullable<LeadVerification['excluded']>): LeadVerification {
  return {
    leadHours: lead,
    validTime,
    verified: false,
    excluded: why,
    interpolated: false,
    trackErrorKm: null,
    trackErrorNm: null,
    alongTrackKm: null,
    alongTrackNm: null,
    crossTrackKm: null,
    crossTrackNm: null,
    intensityErrorKt: null,
    intensityErrorMs: null,
  };
}

export function verifyForecast(forecast: VerifiableForecast, truth: TruthTrack): ForecastVerification {
  const fixes = [...truth.fixes].sort((a, b) => a.time.localeCompare(b.time));
  const initialAt = Date.parse(forecast.initialTime);
  const atInitial = truthAt(fixes, initialAt).state;
  const cycloneAtInitial = atInitial !== null && isCycloneStage(atInitial.stage);
  const leads = VERIFICATION_LEADS.map((lead): LeadVerification => {
    const validAt = initialAt + lead * HOUR_MS;
    const validTime = toUtcIso(new Date(validAt));
    const point = forecast.points.find((p) => p.leadHours === lead);
    if (!point) return excluded(lead, validTime, 'no-forecast');
    if (!cycloneAtInitial) return excluded(lead, validTime, 'not-a-cyclone-at-initial');
    const found = truthAt(fixes, validAt);
    if (!found.state) {
      // Past the end of a final best track the system had ceased to be a cyclone; a provisional track may not
      // have reached that time yet.
      const pending = found.why === 'gap' || (truth.status === 'provisional' && validAt > Date.parse(fixes.at(-1)?.time ?? ''));
      return excluded(lead, validTime, pending ? 'no-verifying-position' : 'not-a-cyclone-at-valid');
    }
    const at = found.state;
    if (!isCycloneStage(at.stage)) return excluded(lead, validTime, 'not-a-cyclone-at-valid');
    const km = greatCircleKm(at, point);
    const heading = motionAt(fixes, validAt, at);
    const angle = heading === null || km === 0 ? null : ((initialBearing(at, point) - heading) * Math.PI) / 180;
    const along = angle === null ? (km === 0 ? 0 : null) : km * Math.cos(angle);
    const cross = angle === null ? (km === 0 ? 0 : null) : km * Math.sin(angle);
    const forecastKt = windInKt(point.wind, forecast.wind.unit);
    const comparable = forecast.wind.period !== null && forecast.wind.period === truth.windPeriod;
    const errorKt = comparable && forecastKt !== null && at.windKt !== null ? forecastKt - at.windKt : null;
    return {
      leadHours: lead,
      validTime,
      verified: true,
      excluded: null,
      interpolated: at.interpolated,
      trackErrorKm: round1(km),
      trackErrorNm: round1(km / NM_TO_KM),
      alongTrackKm: along === null ? null : round1(along),
      alongTrackNm: along === null ? null : round1(along / NM_TO_KM),
      crossTrackKm: cross === null ? null : round1(cross),
      crossTrackNm: cross === null ? null : round1(cross / NM_TO_KM),
      intensityErrorKt: errorKt === null ? null : round1(errorKt),
      intensityErrorMs: errorKt === null ? null : round1(errorKt * KT_TO_MS),
    };
  });
  return {
    key: forecast.key,
    agency: forecast.agency,
    stormId: forecast.stormId,
    basin: forecast.basin,
    initialTime: forecast.initialTime,
    status: truth.status,
    against: { source: truth.source, asOf: truth.asOf },
    leads,
  };
}
