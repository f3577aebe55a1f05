/**
 * The archive of every basin, from the parsed files (pure: values in, values out). Each storm has one record, the
 * official one of the basin where it formed (BASIN_RECORDS): NHC's HURDAT2 for the North Atlantic and the eastern
 * North and Central Pacific, IBTrACS for the North Indian, South Indian, South Pacific and South Atlantic, and
 * the CMA archive for the north-western Pacific, whose storms are given the same shape here (./cma-record.ts; their
 * own records stay the typhoon records).
 *
 * - IBTrACS storms formed elsewhere (a western-Pacific storm that enters the Bay of Bengal is in the NI file) are
 *   left to their basin's record; spur tracks (TRACK_TYPE spur, PROVISIONAL_spur: alternative positions of a
 *   storm, which IBTrACS says not to count) are left out.
 * - Links: a HURDAT2 storm's IBTrACS SID is the IBTrACS storm whose USA_ATCF_ID is its id (never guessed: two
 *   such storms leave it null, reported); a north-western Pacific storm's basins are its linked IBTrACS record's.
 * - Cross-checks: where IBTrACS's NA and EP files were read, every HURDAT2 storm should be in them and every IBTrACS
 *   storm of those basins with an NHC id in HURDAT2; each difference is reported (a season IBTrACS has only
 *   provisionally, a storm HURDAT2 has and IBTrACS lacks), none changes a record.
 */
import { BASIN_RECORDS, type ArchiveBasin, type ArchivedStorm, type ArchivedSummary } from '../../model/global-archive-schemas.ts';
import type { Hurdat2Storm } from '../../model/hurdat2-schemas.ts';
import type { IbtracsTrack } from '../../model/agency-track-schemas.ts';
import type { StormAgencies } from '../../model/agency-comparison-schemas.ts';
import type { Typhoon } from '../../model/typhoon-schemas.ts';
import { newestByAgency } from '../../sources/agencies/read-agency-sources.ts';
import type { IbtracsLink } from '../../sources/agencies/ibtracs-csv.ts';
import { summarizeArchived } from './archived-record.ts';
import { archivedFromCma } from './cma-record.ts';
import { archivedFromHurdat2 } from './hurdat2-record.ts';
import { archivedFromIbtracs } from './ibtracs-record.ts';

/** The north-western Pacific archive: its records (with their ids) and each one's agencies side by side (compareArchive). */
export interface NwPacificArchive {
  typhoons: readonly Typhoon[];
  /** code → /api/v1/typhoons/{code}/agencies; a storm not in it has none listed. */
  agencies: ReadonlyMap<string, StormAgencies>;
}

export interface GlobalArchiveInput {
  hurdat2: readonly Hurdat2Storm[];
  /** IBTrACS storms that may be records (their full tracks): those formed in NI, SI, SP, SA are taken, once each (a storm in two basin files is read twice). */
  ibtracs: readonly IbtracsTrack[];
  /** Every IBTrACS storm read, of any basin, for the links and cross-checks. */
  ibtracsLinks: readonly IbtracsLink[];
  nwPacific: NwPacificArchive | null;
}

export interface GlobalArchiveNote {
  /** `link`: an id could not be linked for sure; `crosscheck`: HURDAT2 and IBTrACS disagree on a storm's existence. */
  kind: 'link' | 'crosscheck';
  id: string;
  message: string;
}

export interface GlobalArchive {
  /** The records of every basin, the north-western Pacific's CMA records among them, in order of start (UTC), then id. */
  storms: ArchivedStorm[];
  /** The same storms in brief, in the same order: the order of the track-search files (storm i is summary i). */
  summaries: ArchivedSummary[];
  notes: GlobalArchiveNote[];
}

const SPURS = new Set(['spur', 'PROVISIONAL_spur']);

const byStart = (a: { startTime: string; id: string }, b: { startTime: string; id: string }) =>
  a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id);

/**
 * Each ATCF id (upper case) → the SIDs of the IBTrACS storms that carry it (a value may join two ids with `:`), each
 * SID once: a storm read from two files (a basin list and the ACTIVE list, or two versions) is one storm.
 */
function sidsByAtcf(links: readonly IbtracsLink[]): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const link of links)
    for (const atcf of link.usaAtcfIds.flatMap((ids) => ids.split(':'))) map.set(atcf, (map.get(atcf) ?? new Set()).add(link.sid));
  return new Map([...map].map(([atcf, sids]) => [atcf, [...sids]]));
}

/**
 * Where IBTrACS's NA or EP storms were read with their ATCF ids: the HURDAT2 storms of the seasons it lists that it
 * lacks, and its NHC-numbered storms of the seasons HURDAT2 holds that HURDAT2 lacks. Only the seasons both cover are
 * compared (by the SID's year and the ATCF id's), so a list of some seasons (ACTIVE, last3years) or an export without
 * USA_ATCF_ID gives no notes about the others.
 */
function crossCheck(hurdat2: readonly Hurdat2Storm[], links: readonly IbtracsLink[], sids: Map<string, string[]>): GlobalArchiveNote[] {
  const span = (years: number[]) => (years.length ? [Math.min(...years), Math.max(...years)] : null);
  const within = (range: number[] | null, year: number) => range !== null && year >= (range[0] as number) && year <= (range[1] as number);
  const basinOf = (atcf: string) => (atcf.startsWith('AL') ? 'NA' : 'EP');
  const listed = Object.fromEntries(
    (['NA', 'EP'] as const).map((basin) => [
      basin,
      span(links.filter((l) => l.basins.includes(basin) && l.usaAtcfIds.length > 0).map((l) => Number(l.sid.slice(0, 4)))),
    ]),
  );
  const held = Object.fromEntries(
    (['NA', 'EP'] as const).map((basin) => [basin, span(hurdat2.filter((s) => basinOf(s.id) === basin).map((s) => s.year))]),
  );
  const notes: GlobalArchiveNote[] = [];
  const ids = new Set(hurdat2.map((s) => s.id));
  for (const s of hurdat2)
    if (within(listed[basinOf(s.id)] ?? null, s.year) && !sids.has(s.id))
      notes.push({ kind: 'crosscheck', id: s.id, message: `HURDAT2 ${s.id} is in no IBTrACS storm read (by USA_ATCF_ID)` });
  for (const [atcf, storms] of sids)
    if (/^(AL|EP|CP)\d{6}$/.test(atcf) && within(held[basinOf(atcf)] ?? null, Number(atcf.slice(4))) && !ids.has(atcf))
      notes.push({ kind: 'crosscheck', id: atcf, message: `IBTrACS ${storms.join(', ')} (${atcf}) is in no HURDAT2 file read` });
  return notes;
}

export function buildGlobalArchive(input: GlobalArchiveInput): GlobalArchive {
  const notes: GlobalArchiveNote[] = [];
  const sids = sidsByAtcf(input.ibtracsLinks);
  const sidOf = (id: string): string | null => {
    const found = sids.get(id) ?? [];
    if (found.length > 1)
      notes.push({
        kind: 'link',
        id,
        message: `${id} is the USA_ATCF_ID of ${found.length} IBTrACS storms (${found.join(', ')}): no SID linked`,
      });
    return found.length === 1 ? (found[0] as string) : null;
  };
  const basinsBySid = new Map(input.ibtracsLinks.map((l) => [l.sid, l.basins]));
  const storms = [
    ...input.hurdat2.map((s) => archivedFromHurdat2(s, sidOf(s.id))),
    ...newestByAgency(input.ibtracs)
      .ibtracs.filter((t) => BASIN_RECORDS[t.basins[0] as ArchiveBasin] === 'ibtracs' && !SPURS.has(t.trackType ?? ''))
      .map(archivedFromIbtracs),
    ...(input.nwPacific?.typhoons ?? []).map((t) =>
      archivedFromCma(
        t,
        t.ids.ibtracs ? basinsBySid.get(t.ids.ibtracs) : undefined,
        input.nwPacific?.agencies.get(t.code)?.agencies.map((a) => a.agency) ?? [],
      ),
    ),
  ].sort(byStart);
  notes.push(...crossCheck(input.hurdat2, input.ibtracsLinks, sids));
  return { storms, summaries: storms.map(summarizeArchived), notes };
}
