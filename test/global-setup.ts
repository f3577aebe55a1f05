/**
 * Builds the site the server-backed suites share (contract, bad input, docs page) once per run: the real
 * archive when its location is given, else the hand-written sample. Each suite starts its own local server and
 * live store over this one build (vitest `provide`/`inject`).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../build/build-site.ts';
import { FIXTURE_SOURCES, REAL_SOURCES } from './helpers/sources.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared build's public/ folder. */
    sharedPublicDir: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TYPHOON_API_BASE_URL) return undefined; // the suites talk to an external server
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-shared-site-'));
  const publicDir = path.join(scratch, 'public');
  await buildSite({ sourcesDir: REAL_SOURCES ?? FIXTURE_SOURCES, publicDir, force: true });
  project.provide('sharedPublicDir', publicDir);
  return () => fs.remove(scratch);
}
