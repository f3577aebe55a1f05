/**
 * The site built from the hand-written sample (fixtures/sources) for the suites whose functions only read it
 * (TYPHOON_PUBLIC_DIR): built once per worker, in the run's scratch folder, instead of once per file. A worker runs
 * its files in one process (vitest.config.ts), and the same inputs give the same bytes, so each file reads what a
 * build of its own would have written. A suite that writes into its site (a rebuild) builds its own.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { buildSite } from '../../build/build-site.ts';
import { FIXTURE_SOURCES } from './sources.ts';

let built: Promise<string> | null = null;

/** The sample's public/ folder, built on the first call in this worker. */
export function fixtureSite(): Promise<string> {
  built ??= (async () => {
    const publicDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-fixture-site-')), 'public');
    await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true });
    return publicDir;
  })();
  return built;
}
