/**
 * Reads the archive sources from disk (the I/O edge; parsers stay pure). The folder holds `cma-bst/CHYYYYBST.txt`
 * and, optionally, `zj/YYYYNN.json`: a deployment that only has the official CMA download still builds,
 * without Chinese names, landfalls, wind circles and 1945–1948.
 */
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import { parseCmaBestTrack, type CmaEntryRaw } from './cma-best-track.ts';
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
  /** Files read, relative to the sources folder, for fingerprints and the dump manifest. */
  files: string[];
  problems: SourceProblem[];
  /** The folder holds the demo archive (a `DEMO` marker file), not the real sources. */
  demo: boolean;
}

/** The marker file of the demo archive (demo/archive/DEMO). */
export const DEMO_MARKER = 'DEMO';

export const CMA_FILE_PATTERN = /^CH(\d{4})BST\.txt$/;

export async function listSourceFiles(sourcesDir: string): Promise<string[]> {
  return (await fg(['cma-bst/CH*BST.txt', 'zj/*.json'], { cwd: sourcesDir })).sort();
}

export async function readSources(sourcesDir: string, namesFile: string): Promise<LoadedSources> {
  if (!(await fs.pathExists(path.join(sourcesDir, 'cma-bst')))) {
    throw new Error(
      `No CMA best track under ${path.join(sourcesDir, 'cma-bst')}. Point --sources or TYPHOON_SOURCES at a folder ` +
        `holding cma-bst/ (and optionally zj/), or download it with "npm run cli -- sources fetch".`,
    );
  }
  const files = await listSourceFiles(sourcesDir);
  const problems: SourceProblem[] = [];
  const cma: CmaEntryRaw[] = [];
  const zj: ZjStorm[] = [];
  await Promise.all(
    files.map(async (file) => {
      const text = await fs.readFile(path.join(sourcesDir, file), 'utf8');
      const base = path.basename(file);
      const year = CMA_FILE_PATTERN.exec(base)?.[1];
      if (year) {
        const result = parseCmaBestTrack(text, Number(year));
        cma.push(...result.entries);
        problems.push(...result.problems.map((p) => ({ file, ...p })));
      } else {
        const result = parseZjArchiveFile(text);
        if (result.storm) zj.push(result.storm);
        problems.push(...result.problems.map((p) => ({ file, ...p })));
      }
    }),
  );
  cma.sort((a, b) => a.year - b.year || a.position - b.position);
  zj.sort((a, b) => a.tfbh.localeCompare(b.tfbh));
  const names = parseNamesTable(await fs.readFile(namesFile, 'utf8'));
  return { cma, zj, names, files, problems, demo: await fs.pathExists(path.join(sourcesDir, DEMO_MARKER)) };
}
