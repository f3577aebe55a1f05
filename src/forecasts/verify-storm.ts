/**
 * A storm's forecasts verified by docs/data/verification.md's rules, the one way for both kinds of storm: an archived
 * storm's official forecasts from its a-deck (the build, against the archive's best track) and a live storm's kept
 * issuances (a function, against the final best track once the build has it, else the operational track kept with
 * them). One forecast per agency and initial time (issuancesToVerify); per agency its means and its skill against
 * the basin's no-skill baseline on the cases both verified; every two agencies side by side on the cases both
 * verified.
 */
import type {
  AgencyVerification,
  ForecastStorm,
  HomogeneousComparisonAnswer,
  StormVerification,
} from '../model/forecast-answer-schemas.ts';
import type { Issuance } from '../model/forecast-schemas.ts';
import type { ForecastVerification, TruthTrack } from '../model/verification-schemas.ts';
import { issuancesToVerify, verifiableIssuance } from './verification-set.ts';
import { homogeneousComparison, skillAgainst, summarizeVerifications } from './verification-summary.ts';
import { verifyForecast, type VerifiableForecast } from './verify-forecast.ts';

/** A baseline's forecasts of the storm (OCD5 from its a-deck; the north-western Pacific's persistence), under its name. */
export interface BaselineForecasts {
  name: string;
  forecasts: readonly VerifiableForecast[];
}

/** Verified forecasts of a set of storms of one source, with their baseline's: what the season's means are made of. */
export interface VerifiedSet {
  source: StormVerification['source'];
  verifications: ForecastVerification[];
  baseline: { name: string; verifications: ForecastVerification[] } | null;
}

const byAgency = (verifications: readonly ForecastVerification[]) => {
  const groups = new Map<string, ForecastVerification[]>();
  for (const v of verifications) groups.set(v.agency, [...(groups.get(v.agency) ?? []), v]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
};

const newestFirst = (a: ForecastVerification, b: ForecastVerification) =>
  b.initialTime.localeCompare(a.initialTime) || a.agency.localeCompare(b.agency);

/** One agency's means over its verified forecasts, with its skill against the baseline on the cases both verified. */
export function agencyVerification(
  verifications: readonly ForecastVerification[],
  about: Pick<AgencyVerification, 'agency' | 'basin' | 'year' | 'source'>,
  baseline: VerifiedSet['baseline'],
): AgencyVerification {
  const sample = baseline && homogeneousComparison({ forecast: verifications, baseline: baseline.verifications });
  return {
    ...about,
    status: verifications.some((v) => v.status === 'provisional') ? 'provisional' : 'final',
    forecasts: verifications.length,
    leads: summarizeVerifications(verifications),
    skill: sample && baseline ? { baseline: baseline.name, leads: skillAgainst(sample.forecast ?? [], sample.baseline ?? []) } : null,
  };
}

/** Every two agencies of a set side by side on the cases both verified. */
export function pairwiseComparisons(
  verifications: readonly ForecastVerification[],
  about: Pick<HomogeneousComparisonAnswer, 'basin' | 'year' | 'source'>,
): HomogeneousComparisonAnswer[] {
  const agencies = byAgency(verifications);
  return agencies.flatMap(([a, first], i) =>
    agencies.slice(i + 1).map(([b, second]) => {
      const compared = homogeneousComparison({ [a]: first, [b]: second });
      return {
        ...about,
        agencies: [a, b],
        leads: [
          { agency: a, leads: compared[a] ?? [] },
          { agency: b, leads: compared[b] ?? [] },
        ],
      };
    }),
  );
}

export function verifyStorm(input: {
  storm: ForecastStorm;
  source: StormVerification['source'];
  issuances: readonly Issuance[];
  truth: TruthTrack | null;
  baseline: BaselineForecasts | null;
}): { answer: StormVerification; set: VerifiedSet } {
  const { storm, source, truth } = input;
  const verifications = truth ? issuancesToVerify(input.issuances).map((i) => verifyForecast(verifiableIssuance(i), truth)) : [];
  const baseline =
    truth && input.baseline?.forecasts.length
      ? { name: input.baseline.name, verifications: input.baseline.forecasts.map((f) => verifyForecast(f, truth)) }
      : null;
  const answer: StormVerification = {
    storm,
    source,
    against: truth && { source: truth.source, status: truth.status, asOf: truth.asOf },
    agencies: byAgency(verifications).map(([agency, own]) =>
      agencyVerification(own, { agency, basin: storm.basin, year: null, source }, baseline),
    ),
    comparisons: pairwiseComparisons(verifications, { basin: storm.basin, year: null, source }),
    forecasts: [...verifications].sort(newestFirst),
  };
  return { answer, set: { source, verifications, baseline } };
}

/**
 * One season's means per agency, basin and source, from the verified sets of its storms: each group's skill against
 * the baselines of the same basin's storms, and every two agencies of a basin and source side by side.
 */
export function seasonVerification(
  sets: readonly VerifiedSet[],
  year: number,
): { groups: AgencyVerification[]; comparisons: HomogeneousComparisonAnswer[] } {
  const inYear = (v: ForecastVerification) => Number(v.initialTime.slice(0, 4)) === year;
  const keyed = new Map<
    string,
    { source: VerifiedSet['source']; basin: string; own: ForecastVerification[]; baseline: ForecastVerification[]; names: Set<string> }
  >();
  for (const set of sets)
    for (const v of set.verifications.filter(inYear)) {
      const key = `${set.source}|${v.basin}`;
      const entry = keyed.get(key) ?? { source: set.source, basin: v.basin, own: [], baseline: [], names: new Set<string>() };
      entry.own.push(v);
      keyed.set(key, entry);
    }
  for (const set of sets) {
    if (!set.baseline) continue;
    for (const v of set.baseline.verifications.filter(inYear)) {
      const entry = keyed.get(`${set.source}|${v.basin}`);
      if (!entry) continue;
      entry.baseline.push(v);
      entry.names.add(set.baseline.name);
    }
  }
  const groups: AgencyVerification[] = [];
  const comparisons: HomogeneousComparisonAnswer[] = [];
  for (const [, entry] of [...keyed].sort(([a], [b]) => a.localeCompare(b))) {
    const baseline = entry.baseline.length ? { name: [...entry.names].sort().join('+'), verifications: entry.baseline } : null;
    for (const [agency, own] of byAgency(entry.own))
      groups.push(agencyVerification(own, { agency, basin: entry.basin, year, source: entry.source }, baseline));
    comparisons.push(...pairwiseComparisons(entry.own, { basin: entry.basin, year, source: entry.source }));
  }
  return { groups, comparisons };
}
