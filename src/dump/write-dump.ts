/** `npm run dump`: reads the sources, builds the archive and writes the dump under a stable and a dated name. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import fs from 'fs-extra';
import { buildArchive } from '../archive/build-archive.ts';
import { NAMES_FILE } from '../config.ts';
import { createProgress } from '../progress.ts';
import { readSources } from '../sources/read-sources.ts';
import { buildDump } from './dump.ts';

export const STABLE_DUMP = 'typhoon-archive.zip';
export const datedDump = (date: Date) => `typhoon-archive-${date.toISOString().slice(0, 10)}.zip`;

export async function writeDump(options: { sourcesDir: string; outDir: string; now?: Date }): Promise<{ files: string[]; bytes: number; storms: number }> {
  const now = options.now ?? new Date();
  const progress = createProgress('Dump', 4);
  const sources = await readSources(options.sourcesDir, NAMES_FILE);
  progress.tick('sources read');
  if (sources.problems.length) throw new Error(`sources have problems, e.g. ${sources.problems[0]?.file}:${sources.problems[0]?.line}: ${sources.problems[0]?.message}`);
  const { typhoons } = buildArchive(sources);
  progress.tick('archive built');
  const versions = await Promise.all(
    sources.files.map(async (file) => ({ file, sha256: createHash('sha256').update(await fs.readFile(path.join(options.sourcesDir, file))).digest('hex') })),
  );
  const { zip } = buildDump({ typhoons, sources: versions, generatedAt: now });
  progress.tick('zipped');
  await fs.mkdirp(options.outDir);
  const names = [STABLE_DUMP, datedDump(now)];
  for (const name of names) {
    const temp = path.join(options.outDir, `.${name}.tmp`);
    await fs.writeFile(temp, zip);
    await fs.rename(temp, path.join(options.outDir, name));
  }
  progress.tick('written');
  progress.done();
  return { files: names.map((name) => path.join(options.outDir, name)), bytes: zip.byteLength, storms: typhoons.length };
}
