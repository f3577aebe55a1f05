/**
 * Builds the site the server-backed suites share (contract, bad input, docs page) once per run: the real
 * archive when its location is given, else the hand-written sample. Each suite starts its own local server and
 * live store over this one build (vitest `provide`/`inject`); the whole-archive suites read its files
 * (helpers/rendered-archive.ts) instead of rendering the archive again.
 *
 * The build is the CLI's, in a child process, and the suites start at once: those that read the build wait for
 * it (helpers/shared-build.ts) while the others use the cores (the real archive's build is seconds of one core).
 *
 * Every temporary folder of the run goes in one scratch folder (TMPDIR for the suites and what they start),
 * removed at the end, in memory where the machine has a tmpfs: on this VM's disk, writing the shared build's 8,580
 * files took 5 s of its 12, and the suites leave their folders behind.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import type { TestProject } from 'vitest/node';
import { DEMO_FORECAST_DECKS_DIR, DEMO_GLOBAL_SOURCES_DIR, PROJECT_ROOT } from '../src/config/paths.ts';
import type { SharedBuildOutcome } from './helpers/shared-build.ts';
import { assembleRealGlobalSources, hasRealGlobalSources } from './helpers/global-sources.ts';
import { appendCpu, CPU_LOG_VARIABLE, cpuNow } from './helpers/cpu-log.ts';
import { agenciesFor, FIXTURE_FORECASTS, FIXTURE_GLOBAL_SOURCES, FIXTURE_SOURCES, REAL_SOURCES } from './helpers/sources.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared build's public/ folder (helpers/shared-build.ts waits for it). */
    sharedPublicDir: string;
    /** The file the build's outcome is written to when it has ended (SharedBuildOutcome). */
    sharedBuildOutcome: string;
    /** The sources it was built from (absolute). */
    sharedSourcesDir: string;
    /** The other basins' best tracks it was built from: the real samples (with the real archive, when given) or our fixtures. */
    sharedGlobalSources: 'real' | 'fixtures';
  }
}

const MEMORY_TMP = '/dev/shm';
/** A run writes about 100 MB of scratch with the real archive: a small tmpfs (docker's is 64 MB) is not used. */
const MEMORY_TMP_MIN_BYTES = 2e9;
function roomyTmpfs(): boolean {
  if (!fs.existsSync(MEMORY_TMP)) return false;
  const { bavail, bsize } = fs.statfsSync(MEMORY_TMP);
  return bavail * bsize >= MEMORY_TMP_MIN_BYTES;
}

/** The run's scratch folder, made the TMPDIR of the suites (started after this) and of their child processes. */
async function runScratch(): Promise<string> {
  const base = !process.env.TMPDIR && roomyTmpfs() ? MEMORY_TMP : os.tmpdir();
  const scratch = await fs.mkdtemp(path.join(base, 'typhoon-test-run-'));
  process.env.TMPDIR = scratch;
  return scratch;
}

/**
 * The archived forecasts of every shared build, in one folder as decks and best tracks: our invented VERIFICA
 * (test/fixtures/forecasts) and the demo's ANDREW (demo/forecast-decks, demo/global-sources), whose archived id is
 * the routes' documented example.
 */
async function forecastFolder(dir: string): Promise<string> {
  await fs.copy(FIXTURE_FORECASTS, dir);
  await fs.copy(path.join(DEMO_FORECAST_DECKS_DIR, 'nhc'), path.join(dir, 'nhc'));
  // ANDREW's best track, where the demo keeps it (with IRENE and WILMA).
  await fs.copy(path.join(DEMO_GLOBAL_SOURCES_DIR, 'hurdat2', 'hurdat2-1851-demo.txt'), path.join(dir, 'hurdat2', 'hurdat2-1851-demo.txt'));
  return dir;
}

export default async function setup(project: TestProject) {
  const scratch = await runScratch();
  if (process.env.TYPHOON_API_BASE_URL) return () => fs.remove(scratch); // the suites talk to an external server
  const publicDir = path.join(scratch, 'shared-site', 'public');
  const outcomeFile = path.join(scratch, 'shared-site', 'outcome.json');
  const sourcesDir = REAL_SOURCES ?? FIXTURE_SOURCES;
  const agenciesDir = agenciesFor(sourcesDir);
  const forecasts = await forecastFolder(path.join(scratch, 'shared-site', 'forecasts'));
  // The real archive with the real samples of the other basins, when both are given; else our fixtures of both.
  const realGlobal = Boolean(REAL_SOURCES) && hasRealGlobalSources();
  const globalSourcesDir = realGlobal
    ? assembleRealGlobalSources(path.join(scratch, 'shared-site', 'global-sources'))
    : FIXTURE_GLOBAL_SOURCES;
  // A measured run (`npm run bench:suite`) has the build report its CPU as it exits.
  const measured = process.env[CPU_LOG_VARIABLE] ? ['--import', './test/helpers/cpu-at-exit.ts'] : [];
  const args = [
    // Young objects get 64 MB instead of 16 before they are collected: the build makes millions that die young (the
    // answers' strings), and scavenging them took a fifth of its main thread; about 1 s of its 20 s of CPU less
    // (docs/maintainers/performance.md), for about 90 MB more of memory. The output is the same, byte for byte.
    '--max-semi-space-size=64',
    '--import',
    'tsx',
    ...measured,
    'build/cli.ts',
    'build',
    '--sources',
    sourcesDir,
    ...(agenciesDir ? ['--agencies', agenciesDir] : []),
    // VERIFICA's a-deck with its HURDAT2 best track, and the demo's ANDREW (the routes' example) with the demo's.
    '--forecast-decks',
    forecasts,
    '--global-sources',
    globalSourcesDir,
    '--public',
    publicDir,
    '--force',
  ];
  // Without --agencies the build reads <sources>/agencies, whatever TYPHOON_AGENCY_SOURCES says.
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, TYPHOON_AGENCY_SOURCES: undefined, TYPHOON_SUITE_CPU_NAME: 'shared build' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<void>((resolve) => {
    child.on('close', (code) => {
      const outcome: SharedBuildOutcome = { ok: code === 0, output };
      // Whole or not at all: written beside, then renamed.
      fs.outputJsonSync(`${outcomeFile}.tmp`, outcome);
      fs.renameSync(`${outcomeFile}.tmp`, outcomeFile);
      resolve();
    });
  });
  project.provide('sharedPublicDir', publicDir);
  project.provide('sharedBuildOutcome', outcomeFile);
  project.provide('sharedSourcesDir', path.resolve(sourcesDir));
  project.provide('sharedGlobalSources', realGlobal ? 'real' : 'fixtures');
  return async () => {
    const { self, at } = cpuNow();
    appendCpu({ name: 'main process', self, children: 0, start: at - process.uptime() * 1000, end: at, pid: process.pid });
    child.kill('SIGKILL'); // a run of suites that never read it does not wait for it
    await ended;
    // Synchronously: the shared build alone is 24,000 files, and the run waits for this; a third of the time of
    // the asynchronous remove.
    fs.rmSync(scratch, { recursive: true, force: true });
  };
}
