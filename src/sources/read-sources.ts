/**
 * Reads the archive sources from disk (the I/O edge; parsers stay pure). The folder holds `cma-bst/CHYYYYBST.txt`
 * and, optionally, `zj/YYYYNN.json`: a deployment that only has the official CMA download still builds,
 * without Chinese names, landfalls, wind circles and 1945–1948. Other agencies' best tracks (`agencies/` beside
 * them, or a folder given) are read too when present (agencies/read-agency-sources.ts).
 *
 * Every problem is collected with its file and line: bytes that are not ASCII (CMA) or UTF-8 (zj), an empty or
 * header-less CMA year file, a zj storm from 1949 on that finds no CMA entry (a year file cut short), and source
 * files named so that the build would not read them. Names and places that fail the upstream-text check
 * (src/model/upstream-text.ts) are left out by the parsers and kept in `rejected`, for the data-quality report.
 */
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import type { FileRejection } from '../model/parse-problems.ts';
import { parseCmaBestTrack, type CmaEntryRaw } from './cma-best-track.ts';
import { AGENCIES_DIR, readAgencySources, type AgencySources } from './agencies/read-agency-sources.ts';
import { decodeAscii, decodeUtf8 } from './decode-text.ts';
import { NAME_CORRECTIONS_FILE, PLACES_FILE } from '../config/paths.ts';
import type { PlacesTable } from '../model/place-names.ts';
import { placesTable } from './places-table.ts';
import { parseNameCorrections, type NameCorrection } from './name-corrections.ts';
import { parseNamesTable, type NamesTable } from './names-table.ts';
import { parseZjArchiveFile, type ZjStorm } from './zj-archive.ts';

export interface SourceProblem {
  file: string;
  line: number;
  message: string;
}

export interface LoadedSources {
  cma: CmaEntryRaw[];
  zj: ZjStorm[];
  names: NamesTable;
  /** Reviewed per-storm corrections of English names, by storm code. */
  nameCorrections: ReadonlyMap<string, NameCorrection>;
  /** The reviewed place table (content/places/places.yaml): landfall places in English. */
  places: PlacesTable;
  /** Files read, relative to the sources folder, for fingerprints and the dump manifest. */
  files: string[];
  problems: SourceProblem[];
  /** Names and places the parsers left out (upstream-text check), with their files, in file order. */
  rejected: FileRejection[];
  /** The years of the CMA files read. */
  cmaYears: ReadonlySet<number>;
  /** The folder holds the demo archive (a `DEMO` marker file), not the real sources. */
  demo: boolean;
  /** Other agencies' best tracks found in the agencies folder (none is required); their problems do not stop a build. */
  agencies: AgencySources;
  /** That folder. */
  agenciesDir: string;
}

/** The marker file of the demo archive (demo/archive/DEMO). */
export const DEMO_MARKER = 'DEMO';

export const CMA_FILE_PATTERN = /^CH(\d{4})BST\.txt$/;

export async function listSourceFiles(sourcesDir: string): Promise<string[]> {
  return (await fg(['cma-bst/CH*BST.txt', 'zj/*.json'], { cwd: sourcesDir })).sort();
}

/**
 * Files in cma-bst/ or zj/ that look like source files but do not match the names the build reads
 * (`ch1990bst.txt`, `201522.JSON`): each is a problem, never left out without a word.
 */
async function misnamedSourceFiles(sourcesDir: string): Promise<SourceProblem[]> {
  const problems: SourceProblem[] = [];
  for (const file of await fg(['cma-bst/*', 'zj/*'], { cwd: sourcesDir })) {
    const base = path.posix.basename(file);
    if (file.startsWith('cma-bst/') && /^ch\d{4}bst\.txt$/i.test(base) && !CMA_FILE_PATTERN.test(base)) {
      problems.push({
        file,
        line: 1,
        message: 'is not read: a CMA year file is named CHYYYYBST.txt (upper-case CH and BST, lower-case .txt)',
      });
    }
    if (file.startsWith('zj/') && /\.json$/i.test(base) && !base.endsWith('.json')) {
      problems.push({ file, line: 1, message: 'is not read: a zj storm file is named YYYYNN.json (lower-case .json)' });
    }
  }
  return problems;
}

export interface ReadOptions {
  /** Other agencies' best tracks (jma/, jtwc/, hko/, ibtracs/); default <sources>/agencies, where `sources fetch` puts them. */
  agenciesDir?: string;
  correctionsFile?: string;
}

export async function readSources(sourcesDir: string, namesFile: string, options: ReadOptions = {}): Promise<LoadedSources> {
  const { agenciesDir = path.join(sourcesDir, AGENCIES_DIR), correctionsFile = NAME_CORRECTIONS_FILE } = options;
  if (!(await fs.pathExists(path.join(sourcesDir, 'cma-bst')))) {
    throw new Error(
      `No CMA best track under ${path.join(sourcesDir, 'cma-bst')}. Point --sources or TYPHOON_SOURCES at a folder ` +
        `holding cma-bst/ (and optionally zj/), or download it with "npm run cli -- sources fetch".`,
    );
  }
  const names = parseNamesTable(await fs.readFile(namesFile, 'utf8'));
  const places = placesTable(await fs.readFile(PLACES_FILE, 'utf8'));
  const files = await listSourceFiles(sourcesDir);
  const problems: SourceProblem[] = await misnamedSourceFiles(sourcesDir);
  const rejected: FileRejection[] = [];
  const cma: CmaEntryRaw[] = [];
  const zj: ZjStorm[] = [];
  const cmaYears = new Set<number>();
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.readFile(path.join(sourcesDir, file));
      const base = path.basename(file);
      const year = CMA_FILE_PATTERN.exec(base)?.[1];
      if (year) {
        // CMA files are ASCII: a byte beyond it is reported, and the file is still read (as Latin-1) for its other problems.
        cmaYears.add(Number(year));
        const decoded = decodeAscii(bytes);
        if (!decoded.ok) problems.push({ file, line: decoded.bad.line, message: decoded.message });
        const result = parseCmaBestTrack(decoded.ok ? decoded.text : bytes.toString('latin1'), Number(year), names);
        cma.push(...result.entries);
        problems.push(...result.problems.map((p) => ({ file, ...p })));
        rejected.push(...result.rejected.map((r) => ({ file, ...r })));
      } else {
        const decoded = decodeUtf8(bytes);
        if (!decoded.ok) {
          problems.push({ file, line: decoded.bad.line, message: decoded.message });
          return;
        }
        const result = parseZjArchiveFile(decoded.text, names, places);
        rejected.push(...result.rejected.map((r) => ({ file, ...r })));
        if (result.storm) {
          zj.push(result.storm);
          if (base !== `${result.storm.tfbh}.json`)
            problems.push({
              file,
              line: 1,
              message: `holds storm ${result.storm.tfbh}: a zj file is named after its tfbh (${result.storm.tfbh}.json)`,
            });
        }
        problems.push(...result.problems.map((p) => ({ file, ...p })));
      }
    }),
  );
  cma.sort((a, b) => a.year - b.year || a.position - b.position);
  zj.sort((a, b) => a.tfbh.localeCompare(b.tfbh));
  // Whole-file problems, in file order (the archive adds the storms CMA lacks: src/archive/read-archive-sources.ts).
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  rejected.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const nameCorrections = parseNameCorrections(await fs.readFile(correctionsFile, 'utf8'));
  const agencies = await readAgencySources(agenciesDir);
  return {
    cma,
    zj,
    names,
    nameCorrections,
    places,
    files,
    problems,
    rejected,
    cmaYears,
    demo: await fs.pathExists(path.join(sourcesDir, DEMO_MARKER)),
    agencies,
    agenciesDir,
  };
}
