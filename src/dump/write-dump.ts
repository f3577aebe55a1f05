/**
 * `npm run dump`: reads the sources (the archive's, the other agencies', the other basins'), builds the archives as
 * the build does and writes the dump under a stable and a dated name, each through a temporary file renamed into
 * place, so an interrupted dump leaves the last whole one and the next run replaces its leftovers.
 * The dump is dated by its data version (the global answers' `ts`: the archive's newest release time, or the other
 * basins' newest fix when later), not by when it was made, so the same sources give the same zip and a deploy
 * re-uploads it only when the data changed.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import fs from 'fs-extra';
import { compareArchive } from '../archive/agency-comparison.ts';
import { buildArchive } from '../archive/build-archive.ts';
import { buildGlobalArchive, type NwPacificArchive } from '../archive/global/global-records.ts';
import { globalArchiveReport, globalDataQuality, type GlobalDataQuality } from '../archive/global/global-report.ts';
import { archiveReleaseTime } from '../archive/release-time.ts';
import { AGENCY_SOURCES } from '../model/agency-track-schemas.ts';
import { toBeijingIso } from '../model/time.ts';
import { NAMES_FILE } from '../config/paths.ts';
import { createProgress, type Progress } from '../console/progress.ts';
import { AGENCIES_DIR } from '../sources/agencies/read-agency-sources.ts';
import { globalSourcesFolder, readGlobalSources } from '../sources/global/read-global-sources.ts';
import { readArchiveSources } from '../archive/read-archive-sources.ts';
import { buildDump, type DumpInput, type GlobalDumpInput, type SourceFileVersion } from './dump.ts';

export const STABLE_DUMP = 'typhoon-archive.zip';
/**
 * What the docs page reads to know whether this server has the dump: every build publishes it saying there is none
 * (static/dump/status.json: a build starts a new folder without the dump), and writing the dump rewrites it. The page
 * asks for it instead of the zip itself, so a server without the dump answers 200, not a 404 logged in the console.
 */
export const DUMP_STATUS = 'status.json';
/** The dated name: the Beijing calendar day of the data version. */
export const datedDump = (version: Date) => `typhoon-archive-${toBeijingIso(version).slice(0, 10)}.zip`;

/** Where the other basins' files are named in the manifest's sources. */
const GLOBAL_SOURCES_PREFIX = 'global-sources';

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');

/**
 * The archive of every basin as the build makes it (src/archive/global/), from the other basins' folder (none: the
 * north-western Pacific's records alone, the others told as not loaded), and the versions of the files read. The
 * parsed files are let go here: only the records are kept for the dump.
 */
async function globalArchiveOf(
  dir: string | null,
  nwPacific: NwPacificArchive,
  { demo, nwReleasedAt }: { demo: boolean; nwReleasedAt: number },
): Promise<{ global: GlobalDumpInput; versions: SourceFileVersion[] }> {
  const sources = dir ? await readGlobalSources(dir) : null;
  const archive = buildGlobalArchive({ hurdat2: [], ibtracs: [], ibtracsLinks: [], ...sources, nwPacific });
  const versions = await Promise.all(
    (sources?.files ?? []).map(async (file) => ({
      file: `${GLOBAL_SOURCES_PREFIX}/${file}`,
      sha256: await sha256(path.join(dir as string, file)),
    })),
  );
  return {
    global: {
      storms: archive.storms,
      report: globalArchiveReport({ archive }, sources, { demo: demo || Boolean(sources?.demo), nwReleasedAt }),
      quality: globalDataQuality({ archive }, sources),
    },
    versions,
  };
}

export interface DumpFolders {
  sourcesDir: string;
  agenciesDir?: string;
  /** The other basins' best tracks (hurdat2/, ibtracs/); default as for the build: the demo's with the demo archive, else none. */
  globalSourcesDir?: string;
}

/**
 * What the dump is made of, read and built as the build reads and builds it: the archive, its agencies side by side,
 * the archive of every basin, every source file's version, the data version (exported for the real-data suite).
 */
export async function readDumpInput(folders: DumpFolders, progress: Pick<Progress, 'tick'> = { tick: () => {} }): Promise<DumpInput> {
  const sources = await readArchiveSources(folders.sourcesDir, NAMES_FILE, { agenciesDir: folders.agenciesDir });
  progress.tick('sources read');
  if (sources.problems.length)
    throw new Error(
      `sources have problems, e.g. ${sources.problems[0]?.file}:${sources.problems[0]?.line}: ${sources.problems[0]?.message}`,
    );
  const { typhoons, crosswalk } = buildArchive(sources);
  const comparisons = compareArchive(typhoons, crosswalk, sources.demo);
  progress.tick('archive built');
  // The other basins' values left out are reported (global-data-quality.json), never copied, and do not stop the dump, as in the build.
  const { global, versions: globalVersions } = await globalArchiveOf(
    await globalSourcesFolder(folders),
    { typhoons, agencies: comparisons },
    { demo: sources.demo, nwReleasedAt: archiveReleaseTime(typhoons) },
  );
  progress.tick('other basins built');
  const agencyFiles = AGENCY_SOURCES.flatMap((agency) => sources.agencies.files[agency]);
  const versions = [
    ...(await Promise.all(sources.files.map(async (file) => ({ file, sha256: await sha256(path.join(folders.sourcesDir, file)) })))),
    // Named as under the sources folder, wherever --agencies pointed.
    ...(await Promise.all(
      agencyFiles.map(async (file) => ({ file: `${AGENCIES_DIR}/${file}`, sha256: await sha256(path.join(sources.agenciesDir, file)) })),
    )),
    ...globalVersions,
  ];
  return {
    typhoons,
    links: crosswalk.links,
    comparisons,
    global,
    sources: versions,
    demo: sources.demo,
    generatedAt: new Date(global.report.releasedAt),
  };
}

export async function writeDump(
  options: DumpFolders & { outDir: string },
): Promise<{ files: string[]; bytes: number; storms: number; records: number; quality: GlobalDataQuality; version: Date }> {
  const progress = createProgress('Dump', 5);
  const input = await readDumpInput(options, progress);
  const { generatedAt: version } = input;
  const { zip } = buildDump(input);
  progress.tick('zipped');
  await fs.mkdirp(options.outDir);
  const names = [STABLE_DUMP, datedDump(version)];
  for (const name of names) {
    const temp = path.join(options.outDir, `.${name}.tmp`);
    await fs.writeFile(temp, zip);
    await fs.rename(temp, path.join(options.outDir, name));
  }
  const status = { available: true, file: STABLE_DUMP, dated: names[1], bytes: zip.byteLength, version: toBeijingIso(version) };
  await fs.writeFile(path.join(options.outDir, `.${DUMP_STATUS}.tmp`), `${JSON.stringify(status)}\n`);
  await fs.rename(path.join(options.outDir, `.${DUMP_STATUS}.tmp`), path.join(options.outDir, DUMP_STATUS));
  progress.tick('written');
  progress.done();
  return {
    files: names.map((name) => path.join(options.outDir, name)),
    bytes: zip.byteLength,
    storms: input.typhoons.length,
    records: input.global.storms.length,
    quality: input.global.quality,
    version,
  };
}
