/** Verified forecasts made here, for the cones measured on them (test/unit/forecast-cones.test.ts, forecast-geojson.test.ts). */
import { VERIFICATION_LEADS, type ForecastVerification, type LeadVerification } from '../../src/model/verification-schemas.ts';

/**
 * The `n`th verified forecast of a sample, whose track error is `km` at 12 h and grows in proportion to the lead, up
 * to `upTo` hours (the leads after it have no forecast); of NHC in the Atlantic unless another agency and basin are given.
 */
export function verifiedForecast(km: number, upTo: number, n: number, of = { agency: 'nhc', basin: 'AL' }): ForecastVerification {
  const lead = (leadHours: number): LeadVerification => ({
    leadHours,
    validTime: '2049-08-02T00:00:00Z',
    verified: leadHours <= upTo,
    excluded: leadHours <= upTo ? null : 'no-forecast',
    interpolated: false,
    trackErrorKm: leadHours <= upTo ? km * (leadHours / 12) : null,
    trackErrorNm: null,
    alongTrackKm: null,
    alongTrackNm: null,
    crossTrackKm: null,
    crossTrackNm: null,
    intensityErrorKt: null,
    intensityErrorMs: null,
  });
  return {
    key: `k${n}`,
    agency: of.agency,
    stormId: n % 2 ? 'al012049' : 'al022049',
    basin: of.basin,
    initialTime: `2049-08-${String(1 + (n % 28)).padStart(2, '0')}T00:00:00Z`,
    status: 'final',
    against: { source: 'hurdat2', asOf: null },
    leads: VERIFICATION_LEADS.map(lead),
  };
}
