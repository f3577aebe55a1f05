/**
 * An atomic build: a build killed (SIGKILL) while it publishes leaves public/ complete (the build before it), and
 * the next plain build removes what it left behind.
 *
 * Each kill is timed from the build's own word that it has rendered (the line it prints just before it writes).
 * Killed at a random moment of its life instead, a build was nearly always still loading its modules, which takes
 * most of its 2 s here (measured: 0 of 20 such kills, four at a time, landed in a publish); and each kill costs a
 * process start, about 2 s of CPU. So a few kills, spread over the publish, one per stretch of it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../build/build-site.ts';
import { buildsDir } from '../build/publish.ts';
import { PROJECT_ROOT } from '../src/config.ts';
import { FIXTURE_SOURCES } from './helpers/sources.ts';

const KILLS = 4;

/** What a build prints just before it publishes (build/build-site.ts), and once it has published. */
const RENDERED = /^Rendered \d+ files/m;
const WROTE = /^Wrote /m;

/** Every file of a published tree (through the link) with its hash. */
async function tree(publicDir: string): Promise<Record<string, string>> {
  const files = await fg('**/*', { cwd: publicDir, dot: true, followSymbolicLinks: true });
  const entries = await Promise.all(files.sort().map(async (file) => [file, createHash('sha256').update(await fs.readFile(path.join(publicDir, file))).digest('hex')] as const));
  return Object.fromEntries(entries);
}

/**
 * The CLI's build in its own process, killed `afterRenderedMs` after it says it has rendered; resolves true when
 * the kill landed before it said it had published.
 */
function killedCliBuild(publicDir: string, afterRenderedMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'build/cli.ts', 'build', '--sources', FIXTURE_SOURCES, '--public', publicDir, '--force'], {
      cwd: PROJECT_ROOT,
      // Its agencies beside its sources, as the reference's, whatever TYPHOON_AGENCY_SOURCES says.
      env: { ...process.env, CI: 'true', TYPHOON_AGENCY_SOURCES: undefined },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!timer && RENDERED.test(output)) timer = setTimeout(() => child.kill('SIGKILL'), afterRenderedMs);
    });
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve(signal === 'SIGKILL' && !WROTE.test(output));
    });
  });
}

let reference: Record<string, string> = {};
/** How long the reference build took from its "Rendered" line to its end: the publish. */
let publishMs = 0;
let root = '';

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-atomic-'));
  const publicDir = path.join(root, 'reference', 'public');
  let rendered = 0;
  await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true, log: (line) => void (RENDERED.test(line) && (rendered = performance.now())) });
  publishMs = performance.now() - rendered;
  reference = await tree(publicDir);
}, 60_000);

describe('atomic build', () => {
  it('publishes through one link: public is a link to a complete build, and an older real folder is taken over', async () => {
    const publicDir = path.join(root, 'layout', 'public');
    await fs.outputFile(path.join(publicDir, 'api', 'stale.json'), '{}');
    await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true });
    expect((await fs.lstat(publicDir)).isSymbolicLink()).toBe(true);
    expect(await tree(publicDir)).toEqual(reference);
    await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true });
    // The current build and the one before it (a server may still be reading it); nothing else.
    expect((await fs.readdir(buildsDir(publicDir))).length).toBe(2);
  });

  it(`${KILLS} builds killed while they publish leave public/ complete, and a plain build after each removes what it left`, async () => {
    const dirs = Array.from({ length: KILLS }, (_, k) => path.join(root, `kill-${k}`, 'public'));
    // The published builds the killed ones replace, made first: nothing else runs in this process while the kills
    // are timed (a timer held up by a build here fired after a publish).
    for (const publicDir of dirs) await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir });
    // Kill k at a random moment of the k-th of KILLS equal stretches of the reference's publish.
    const landed = await Promise.all(dirs.map((publicDir, k) => killedCliBuild(publicDir, ((k + Math.random()) / KILLS) * publishMs)));
    for (const [k, publicDir] of dirs.entries()) {
      expect(await tree(publicDir), `kill ${k}: right after it`).toEqual(reference);
      await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir });
      expect(await tree(publicDir), `kill ${k}: after the next build`).toEqual(reference);
      // What the killed build wrote is gone, or complete: every build kept is whole.
      const kept = await fs.readdir(buildsDir(publicDir));
      expect(kept.length, `kill ${k}: leftovers`).toBeLessThanOrEqual(2);
      for (const build of kept) expect(await tree(path.join(buildsDir(publicDir), build)), `kill ${k}: ${build}`).toEqual(reference);
      expect((await fs.readdir(path.dirname(publicDir))).filter((name) => name.startsWith('public.link-')), `kill ${k}`).toEqual([]);
    }
    // Most kills must land inside a publish, or the test proves nothing.
    expect(landed.filter(Boolean).length).toBeGreaterThanOrEqual(KILLS / 2);
  }, 240_000);
});
