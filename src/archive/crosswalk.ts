/**
 * The crosswalk: which storm of each other agency is each archived storm (`ids`), and the rules that decide it.
 *
 * - **Track match.** A storm and an agency's track are one storm when their centres lie within
 *   MATCH_DISTANCE_KM (src/archive/track-agreement.ts) at 2 or more instants both analysed, and at no fewer than
 *   half of those instants. Checked against the independent CMA↔JMA match of 1951–2018 (test/crosswalk-real.test.ts).
 * - **IBTrACS first.** Where an IBTrACS track matches, its SID is `ibtracs` and its USA_ATCF_ID (when it has
 *   exactly one) is `jtwc`; a JTWC b-deck that matches as well must name the same storm.
 * - **Numbers written in the sources.** CMA writes JMA's number in its header from 2017 and HKO writes it beside its
 *   own: where a JMA track matches, they must agree with it; where none does, they give it.
 * - **Never guessed.** A storm that matches two tracks of one agency, or whose sources disagree, keeps `null` for
 *   that agency, and the case is reported (data-quality report, `crosswalk-*`). A track may match several
 *   entries of ours: the storms CMA splits into a main entry and continuations ((-)1) are one storm to the agency.
 */
import type { AgencySource, AgencyTrack, HkoTrack, IbtracsTrack, JmaTrack, JtwcTrack } from '../model/agency-track-schemas.ts';
import type { StormIds, Typhoon } from '../model/schemas.ts';
import type { AgencyTracks } from '../sources/agencies/read-agency-sources.ts';
import type { DataQualityProblem } from './data-quality.ts';
import { FixIndex, MATCH_DISTANCE_KM, type Agreement, type Fix } from './track-agreement.ts';

/** A match needs this many agreeing instants, and agreement at this share of the instants both tracks have. */
export const MIN_AGREEING_FIXES = 2;
export const MIN_AGREEING_SHARE = 0.4;

export const MATCH_RULE =
  `centres within ${MATCH_DISTANCE_KM} km of each other at ${MIN_AGREEING_FIXES} or more instants both tracks have (UTC), ` +
  `and at no fewer than ${MIN_AGREEING_SHARE * 100}% of those instants`;

export type LinkMethod = 'track-match' | 'ibtracs' | 'cma-header' | 'hko-header';

/** One id of one storm, how it was found and, for a track match, how well the tracks agree. */
export interface CrosswalkLink {
  code: string;
  agency: AgencySource;
  id: string;
  method: LinkMethod;
  agreement: Agreement | null;
}

/** The other agencies' tracks of one storm, as linked. */
export interface LinkedTracks {
  jma?: JmaTrack;
  jtwc?: JtwcTrack;
  hko?: HkoTrack;
  ibtracs?: IbtracsTrack;
}

export interface Crosswalk {
  ids: Map<string, StormIds>;
  links: CrosswalkLink[];
  tracks: Map<string, LinkedTracks>;
  problems: DataQualityProblem[];
}

interface Candidate<T> {
  track: T;
  agreement: Agreement;
}

const fixesOf = (points: readonly { time: string; lat: number; lng: number }[]): Fix[] =>
  points.map((p) => ({ instant: Date.parse(p.time), lat: p.lat, lng: p.lng }));

/**
 * Per storm code, the tracks of one agency that match it, most agreeing first. Where several do, a track that
 * agrees at more instants with another storm of ours is that storm's and drops out (a neighbour passing close
 * for a few fixes); what is left over is for `decide` to judge.
 */
function trackMatches<T extends AgencyTrack>(storms: readonly Typhoon[], tracks: readonly T[]): Map<string, Candidate<T>[]> {
  const index = new FixIndex(tracks.map((t) => fixesOf(t.points)));
  const all = new Map<string, Candidate<T>[]>();
  const best = new Map<T, number>();
  for (const storm of storms) {
    const candidates: Candidate<T>[] = [];
    for (const [i, agreement] of index.agreements(fixesOf(storm.points))) {
      if (agreement.agreeing >= MIN_AGREEING_FIXES && agreement.agreeing >= agreement.shared * MIN_AGREEING_SHARE) {
        const track = tracks[i] as T;
        candidates.push({ track, agreement });
        best.set(track, Math.max(best.get(track) ?? 0, agreement.agreeing));
      }
    }
    if (candidates.length) all.set(storm.code, candidates.sort((a, b) => b.agreement.agreeing - a.agreement.agreeing || a.track.id.localeCompare(b.track.id)));
  }
  for (const [code, candidates] of all) {
    if (candidates.length < 2) continue;
    const own = candidates.filter((c) => c.agreement.agreeing === best.get(c.track));
    if (own.length) all.set(code, own);
  }
  return all;
}

/** The id the ids object shows for a track: ATCF ids in lower case as JTWC's file names write them. */
const shownId = (track: AgencyTrack) => (track.agency === 'jtwc' ? track.id.toLowerCase() : track.id);

/** The source file of a record, for the report: its CMA year file, else its zj file. */
const recordFile = (storm: Typhoon) => (storm.cma ? `cma-bst/CH${storm.cma.year}BST.txt` : `zj/${storm.zjId}.json`);

function problem(storm: Typhoon, agency: AgencySource, code: 'crosswalk-ambiguous' | 'crosswalk-conflict', value: unknown, rule: string): DataQualityProblem {
  return { code, file: recordFile(storm), field: `ids.${agency}`, value, rule, action: `ids.${agency} of ${storm.code} left null` };
}

const describeCandidates = (candidates: readonly Candidate<AgencyTrack>[]) =>
  candidates.map((c) => ({ id: shownId(c.track), agreeingFixes: c.agreement.agreeing, sharedFixes: c.agreement.shared }));

/** A single id offered by a source other than the track match. */
interface Offer {
  id: string;
  method: LinkMethod;
}

/**
 * The id of one agency: the track match (a single candidate), checked against the ids the sources write
 * (`offers`); when no track matches, the offers, if they agree. Anything else is reported and null.
 */
function decide(
  storm: Typhoon,
  agency: AgencySource,
  candidates: readonly Candidate<AgencyTrack>[],
  offers: readonly Offer[],
  problems: DataQualityProblem[],
): { id: string; method: LinkMethod; candidate: Candidate<AgencyTrack> | null } | null {
  if (candidates.length > 1 && offers.length === 0) {
    problems.push(problem(storm, agency, 'crosswalk-ambiguous', describeCandidates(candidates), `one track per agency matches a storm (${MATCH_RULE}); ${candidates.length} do`));
    return null;
  }
  const matched = candidates.length === 1 ? (candidates[0] as Candidate<AgencyTrack>) : null;
  const offered = new Set(offers.map((o) => o.id));
  if (offered.size > 1 || (matched && offered.size === 1 && !offered.has(shownId(matched.track)))) {
    const value = { trackMatch: matched ? shownId(matched.track) : null, ...Object.fromEntries(offers.map((o) => [o.method, o.id])) };
    problems.push(problem(storm, agency, 'crosswalk-conflict', value, 'the track match and the ids the sources write name one storm'));
    return null;
  }
  if (matched) return { id: shownId(matched.track), method: 'track-match', candidate: matched };
  const offer = offers[0];
  if (!offer) return null;
  // Several candidates and one id written in a source: the source settles it when it names one of them.
  const named = candidates.find((c) => shownId(c.track) === offer.id) ?? null;
  if (candidates.length > 1 && !named) {
    problems.push(problem(storm, agency, 'crosswalk-conflict', { candidates: describeCandidates(candidates), [offer.method]: offer.id }, 'the id a source writes is one of the matching tracks'));
    return null;
  }
  return { id: offer.id, method: offer.method, candidate: named };
}

/** The crosswalk of the archive's storms against every agency track read (any subset of agencies, or none). */
export function buildCrosswalk(storms: readonly Typhoon[], agencies: AgencyTracks): Crosswalk {
  const matches = {
    ibtracs: trackMatches(storms, agencies.ibtracs),
    jtwc: trackMatches(storms, agencies.jtwc),
    hko: trackMatches(storms, agencies.hko),
    jma: trackMatches(storms, agencies.jma),
  };
  const byId = <T extends AgencyTrack>(tracks: readonly T[]) => new Map(tracks.map((t) => [shownId(t), t]));
  const jmaById = byId(agencies.jma);
  const jtwcById = byId(agencies.jtwc);
  const result: Crosswalk = { ids: new Map(), links: [], tracks: new Map(), problems: [] };

  for (const storm of storms) {
    const ids: StormIds = { cma: storm.code, jma: null, jtwc: null, hko: null, ibtracs: null };
    const linked: LinkedTracks = {};
    const link = (agency: AgencySource, decided: ReturnType<typeof decide>) => {
      if (!decided) return;
      ids[agency] = decided.id;
      result.links.push({ code: storm.code, agency, id: decided.id, method: decided.method, agreement: decided.candidate?.agreement ?? null });
    };

    const ibtracs = decide(storm, 'ibtracs', matches.ibtracs.get(storm.code) ?? [], [], result.problems);
    link('ibtracs', ibtracs);
    if (ibtracs?.candidate) linked.ibtracs = ibtracs.candidate.track as IbtracsTrack;

    const atcfIds = linked.ibtracs?.usaAtcfIds.map((id) => id.toLowerCase()) ?? [];
    const jtwc = decide(storm, 'jtwc', matches.jtwc.get(storm.code) ?? [], atcfIds.map((id) => ({ id, method: 'ibtracs' })), result.problems);
    link('jtwc', jtwc);
    const jtwcTrack = jtwc && jtwcById.get(jtwc.id);
    if (jtwcTrack) linked.jtwc = jtwcTrack;

    const hko = decide(storm, 'hko', matches.hko.get(storm.code) ?? [], [], result.problems);
    link('hko', hko);
    if (hko?.candidate) linked.hko = hko.candidate.track as HkoTrack;

    const jmaOffers: Offer[] = [];
    if (storm.cma?.internationalNumber) jmaOffers.push({ id: storm.cma.internationalNumber, method: 'cma-header' });
    if (linked.hko?.jmaCode) jmaOffers.push({ id: linked.hko.jmaCode, method: 'hko-header' });
    const jma = decide(storm, 'jma', matches.jma.get(storm.code) ?? [], jmaOffers, result.problems);
    link('jma', jma);
    const jmaTrack = jma && jmaById.get(jma.id);
    if (jmaTrack) linked.jma = jmaTrack;

    result.ids.set(storm.code, ids);
    if (Object.keys(linked).length) result.tracks.set(storm.code, linked);
  }
  return result;
}
