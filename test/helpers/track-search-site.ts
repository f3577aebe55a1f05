/**
 * The track searches' generated files (as the build writes them) for an archive, in a public/ folder for the
 * functions to read (TYPHOON_PUBLIC_DIR), the archive report included, with the archive they came from: the run's shared build when it was
 * made from these sources (nothing to write or remove), else a scratch folder holding just those files.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { archiveReport } from '../../src/archive/archive-report.ts';
import { buildArchive } from '../../src/archive/build-archive.ts';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { trackSearchFiles } from '../../src/api/render-static.ts';
import { NAMES_FILE } from '../../src/config/paths.ts';
import type { Typhoon } from '../../src/model/typhoon-schemas.ts';
import { readArchiveSources } from '../../src/archive/read-archive-sources.ts';
import { renderArchive, sharedBuildOf } from './rendered-archive.ts';

export interface TrackSearchSite {
  publicDir: string;
  typhoons: Typhoon[];
  remove(): Promise<void>;
}

export async function writeTrackSearchSite(sourcesDir: string): Promise<TrackSearchSite> {
  const shared = await sharedBuildOf(sourcesDir);
  if (shared) return { publicDir: shared, typhoons: [...(await renderArchive(sourcesDir)).details.values()], remove: async () => {} };
  const { typhoons } = buildArchive(await readArchiveSources(sourcesDir, NAMES_FILE));
  const publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-track-search-'));
  for (const { file, body } of await trackSearchFiles(typhoons)) await fs.outputFile(path.join(publicDir, file), body);
  // The searches' answers say which archive they come from (data.dataset) and its release (ts), as the build writes them.
  const report = await DATA_FILES.archiveReport.render(archiveReport(typhoons, false));
  await fs.outputFile(path.join(publicDir, report.file), report.body);
  return { publicDir, typhoons, remove: () => fs.remove(publicDir) };
}
