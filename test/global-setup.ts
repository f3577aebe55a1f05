/**
 * Builds the site the server-backed suites share (contract, bad input, docs page) once per run: the real
 * archive when its location is given, else the hand-written sample. Each suite starts its own local server and
 * live store over this one build (vitest `provide`/`inject`); the whole-archive suites read its files
 * (helpers/rendered-archive.ts) instead of rendering the archive again.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../build/build-site.ts';
import { agenciesFor, FIXTURE_SOURCES, REAL_SOURCES } from './helpers/sources.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared build's public/ folder. */
    sharedPublicDir: string;
    /** The sources it was built from (absolute). */
    sharedSourcesDir: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TYPHOON_API_BASE_URL) return undefined; // the suites talk to an external server
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-shared-site-'));
  const publicDir = path.join(scratch, 'public');
  const sourcesDir = REAL_SOURCES ?? FIXTURE_SOURCES;
  await buildSite({ sourcesDir, agenciesDir: agenciesFor(sourcesDir), publicDir, force: true });
  project.provide('sharedPublicDir', publicDir);
  project.provide('sharedSourcesDir', path.resolve(sourcesDir));
  return () => fs.remove(scratch);
}
