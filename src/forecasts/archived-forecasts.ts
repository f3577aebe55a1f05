/**
 * The historical official forecasts (the ATCF a-decks the build reads: src/sources/forecast-decks.ts) verified
 * against the archive's best tracks, and what the functions need to verify the live-kept issuances: the build's
 * part of docs/data/verification.md. Pure: decks, records and the baseline in; answers and the data file out.
 *
 * - Each a-deck's storm is found in the archive by its ATCF id: a north-western Pacific storm of the CMA archive by
 *   its JTWC id (the crosswalk, src/archive/crosswalk.ts), the other basins' records (issue 30: NHC's HURDAT2,
 *   IBTrACS's WMO agency track) by theirs. A deck whose storm the archive does not hold is not verified and not
 *   published (the build says how many).
 * - Baselines: NHC's own CLIPER5/Decay-SHIFOR5 of the a-deck (adeckBaseline) in NHC's basins; in the north-western
 *   Pacific the climatology-and-persistence baseline on the CMA track; none in the North Indian Ocean and the
 *   Southern Hemisphere (no public CLIPER coefficients there, none fitted here).
 * - Cones: each agency's and basin's radii (measuredConeRadii) from its final-verified forecasts of the latest
 *   CONE_SEASONS seasons read.
 * - Final tracks: the verifying tracks of the storms from LIVE_FORECASTS_SINCE on, by the id the live issuances
 *   carry (the code, the ATCF id), so that a function verifies a live-kept forecast again once its best track is final.
 */
import type {
  ArchivedStormVerification,
  ForecastStorm,
  HomogeneousComparisonAnswer,
  AgencyVerification,
} from '../model/forecast-answer-schemas.ts';
import type { ArchivedStorm } from '../model/global-archive-schemas.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import type { TruthTrack } from '../model/verification-schemas.ts';
import type { ForecastDeck } from '../sources/forecast-decks.ts';
import { deckName } from '../upstream/atcf.ts';
import { adeckBaseline } from './adeck-baselines.ts';
import { adeckIssuances } from './adeck-issuances.ts';
import { measuredConeRadii, type ConeRadii } from './error-cones.ts';
import { mergeIssuances } from './merge-issuances.ts';
import { basinOfAtcfId } from './storm-basin.ts';
import { truthFromArchivedStorm, truthFromTyphoon } from './truth-tracks.ts';
import { issuancesToVerify } from './verification-set.ts';
import { seasonVerification, verifyStorm, type BaselineForecasts, type VerifiedSet } from './verify-storm.ts';
import { persistenceForecastOnTrack, type PersistenceBaseline } from './wp-persistence-baseline.ts';

/** The first season the scheduled run kept issuances (issue 31): the final tracks the functions need start here. */
export const LIVE_FORECASTS_SINCE = 2026;
/** The seasons each agency's cone is measured on: the latest this many read (NHC sizes its cone on five). */
export const CONE_SEASONS = 5;

/** An archived storm as a verifying track, with its ids. */
export interface VerifyingStorm {
  archivedId: string;
  code: string | null;
  name: string | null;
  year: number;
  truth: TruthTrack;
}

/**
 * The archive's storms by ATCF id (lower case): the north-western Pacific's by the JTWC id the crosswalk gave them,
 * the other basins' by their record's ATCF id.
 */
export function verifyingStorms(typhoons: readonly Typhoon[], globalStorms: readonly ArchivedStorm[]): Map<string, VerifyingStorm> {
  const storms = new Map<string, VerifyingStorm>();
  for (const t of typhoons)
    if (t.ids.jtwc)
      storms.set(t.ids.jtwc.toLowerCase(), {
        archivedId: `cma-${t.code}`,
        code: t.code,
        name: t.enname,
        year: t.year,
        truth: truthFromTyphoon(t, null),
      });
  for (const s of globalStorms)
    if (s.links.atcf)
      storms.set(s.links.atcf, { archivedId: s.id, code: s.links.cma, name: s.name, year: s.year, truth: truthFromArchivedStorm(s) });
  return storms;
}

/** What the functions read (DATA_FILES.forecastArchive): the archived seasons' means, the cones, the final tracks, the baseline. */
export interface ForecastArchiveFile {
  /** Per season (year of the initial times), the archived forecasts' means per agency and basin, and the comparisons. */
  seasons: { year: number; groups: AgencyVerification[]; comparisons: HomogeneousComparisonAnswer[] }[];
  /** The archived storms whose verification the build wrote (/api/v1/verification/storms/{archivedId}). */
  storms: { archivedId: string; atcfId: string; code: string | null; year: number }[];
  /** Each agency's and basin's cone radii, with the sample they were measured on. */
  cones: ConeRadii[];
  /** The final verifying tracks of the storms from LIVE_FORECASTS_SINCE on, by the storm id of their live issuances. */
  finalTracks: Record<string, TruthTrack>;
  /** The north-western Pacific's baseline (content/baselines/wp-persistence-cma.json), for the live storms' skill. */
  wpBaseline: PersistenceBaseline | null;
}

export interface ArchivedForecasts {
  /** One per a-deck with an official forecast whose storm the archive holds, by archived id. */
  storms: ArchivedStormVerification[];
  /** A-decks with official forecasts whose storm the archive does not hold (ATCF ids). */
  unmatched: string[];
  file: ForecastArchiveFile;
}

/** The baseline of a storm: the deck's own (NHC's basins), or the north-western Pacific's persistence on the track. */
function baselineOf(
  deck: ForecastDeck,
  storm: ForecastStorm,
  truth: TruthTrack,
  initialTimes: readonly string[],
  wp: PersistenceBaseline | null,
): BaselineForecasts | null {
  if (storm.basin === 'WP') {
    if (!wp) return null;
    const forecasts = initialTimes.flatMap((t) => persistenceForecastOnTrack(wp, storm.id, truth, new Date(t)) ?? []);
    return forecasts.length ? { name: 'wp-persistence', forecasts } : null;
  }
  const own = adeckBaseline(deck.records, deck.atcfId);
  return own && { name: own.tech, forecasts: own.forecasts };
}

export function archivedForecasts(input: {
  decks: readonly ForecastDeck[];
  verifying: ReadonlyMap<string, VerifyingStorm>;
  wpBaseline: PersistenceBaseline | null;
}): ArchivedForecasts {
  const storms: ArchivedStormVerification[] = [];
  const listed: ForecastArchiveFile['storms'] = [];
  const sets: VerifiedSet[] = [];
  const unmatched: string[] = [];
  for (const deck of input.decks) {
    const drafts = adeckIssuances(deck.records, { atcfId: deck.atcfId, channel: 'archive', file: deck.file, seenAt: null });
    if (drafts.length === 0) continue;
    const found = input.verifying.get(deck.atcfId);
    if (!found) {
      unmatched.push(deck.atcfId);
      continue;
    }
    const { issuances } = mergeIssuances([], drafts);
    const storm: ForecastStorm = {
      id: deck.atcfId,
      code: found.code,
      atcfId: deck.atcfId,
      archivedId: found.archivedId,
      name: found.name ?? deckName(deck.records),
      basin: basinOfAtcfId(deck.atcfId),
    };
    const initialTimes = issuancesToVerify(issuances).map((i) => i.initialTime);
    const baseline = baselineOf(deck, storm, found.truth, initialTimes, input.wpBaseline);
    const { answer, set } = verifyStorm({ storm, source: 'archive', issuances, truth: found.truth, baseline });
    storms.push({ ...answer, source: 'archive', issuances });
    listed.push({ archivedId: found.archivedId, atcfId: deck.atcfId, code: found.code, year: found.year });
    sets.push(set);
  }
  const years = [...new Set(sets.flatMap((s) => s.verifications.map((v) => Number(v.initialTime.slice(0, 4)))))].sort((a, b) => a - b);
  const finalTracks: Record<string, TruthTrack> = {};
  for (const [atcfId, storm] of input.verifying)
    if (storm.year >= LIVE_FORECASTS_SINCE && storm.truth.status === 'final') finalTracks[storm.code ?? atcfId] = storm.truth;
  return {
    storms: storms.sort((a, b) => (a.storm.archivedId ?? '').localeCompare(b.storm.archivedId ?? '')),
    unmatched: unmatched.sort(),
    file: {
      seasons: years.map((year) => ({ year, ...seasonVerification(sets, year) })),
      storms: listed.sort((a, b) => a.archivedId.localeCompare(b.archivedId)),
      cones: measuredCones(sets, years.slice(-CONE_SEASONS)),
      finalTracks,
      wpBaseline: input.wpBaseline,
    },
  };
}

/** Each agency's and basin's cone from its final-verified forecasts of the seasons given; none without a radius at 12 h. */
function measuredCones(sets: readonly VerifiedSet[], seasons: readonly number[]): ConeRadii[] {
  const groups = new Map<string, VerifiedSet['verifications']>();
  for (const v of sets.flatMap((s) => s.verifications))
    if (v.status === 'final' && seasons.includes(Number(v.initialTime.slice(0, 4))))
      groups.set(`${v.agency}|${v.basin}`, [...(groups.get(`${v.agency}|${v.basin}`) ?? []), v]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, verifications]) => measuredConeRadii(verifications))
    .filter((radii) => radii.leads[0]?.radiusKm !== null);
}
