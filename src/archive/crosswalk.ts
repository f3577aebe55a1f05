/**
 * The crosswalk: which storm of each other agency is each archived storm (`ids`), and the rules that decide it.
 *
 * - **Track match.** A storm and an agency's track are one storm when their centres lie within
 *   MATCH_DISTANCE_KM (src/archive/track-agreement.ts) at 2 or more instants both analysed, and at no fewer than
 *   half of those instants. Checked against the independent CMA↔JMA match of 1951–2018 (test/real-data/crosswalk.test.ts).
 * - **IBTrACS first.** Where an IBTrACS track matches, its SID is `ibtracs` and its USA_ATCF_ID (when it has
 *   exactly one) is `jtwc`; a JTWC b-deck that matches as well must name the same storm.
 * - **Numbers written in the sources.** CMA writes JMA's number in its header from 2017 and HKO writes it beside its
 *   own: where a JMA track matches, they must agree with it; where none does, they give it.
 * - **Never guessed.** A storm that matches two tracks of one agency, or whose sources disagree, keeps `null` for
 *   that agency, and the case is reported (data-quality report, `crosswalk-*`). A track may match several
 *   entries of ours: the storms CMA splits into a main entry and continuations ((-)1) are one storm to the agency.
 * - **The track shown, measured.** Each agency's track of a storm (`tracks`) is the one in its own file when that
 *   is linked, else the linked IBTrACS record's columns for the agency. A link's figures (`agreement`) measure that
 *   very track against the storm's, whatever found the id: never another record's figures.
 */
import type { StormAgencyTrack } from '../model/agency-comparison-schemas.ts';
import type { AgencyPoint, AgencySource, AgencyTrack, HkoTrack, IbtracsTrack } from '../model/agency-track-schemas.ts';
import type { StormIds, Typhoon } from '../model/typhoon-schemas.ts';
import type { AgencyTracks } from '../sources/agencies/read-agency-sources.ts';
import type { DataQualityProblem } from './data-quality.ts';
import { agreementOf, FixIndex, MATCH_DISTANCE_KM, type Agreement, type Fix } from './track-agreement.ts';

/** A match needs this many agreeing instants, and agreement at this share of the instants both tracks have. */
export const MIN_AGREEING_FIXES = 2;
export const MIN_AGREEING_SHARE = 0.4;

export const MATCH_RULE =
  `centres within ${MATCH_DISTANCE_KM} km of each other at ${MIN_AGREEING_FIXES} or more instants both tracks have (UTC), ` +
  `and at no fewer than ${MIN_AGREEING_SHARE * 100}% of those instants`;

export type LinkMethod = 'track-match' | 'ibtracs' | 'cma-header' | 'hko-header';

/**
 * One agency's link to one storm: its id, how it was found, and how well the agency's track agrees with the storm's
 * (the track in `tracks`; for `ibtracs` the record's own positions). `id` is null where IBTrACS's columns give the
 * agency's track but no id of it (method `ibtracs`); `agreement` is null where no track of the agency was read
 * (an id written in a header alone).
 */
export interface CrosswalkLink {
  code: string;
  agency: AgencySource;
  id: string | null;
  method: LinkMethod;
  agreement: Agreement | null;
}

/** The agencies whose tracks are shown beside the archive's (IBTrACS is a record they may be read from). */
export type TrackAgency = Exclude<AgencySource, 'ibtracs'>;

/** One agency's track of a storm, as linked: from its own best-track file, or from IBTrACS's columns for it. */
export interface LinkedTrack {
  source: Exclude<StormAgencyTrack['source'], 'cma-bst' | 'zj'>;
  name: string | null;
  points: AgencyPoint[];
}

/** The other agencies' tracks of one storm, as linked, and the IBTrACS record linked. */
export interface LinkedTracks {
  jma?: LinkedTrack;
  jtwc?: LinkedTrack;
  hko?: LinkedTrack;
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
    if (candidates.length)
      all.set(
        storm.code,
        candidates.sort((a, b) => b.agreement.agreeing - a.agreement.agreeing || a.track.id.localeCompare(b.track.id)),
      );
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

function problem(
  storm: Typhoon,
  agency: AgencySource,
  code: 'crosswalk-ambiguous' | 'crosswalk-conflict',
  value: unknown,
  rule: string,
): DataQualityProblem {
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
interface Decision {
  id: string;
  method: LinkMethod;
  candidate: Candidate<AgencyTrack> | null;
}

function decide(
  storm: Typhoon,
  agency: AgencySource,
  candidates: readonly Candidate<AgencyTrack>[],
  offers: readonly Offer[],
  problems: DataQualityProblem[],
): Decision | null {
  if (candidates.length > 1 && offers.length === 0) {
    problems.push(
      problem(
        storm,
        agency,
        'crosswalk-ambiguous',
        describeCandidates(candidates),
        `one track per agency matches a storm (${MATCH_RULE}); ${candidates.length} do`,
      ),
    );
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
    problems.push(
      problem(
        storm,
        agency,
        'crosswalk-conflict',
        { candidates: describeCandidates(candidates), [offer.method]: offer.id },
        'the id a source writes is one of the matching tracks',
      ),
    );
    return null;
  }
  return { id: offer.id, method: offer.method, candidate: named };
}

const OWN_FILE = { jma: 'jma-bst', jtwc: 'jtwc-bdeck', hko: 'hko-bst' } as const;
const IBTRACS_COLUMNS = { jma: 'tokyo', jtwc: 'usa', hko: 'hko' } as const;

/** An agency's track in an IBTrACS record's columns for it: the rows that are its own analysis (IFLAG `O`), with a position. */
function ibtracsColumns(record: IbtracsTrack, agency: TrackAgency): LinkedTrack | null {
  const points = record.points.flatMap((p): AgencyPoint[] => {
    const fix = p.agencies[IBTRACS_COLUMNS[agency]];
    if (!fix?.original || fix.lat === null || fix.lng === null) return [];
    return [
      { time: p.time, lat: fix.lat, lng: fix.lng, windKt: fix.windKt, windMs: fix.windMs, pressureHpa: fix.pressureHpa, grade: fix.grade },
    ];
  });
  return points.length ? { source: 'ibtracs', name: record.name, points } : null;
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
    const fixes = fixesOf(storm.points);
    /** An agency's id (when one was decided) and its link, measured on the track shown for it. */
    const link = (agency: AgencySource, decided: Decision | null, track: { points: readonly AgencyPoint[] } | null | undefined) => {
      if (decided) ids[agency] = decided.id;
      if (!decided && !track) return;
      const agreement = track ? agreementOf(fixes, fixesOf(track.points)) : null;
      result.links.push({ code: storm.code, agency, id: decided?.id ?? null, method: decided?.method ?? 'ibtracs', agreement });
    };
    /** The track shown for an agency: its own file's where that is linked, else the IBTrACS record's columns. */
    const shown = (agency: TrackAgency, own: AgencyTrack | null | undefined) => {
      const track = own
        ? { source: OWN_FILE[agency], name: own.name, points: own.points }
        : linked.ibtracs
          ? ibtracsColumns(linked.ibtracs, agency)
          : null;
      if (track) linked[agency] = track;
      return track;
    };

    const ibtracs = decide(storm, 'ibtracs', matches.ibtracs.get(storm.code) ?? [], [], result.problems);
    if (ibtracs?.candidate) linked.ibtracs = ibtracs.candidate.track as IbtracsTrack;
    link('ibtracs', ibtracs, linked.ibtracs);

    const atcfIds = linked.ibtracs?.usaAtcfIds.map((id) => id.toLowerCase()) ?? [];
    const jtwc = decide(
      storm,
      'jtwc',
      matches.jtwc.get(storm.code) ?? [],
      atcfIds.map((id) => ({ id, method: 'ibtracs' })),
      result.problems,
    );
    link('jtwc', jtwc, shown('jtwc', jtwc && jtwcById.get(jtwc.id)));

    const hko = decide(storm, 'hko', matches.hko.get(storm.code) ?? [], [], result.problems);
    const hkoTrack = hko?.candidate?.track as HkoTrack | undefined;
    link('hko', hko, shown('hko', hkoTrack));

    const jmaOffers: Offer[] = [];
    if (storm.cma?.internationalNumber) jmaOffers.push({ id: storm.cma.internationalNumber, method: 'cma-header' });
    if (hkoTrack?.jmaCode) jmaOffers.push({ id: hkoTrack.jmaCode, method: 'hko-header' });
    const jma = decide(storm, 'jma', matches.jma.get(storm.code) ?? [], jmaOffers, result.problems);
    link('jma', jma, shown('jma', jma && jmaById.get(jma.id)));

    result.ids.set(storm.code, ids);
    if (Object.keys(linked).length) result.tracks.set(storm.code, linked);
  }
  return result;
}
