/**
 * Each agency's cone from its own measured errors, the way NHC sizes its cone (two thirds of its official track
 * errors of the previous five years fall inside the circle): at each verified lead, the radius within which a share
 * (two thirds by default) of the agency's track errors over a stated sample fall, by nearest rank (the smallest
 * error at least that share of the sample does not exceed). A lead with fewer than MIN_CASES errors gets no radius:
 * the cone stops before it. Between leads the radius is interpolated linearly; at 0 h it is 0. The sample travels
 * with the radii, so a cone always says what it was measured on.
 */
import { NM_TO_KM } from '../model/units.ts';
import { VERIFICATION_LEADS, type ForecastVerification } from '../model/verification-schemas.ts';

export const CONE_SHARE = 2 / 3;
/** Fewer errors than this at a lead give no radius there. */
export const MIN_CASES = 10;

export interface ConeRadii {
  agency: string;
  basin: string;
  /** The share of errors each radius covers. */
  share: number;
  /** What the radii were measured on. */
  sample: {
    forecasts: number;
    storms: number;
    firstInitialTime: string | null;
    lastInitialTime: string | null;
    /** The verifying tracks (source and status) of the sample. */
    against: string[];
  };
  leads: { leadHours: number; count: number; radiusKm: number | null; radiusNm: number | null }[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The radii of one agency and basin from its verified forecasts (the caller chooses the sample: years, status). */
export function measuredConeRadii(verifications: readonly ForecastVerification[], share = CONE_SHARE): ConeRadii {
  const first = verifications[0];
  if (!first) throw new Error('a cone needs a sample of verified forecasts');
  if (verifications.some((v) => v.agency !== first.agency || v.basin !== first.basin))
    throw new Error('a cone is measured on one agency and one basin');
  const times = verifications.map((v) => v.initialTime).sort();
  return {
    agency: first.agency,
    basin: first.basin,
    share,
    sample: {
      forecasts: verifications.length,
      storms: new Set(verifications.map((v) => v.stormId)).size,
      firstInitialTime: times[0] ?? null,
      lastInitialTime: times.at(-1) ?? null,
      against: [...new Set(verifications.map((v) => `${v.against.source} (${v.status})`))].sort(),
    },
    leads: VERIFICATION_LEADS.map((leadHours) => {
      const errors = verifications
        .flatMap((v) => v.leads.find((l) => l.leadHours === leadHours && l.verified)?.trackErrorKm ?? [])
        .sort((a, b) => a - b);
      if (errors.length < MIN_CASES) return { leadHours, count: errors.length, radiusKm: null, radiusNm: null };
      const radiusKm = errors[Math.ceil(share * errors.length) - 1] as number;
      return { leadHours, count: errors.length, radiusKm, radiusNm: round1(radiusKm / NM_TO_KM) };
    }),
  };
}

/** The radius at a lead time (km), interpolated between measured leads from 0 at 0 h; null past the last one. */
export function radiusAt(radii: ConeRadii, leadHours: number): number | null {
  // The measured leads up to the first without a radius: a gap ends the cone there.
  const known: { leadHours: number; radiusKm: number }[] = [{ leadHours: 0, radiusKm: 0 }];
  for (const l of radii.leads) {
    if (l.radiusKm === null) break;
    known.push({ leadHours: l.leadHours, radiusKm: l.radiusKm });
  }
  const upper = known.findIndex((l) => l.leadHours >= leadHours);
  if (leadHours < 0 || upper === -1) return null;
  const b = known[upper] as { leadHours: number; radiusKm: number };
  if (b.leadHours === leadHours) return b.radiusKm;
  const a = known[upper - 1] as { leadHours: number; radiusKm: number };
  return round1(a.radiusKm + ((b.radiusKm - a.radiusKm) * (leadHours - a.leadHours)) / (b.leadHours - a.leadHours));
}
