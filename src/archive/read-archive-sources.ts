/**
 * The archive's sources as the build reads them: the files (src/sources/read-sources.ts: every whole-file
 * problem) and then the storms CMA lacks (./source-coverage.ts: a cut or emptied year file), which only matching
 * the two sources can tell.
 */
import { readSources, type LoadedSources, type ReadOptions } from '../sources/read-sources.ts';
import { matchArchive } from './match-sources.ts';
import { checkCoverage } from './source-coverage.ts';

export async function readArchiveSources(sourcesDir: string, namesFile: string, options: ReadOptions = {}): Promise<LoadedSources> {
  const sources = await readSources(sourcesDir, namesFile, options);
  return {
    ...sources,
    problems: [...sources.problems, ...checkCoverage(matchArchive(sources.cma, sources.zj), sources.cmaYears).problems],
  };
}
