/**
 * Means over verified forecasts, per lead time: the mean great-circle track error, the mean along- and cross-track
 * errors (biases), the mean absolute intensity error and the intensity bias, each with its sample count; grouped
 * per storm or per agency, basin and year; homogeneous comparisons (only the cases every compared forecast set
 * verified) and skill against a baseline on such a sample. Means are of the per-forecast values as published
 * (0.1 of a unit), rounded to 0.1.
 */
import {
  VERIFICATION_LEADS,
  type ForecastVerification,
  type LeadSkill,
  type LeadSummary,
  type LeadVerification,
} from '../model/verification-schemas.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (values: readonly number[]) => (values.length === 0 ? null : round1(values.reduce((s, v) => s + v, 0) / values.length));
const present = (values: readonly (number | null)[]) => values.filter((v): v is number => v !== null);

function leadSummary(leadHours: number, leads: readonly LeadVerification[]): LeadSummary {
  const track = leads.filter((l) => l.verified);
  const intensity = present(track.map((l) => l.intensityErrorKt));
  const intensityMs = present(track.map((l) => l.intensityErrorMs));
  return {
    leadHours,
    count: track.length,
    trackErrorKm: mean(present(track.map((l) => l.trackErrorKm))),
    trackErrorNm: mean(present(track.map((l) => l.trackErrorNm))),
    alongTrackBiasKm: mean(present(track.map((l) => l.alongTrackKm))),
    alongTrackBiasNm: mean(present(track.map((l) => l.alongTrackNm))),
    crossTrackBiasKm: mean(present(track.map((l) => l.crossTrackKm))),
    crossTrackBiasNm: mean(present(track.map((l) => l.crossTrackNm))),
    intensityCount: intensity.length,
    intensityErrorKt: mean(intensity.map(Math.abs)),
    intensityErrorMs: mean(intensityMs.map(Math.abs)),
    intensityBiasKt: mean(intensity),
    intensityBiasMs: mean(intensityMs),
  };
}

const leadOf = (v: ForecastVerification, hours: number) => v.leads.find((l) => l.leadHours === hours);

/** Per lead, the means over a set of verified forecasts. */
export function summarizeVerifications(verifications: readonly ForecastVerification[]): LeadSummary[] {
  return VERIFICATION_LEADS.map((hours) =>
    leadSummary(
      hours,
      verifications.flatMap((v) => leadOf(v, hours) ?? []),
    ),
  );
}

export interface VerificationGroup {
  agency: string;
  basin: string;
  /** The year of the initial times (UTC); null in a per-storm group. */
  year: number | null;
  /** The storm, in a per-storm group; null in a per-year group. */
  stormId: string | null;
  /** provisional when any forecast of the group was verified against a provisional track. */
  status: 'final' | 'provisional';
  forecasts: number;
  leads: LeadSummary[];
}

function grouped(verifications: readonly ForecastVerification[], keyOf: (v: ForecastVerification) => string, perStorm: boolean) {
  const groups = new Map<string, ForecastVerification[]>();
  for (const v of verifications) groups.set(keyOf(v), [...(groups.get(keyOf(v)) ?? []), v]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, members]): VerificationGroup => {
      const first = members[0] as ForecastVerification;
      return {
        agency: first.agency,
        basin: first.basin,
        year: perStorm ? null : Number(first.initialTime.slice(0, 4)),
        stormId: perStorm ? first.stormId : null,
        status: members.some((m) => m.status === 'provisional') ? 'provisional' : 'final',
        forecasts: members.length,
        leads: summarizeVerifications(members),
      };
    });
}

/** Per agency and storm. */
export const summarizeByStorm = (verifications: readonly ForecastVerification[]) =>
  grouped(verifications, (v) => `${v.agency}|${v.stormId}`, true);

/** Per agency, basin and year (of the initial time, UTC). */
export const summarizeByAgencyBasinYear = (verifications: readonly ForecastVerification[]) =>
  grouped(verifications, (v) => `${v.agency}|${v.basin}|${v.initialTime.slice(0, 4)}`, false);

const caseOf = (v: ForecastVerification) => `${v.stormId}|${v.initialTime}`;

/**
 * A homogeneous comparison: for each lead, only the cases (storm and initial time) that every set verified, for
 * track; and of those, only the ones every set verified for intensity, for intensity. Keys are the sets' names.
 */
export function homogeneousComparison(sets: Readonly<Record<string, readonly ForecastVerification[]>>): Record<string, LeadSummary[]> {
  const names = Object.keys(sets);
  const byCase = Object.fromEntries(names.map((n) => [n, new Map((sets[n] ?? []).map((v) => [caseOf(v), v]))]));
  const result: Record<string, LeadSummary[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const hours of VERIFICATION_LEADS) {
    const lead = (n: string, c: string) => leadOf(byCase[n]?.get(c) as ForecastVerification, hours);
    const first = byCase[names[0] as string] ?? new Map();
    const trackCases = [...first.keys()].filter((c) => names.every((n) => byCase[n]?.has(c) && lead(n, c)?.verified));
    const intensityCases = new Set(trackCases.filter((c) => names.every((n) => lead(n, c)?.intensityErrorKt !== null)));
    for (const n of names) {
      const track = leadSummary(
        hours,
        trackCases.map((c) => lead(n, c) as LeadVerification),
      );
      const intensity = leadSummary(
        hours,
        trackCases.filter((c) => intensityCases.has(c)).map((c) => lead(n, c) as LeadVerification),
      );
      result[n]?.push({
        ...track,
        intensityCount: intensity.intensityCount,
        intensityErrorKt: intensity.intensityErrorKt,
        intensityErrorMs: intensity.intensityErrorMs,
        intensityBiasKt: intensity.intensityBiasKt,
        intensityBiasMs: intensity.intensityBiasMs,
      });
    }
  }
  return result;
}

const skillOf = (error: number | null, baseline: number | null) =>
  error === null || baseline === null || baseline === 0 ? null : round1(100 * (1 - error / baseline));

/** Skill against a no-skill baseline, on a homogeneous sample of both (homogeneousComparison's output for the two). */
export function skillAgainst(forecast: readonly LeadSummary[], baseline: readonly LeadSummary[]): LeadSkill[] {
  return forecast.map((f, i) => {
    const b = baseline[i] as LeadSummary;
    return {
      leadHours: f.leadHours,
      count: f.count,
      trackSkillPct: skillOf(f.trackErrorKm, b.trackErrorKm),
      intensityCount: f.intensityCount,
      intensitySkillPct: skillOf(f.intensityErrorKt, b.intensityErrorKt),
    };
  });
}
