/**
 * Which files under `agencies/<agency>/` hold tracks, and how each is read: zips as their agencies distribute
 * them (JMA `bst_all.zip`, JTWC `bwpYYYY.zip`) are opened in memory, every text is decoded strictly as UTF-8 (the
 * ASCII formats are UTF-8 too), then handed to its agency's parser. Shared by the reader and `sources fetch`,
 * which re-parses a download this way before it replaces anything.
 */
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { AgencySource, AgencyTrack } from '../../model/agency-track-schemas.ts';
import type { FileProblem, FileRejection } from '../../model/parse-problems.ts';
import { decodeUtf8 } from '../decode-text.ts';
import type { AgencyParseResult } from './agency-points.ts';
import { parseHkoBestTrack } from './hko-best-track.ts';
import { parseIbtracsCsv } from './ibtracs-csv.ts';
import { parseJmaBestTrack } from './jma-best-track.ts';
import { parseJtwcBdeck } from './jtwc-best-track.ts';

interface AgencyFormat {
  /** Globs of the files read, inside agencies/<agency>/. */
  globs: string[];
  /** The members of a zip that hold tracks, for the agencies that distribute zips. */
  member?: RegExp;
  parse: (text: string, name: string) => AgencyParseResult<AgencyTrack>;
}

export const AGENCY_FORMATS: Record<AgencySource, AgencyFormat> = {
  jma: { globs: ['bst_all*.txt', 'bst_all*.zip'], member: /^bst_all.*\.txt$/, parse: (text) => parseJmaBestTrack(text) },
  jtwc: { globs: ['b*.dat', 'b*.zip'], member: /^b[a-z]{2}\d{6}\.dat$/i, parse: parseJtwcBdeck },
  hko: { globs: ['HKO*BST.csv'], parse: (text) => parseHkoBestTrack(text) },
  ibtracs: { globs: ['ibtracs*.csv'], parse: parseIbtracsCsv },
};

export interface ParsedAgencyFile {
  tracks: AgencyTrack[];
  problems: FileProblem[];
  rejected: FileRejection[];
}

/** The texts inside one file: the file itself, or the matching members of a zip. */
function texts(agency: AgencySource, file: string, bytes: Uint8Array): { file: string; bytes: Uint8Array }[] {
  if (!file.toLowerCase().endsWith('.zip')) return [{ file, bytes }];
  const { member } = AGENCY_FORMATS[agency];
  if (!member) throw new Error(`${agency} files are read unpacked, not zipped`);
  const members = unzipSync(bytes, { filter: (entry) => member.test(path.posix.basename(entry.name)) });
  return Object.entries(members)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, content]) => ({ file: `${file}/${name}`, bytes: content }));
}

/** Every track in one agency file (`file` names it in problems: relative to the sources folder, or a download's name). */
export function parseAgencyFile(agency: AgencySource, file: string, bytes: Uint8Array): ParsedAgencyFile {
  let inside: { file: string; bytes: Uint8Array }[];
  try {
    inside = texts(agency, file, bytes);
  } catch (error) {
    return {
      tracks: [],
      problems: [{ file, line: 1, message: `cannot be opened as a zip archive: ${(error as Error).message}` }],
      rejected: [],
    };
  }
  if (inside.length === 0)
    return {
      tracks: [],
      problems: [{ file, line: 1, message: `the zip holds no ${agency} track file (${AGENCY_FORMATS[agency].member})` }],
      rejected: [],
    };
  const tracks: AgencyTrack[] = [];
  const problems: FileProblem[] = [];
  const rejected: FileRejection[] = [];
  for (const text of inside) {
    const decoded = decodeUtf8(text.bytes);
    if (!decoded.ok) {
      problems.push({ file: text.file, line: decoded.bad.line, message: decoded.message });
      continue;
    }
    const result = AGENCY_FORMATS[agency].parse(decoded.text, path.posix.basename(text.file));
    tracks.push(...result.tracks);
    problems.push(...result.problems.map((p) => ({ file: text.file, ...p })));
    rejected.push(...result.rejected.map((r) => ({ file: text.file, ...r })));
  }
  return { tracks, problems, rejected };
}
