/**
 * `npm run dump`: reads the sources, builds the archive and writes the dump under a stable and a dated name.
 * The dump is dated by the archive's data version (its newest release time), not by when it was made, so the
 * same sources give the same zip and a deploy re-uploads it only when the data changed.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import fs from 'fs-extra';
import { buildArchive } from '../archive/build-archive.ts';
import { archiveReleaseTime } from '../archive/release-time.ts';
import { AGENCY_SOURCES } from '../model/agency-track-schemas.ts';
import { toBeijingIso } from '../model/time.ts';
import { NAMES_FILE } from '../config/paths.ts';
import { createProgress } from '../console/progress.ts';
import { AGENCIES_DIR } from '../sources/agencies/read-agency-sources.ts';
import { readArchiveSources } from '../archive/read-archive-sources.ts';
import { buildDump } from './dump.ts';

export const STABLE_DUMP = 'typhoon-archive.zip';
/**
 * What the docs page reads to know whether this server has the dump: every build publishes it saying there is none
 * (static/dump/status.json: a build starts a new folder without the dump), and writing the dump rewrites it. The page
 * asks for it instead of the zip itself, so a server without the dump answers 200, not a 404 logged in the console.
 */
export const DUMP_STATUS = 'status.json';
/** The dated name: the Beijing calendar day of the data version. */
export const datedDump = (version: Date) => `typhoon-archive-${toBeijingIso(version).slice(0, 10)}.zip`;

export async function writeDump(options: {
  sourcesDir: string;
  agenciesDir?: string;
  outDir: string;
}): Promise<{ files: string[]; bytes: number; storms: number; version: Date }> {
  const progress = createProgress('Dump', 4);
  const sources = await readArchiveSources(options.sourcesDir, NAMES_FILE, { agenciesDir: options.agenciesDir });
  progress.tick('sources read');
  if (sources.problems.length)
    throw new Error(
      `sources have problems, e.g. ${sources.problems[0]?.file}:${sources.problems[0]?.line}: ${sources.problems[0]?.message}`,
    );
  const { typhoons, crosswalk } = buildArchive(sources);
  const version = new Date(archiveReleaseTime(typhoons));
  progress.tick('archive built');
  const sha256 = async (file: string) =>
    createHash('sha256')
      .update(await fs.readFile(file))
      .digest('hex');
  const agencyFiles = AGENCY_SOURCES.flatMap((agency) => sources.agencies.files[agency]);
  const versions = [
    ...(await Promise.all(sources.files.map(async (file) => ({ file, sha256: await sha256(path.join(options.sourcesDir, file)) })))),
    // Named as under the sources folder, wherever --agencies pointed.
    ...(await Promise.all(
      agencyFiles.map(async (file) => ({ file: `${AGENCIES_DIR}/${file}`, sha256: await sha256(path.join(sources.agenciesDir, file)) })),
    )),
  ];
  const { zip } = buildDump({ typhoons, crosswalk, sources: versions, demo: sources.demo, generatedAt: version });
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
  return { files: names.map((name) => path.join(options.outDir, name)), bytes: zip.byteLength, storms: typhoons.length, version };
}
