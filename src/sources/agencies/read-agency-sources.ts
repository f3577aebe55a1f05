/**
 * Reads the other agencies' best tracks that are present in an agencies folder (`<sources>/agencies/`: jma/,
 * jtwc/, hko/, ibtracs/; any subset, or none) and returns every storm grouped by agency. Files overlap (IBTrACS WP and
 * ACTIVE lists, copies of bst_all, a b-deck beside its year's zip): one track is kept per agency and id, the
 * newest (JMA's later revision date, else the later last fix, else more fixes).
 *
 * Problems carry their file and line like the archive's; they do not stop a build (nothing is published from
 * these tracks yet), but the values they concern are left out and the build prints them.
 */
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import { AGENCY_SOURCES, type AgencySource, type AgencyTrack } from '../../model/agency-track-schemas.ts';
import type { FileProblem, FileRejection } from '../../model/parse-problems.ts';
import { AGENCY_FORMATS, parseAgencyFile } from './agency-files.ts';

/** The folder under the sources folder that holds them. */
export const AGENCIES_DIR = 'agencies';

export type AgencyTracks = { [A in AgencySource]: Extract<AgencyTrack, { agency: A }>[] };

export interface AgencySources {
  tracks: AgencyTracks;
  /** Files read per agency, relative to the agencies folder (`jma/bst_all.zip`). */
  files: Record<AgencySource, string[]>;
  /** Every problem, with its file (relative to the agencies folder; `x.zip/member` inside a zip) and line. */
  problems: FileProblem[];
  /** Names left out by the upstream-text check, with their files (they go to the data-quality report). */
  rejected: FileRejection[];
}

export async function listAgencyFiles(agenciesDir: string, agency: AgencySource): Promise<string[]> {
  const names = await fg(AGENCY_FORMATS[agency].globs, { cwd: path.join(agenciesDir, agency), onlyFiles: true }).catch(() => []);
  return names.sort().map((name) => path.posix.join(agency, name));
}

const lastTime = (track: AgencyTrack) => track.points[track.points.length - 1]?.time ?? '';

/** Whether `a` is a newer analysis of the same storm than `b`. */
function newer(a: AgencyTrack, b: AgencyTrack): boolean {
  if (a.agency === 'jma' && b.agency === 'jma' && a.revisedOn && b.revisedOn && a.revisedOn !== b.revisedOn)
    return a.revisedOn > b.revisedOn;
  if (lastTime(a) !== lastTime(b)) return lastTime(a) > lastTime(b);
  return a.points.length > b.points.length;
}

/** The tracks by agency, one per agency and id (the newest), in order of first fix, then id. */
export function newestByAgency(tracks: readonly AgencyTrack[]): AgencyTracks {
  const byKey = new Map<string, AgencyTrack>();
  for (const track of tracks) {
    const key = `${track.agency}/${track.id}`;
    const seen = byKey.get(key);
    if (!seen || newer(track, seen)) byKey.set(key, track);
  }
  const first = (t: AgencyTrack) => t.points[0]?.time ?? '';
  const grouped = { jma: [], jtwc: [], hko: [], ibtracs: [] } as AgencyTracks;
  for (const track of [...byKey.values()].sort((a, b) => first(a).localeCompare(first(b)) || a.id.localeCompare(b.id))) {
    (grouped[track.agency] as AgencyTrack[]).push(track);
  }
  return grouped;
}

const AGENCY_LABELS: Record<AgencySource, string> = {
  jma: 'JMA best track (RSMC Tokyo)',
  jtwc: 'JTWC best track',
  hko: 'HKO best track',
  ibtracs: 'IBTrACS',
};

/** One line per agency read (files, years of the storms, storms, problems), or one line saying there is none. */
export function describeAgencySources(agencies: AgencySources): string[] {
  const present = AGENCY_SOURCES.filter((agency) => agencies.files[agency].length > 0);
  if (present.length === 0) return [`Other agencies' best tracks: none (no ${AGENCIES_DIR}/jma, jtwc, hko or ibtracs files)`];
  return present.map((agency) => {
    const files = agencies.files[agency];
    const years = agencies.tracks[agency].map((t) => Number(t.points[0]?.time.slice(0, 4)));
    const span = years.length ? `${Math.min(...years)}–${Math.max(...years)}` : 'no storms';
    const problems = agencies.problems.filter((p) => files.some((f) => p.file === f || p.file.startsWith(`${f}/`)));
    const first = problems[0];
    const flagged = first
      ? `; ${problems.length} problem(s), values left out (first: ${AGENCIES_DIR}/${first.file}:${first.line}: ${first.message})`
      : '';
    return `${AGENCY_LABELS[agency]}: ${files.length} file(s), ${span}, ${agencies.tracks[agency].length} storms${flagged}`;
  });
}

export async function readAgencySources(agenciesDir: string): Promise<AgencySources> {
  const files = { jma: [], jtwc: [], hko: [], ibtracs: [] } as Record<AgencySource, string[]>;
  const read: AgencyTrack[] = [];
  const problems: FileProblem[] = [];
  const rejected: FileRejection[] = [];
  for (const agency of AGENCY_SOURCES) {
    files[agency] = await listAgencyFiles(agenciesDir, agency);
    // One file at a time: the IBTrACS WP list is over 100 MB.
    for (const file of files[agency]) {
      const parsed = parseAgencyFile(agency, file, await fs.readFile(path.join(agenciesDir, file)));
      read.push(...parsed.tracks);
      problems.push(...parsed.problems);
      rejected.push(...parsed.rejected);
    }
  }
  return { tracks: newestByAgency(read), files, problems, rejected };
}
