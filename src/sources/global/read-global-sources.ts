/**
 * Reads the best tracks of the other basins present in a global sources folder (`--global-sources`,
 * TYPHOON_GLOBAL_SOURCES, default .cache/global-sources; what `sources fetch` downloads there):
 *
 * - `hurdat2/hurdat2*.txt`: NHC's HURDAT2. NHC names each release after its last season and its date
 *   (`hurdat2-1851-2025-02272026.txt`, `hurdat2-nepac-1949-2025-02272026.txt`); of several releases of one series
 *   (the Atlantic, the North-east Pacific) only the newest is read. A file named otherwise is a series of its own.
 * - `ibtracs/ibtracs*.csv`: NCEI's IBTrACS lists. The storms of the basins IBTrACS is the record of (NI, SI, SP, SA
 *   by where they formed) are kept whole; of the others only what links them (SID, ATCF ids, basins), so that the
 *   NA, EP and WP lists, read for links and cross-checks, do not hold their tracks in memory.
 *
 * Problems carry their file (relative to the folder) and line; the values they concern are left out.
 */
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import { DEMO_GLOBAL_SOURCES_DIR } from '../../config/paths.ts';
import { BASIN_RECORDS, type ArchiveBasin } from '../../model/global-archive-schemas.ts';
import type { Hurdat2Storm } from '../../model/hurdat2-schemas.ts';
import type { FileProblem, FileRejection } from '../../model/parse-problems.ts';
import type { IbtracsTrack } from '../../model/agency-track-schemas.ts';
import { parseIbtracsCsv, scanIbtracsLinks, type IbtracsLink } from '../agencies/ibtracs-csv.ts';
import { decodeUtf8 } from '../decode-text.ts';
import { DEMO_MARKER } from '../read-sources.ts';
import { parseHurdat2 } from './hurdat2.ts';

export interface GlobalSources {
  hurdat2: Hurdat2Storm[];
  /** The storms formed in a basin whose record IBTrACS is, whole (a storm in two basin files is here twice). */
  ibtracs: IbtracsTrack[];
  /** Every IBTrACS storm read, once per file it is in. */
  ibtracsLinks: IbtracsLink[];
  /** Files read, relative to the folder (`hurdat2/hurdat2-1851-2025-02272026.txt`); older HURDAT2 releases are not. */
  files: string[];
  /** The folder is the demo's (a `DEMO` marker file: demo/global-sources). */
  demo: boolean;
  problems: FileProblem[];
  rejected: FileRejection[];
}

const RELEASE = /^hurdat2-(.+)-(\d{4})-(\d{6}|\d{8})[a-z]?\.txt$/;

/**
 * A HURDAT2 file name's series and its order within it: the last season, then the release date (NHC writes it
 * MMDDYY, and since 2023 also MMDDYYYY). A name without them is a series of its own.
 */
export function hurdat2Release(name: string): { series: string; order: string } {
  const match = RELEASE.exec(name);
  if (!match) return { series: name, order: '' };
  const [series, season, date] = match.slice(1) as [string, string, string];
  const year = date.length === 8 ? date.slice(4) : `20${date.slice(4)}`;
  return { series, order: `${season}${year}${date.slice(0, 4)}` };
}

/** The newest release of each series, by name. */
export function newestHurdat2Files(names: readonly string[]): string[] {
  const newest = new Map<string, { name: string; order: string }>();
  for (const name of names) {
    const { series, order } = hurdat2Release(path.posix.basename(name));
    const seen = newest.get(series);
    if (!seen || order > seen.order) newest.set(series, { name, order });
  }
  return [...newest.values()].map((n) => n.name).sort();
}

/** The files a read of the folder reads, relative to it: the newest HURDAT2 release of each series, then every IBTrACS list. */
export async function listGlobalSourceFiles(dir: string): Promise<string[]> {
  const list = (folder: string, glob: string) =>
    fg(glob, { cwd: path.join(dir, folder), onlyFiles: true })
      .catch(() => [])
      .then((names) => names.sort().map((name) => path.posix.join(folder, name)));
  return [...newestHurdat2Files(await list('hurdat2', 'hurdat2*.txt')), ...(await list('ibtracs', 'ibtracs*.csv'))];
}

/** The marker file of the demo's other basins (demo/global-sources/DEMO): every answer built from them says it is the demo. */
export const GLOBAL_DEMO_MARKER = 'DEMO';

/**
 * The other basins' folder read beside these archive sources, by the build and the dump alike: the one given, else
 * the demo's (demo/global-sources) with the demo archive, else none.
 */
export async function globalSourcesFolder({
  sourcesDir,
  globalSourcesDir,
}: {
  sourcesDir: string;
  globalSourcesDir?: string;
}): Promise<string | null> {
  if (globalSourcesDir) return globalSourcesDir;
  return (await fs.pathExists(path.join(sourcesDir, DEMO_MARKER))) ? DEMO_GLOBAL_SOURCES_DIR : null;
}

export async function readGlobalSources(dir: string): Promise<GlobalSources> {
  const files = await listGlobalSourceFiles(dir);
  const hurdat2Files = files.filter((file) => file.startsWith('hurdat2/'));
  const ibtracsFiles = files.filter((file) => file.startsWith('ibtracs/'));
  const sources: GlobalSources = {
    hurdat2: [],
    ibtracs: [],
    ibtracsLinks: [],
    files,
    demo: await fs.pathExists(path.join(dir, GLOBAL_DEMO_MARKER)),
    problems: [],
    rejected: [],
  };
  for (const file of hurdat2Files) {
    const text = decodeUtf8(await fs.readFile(path.join(dir, file)));
    if (!text.ok) {
      sources.problems.push({ file, line: text.bad.line, message: text.message });
      continue;
    }
    const parsed = parseHurdat2(text.text, file);
    sources.hurdat2.push(...parsed.storms);
    sources.problems.push(...parsed.problems);
    sources.rejected.push(...parsed.rejected);
  }
  // One file at a time: the South Indian list is over 70 MB. Each list is scanned for its storms' links (three
  // columns); only the storms formed in a basin IBTrACS is the record of are read whole, and of their columns the
  // WMO agency's and the US agency's (the others' are the north-western Pacific's agency tracks, read elsewhere).
  for (const file of ibtracsFiles) {
    const decoded = decodeUtf8(await fs.readFile(path.join(dir, file)));
    if (!decoded.ok) {
      sources.problems.push({ file, line: decoded.bad.line, message: decoded.message });
      continue;
    }
    const name = path.posix.basename(file);
    const scanned = scanIbtracsLinks(decoded.text, name);
    sources.ibtracsLinks.push(...scanned.links);
    const records = new Set(scanned.links.filter((l) => BASIN_RECORDS[l.basins[0] as ArchiveBasin] === 'ibtracs').map((l) => l.sid));
    const parsed = records.size
      ? parseIbtracsCsv(decoded.text, name, { storms: records, agencies: ['usa'] })
      : { tracks: [], problems: [], rejected: [] };
    sources.ibtracs.push(...parsed.tracks.filter((t) => BASIN_RECORDS[t.basins[0] as ArchiveBasin] === 'ibtracs'));
    // A row of a storm read whole may be reported by both readings (an unknown BASIN): once.
    const problems = new Map([...scanned.problems, ...parsed.problems].map((p) => [`${p.line} ${p.message}`, p]));
    sources.problems.push(...[...problems.values()].sort((a, b) => a.line - b.line).map((p) => ({ file, ...p })));
    sources.rejected.push(...parsed.rejected.map((r) => ({ file, ...r })));
  }
  return sources;
}

/** One line per kind read (files, storms, problems), for the build's log. */
export function describeGlobalSources(sources: GlobalSources): string[] {
  if (sources.files.length === 0) return ['Global best tracks: none (no hurdat2/ or ibtracs/ files)'];
  const flagged = (prefix: string) => {
    const problems = sources.problems.filter((p) => p.file.startsWith(prefix));
    const first = problems[0];
    return first ? `; ${problems.length} problem(s), values left out (first: ${first.file}:${first.line}: ${first.message})` : '';
  };
  const count = (prefix: string) => sources.files.filter((f) => f.startsWith(prefix)).length;
  return [
    `HURDAT2: ${count('hurdat2/')} file(s), ${sources.hurdat2.length} storms${flagged('hurdat2/')}`,
    `IBTrACS: ${count('ibtracs/')} file(s), ${new Set(sources.ibtracsLinks.map((l) => l.sid)).size} storms, ${new Set(sources.ibtracs.map((t) => t.id)).size} formed in NI, SI, SP, SA${flagged('ibtracs/')}`,
  ];
}
