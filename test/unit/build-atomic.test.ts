/**
 * An atomic build: a build killed (SIGKILL) while it publishes leaves public/ complete (the build before it), and
 * the next plain build removes what it left behind.
 *
 * Each killed build kills itself at an exact point of its publish (test/helpers/die-mid-publish.ts): after a
 * quarter, a half and three quarters of its files are written, and at the flip of the link. Kills timed from
 * outside landed wherever the scheduler put them (on CI's busy cores, 3 of 4 after the publish had finished).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../build/build-site.ts';
import { listBuilds } from '../../build/publish.ts';
import { PROJECT_ROOT } from '../../src/config/paths.ts';
import { FIXTURE_SOURCES } from '../helpers/sources.ts';

const DIE_MID_PUBLISH = path.join(PROJECT_ROOT, 'test', 'helpers', 'die-mid-publish.ts');

/** What a build prints once it has rendered (and so written) every file, and once it has published (build/build-site.ts). */
const RENDERED = /^Rendered (\d+) files/m;
const WROTE = /^Wrote /m;

/** Every file of a published tree (through the link) with its hash. */
async function tree(publicDir: string): Promise<Record<string, string>> {
  const files = await fg('**/*', { cwd: publicDir, dot: true, followSymbolicLinks: true });
  const entries = await Promise.all(
    files.sort().map(
      async (file) =>
        [
          file,
          createHash('sha256')
            .update(await fs.readFile(path.join(publicDir, file)))
            .digest('hex'),
        ] as const,
    ),
  );
  return Object.fromEntries(entries);
}

/** Where a killed build dies: after `writes` files written into its build folder, or at the flip of the link. */
type KillPoint = { writes: number } | 'flip';

/**
 * The CLI's build in its own process, dying at `point`; resolves true when it died by SIGKILL before publishing (a
 * build writes each file as it renders it: one killed mid-write has not said it rendered everything).
 */
function killedCliBuild(publicDir: string, point: KillPoint): Promise<boolean> {
  return new Promise((resolve) => {
    const args = [
      '--import',
      'tsx',
      '--import',
      DIE_MID_PUBLISH,
      'build/cli.ts',
      'build',
      '--sources',
      FIXTURE_SOURCES,
      '--public',
      publicDir,
      '--force',
    ];
    const child = spawn(process.execPath, args, {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        CI: 'true',
        // Its agencies beside its sources, as the reference's, whatever TYPHOON_AGENCY_SOURCES says.
        TYPHOON_AGENCY_SOURCES: undefined,
        ...(point === 'flip' ? { TYPHOON_DIE_AT: 'flip' } : { TYPHOON_DIE_AFTER_WRITES: String(point.writes) }),
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.on('exit', (_code, signal) =>
      resolve(signal === 'SIGKILL' && RENDERED.test(output) === (point === 'flip') && !WROTE.test(output)),
    );
  });
}

let reference: Record<string, string> = {};
/** How many files the reference build rendered (and wrote). */
let renderedFiles = 0;
let root = '';

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-atomic-'));
  const publicDir = path.join(root, 'reference', 'public');
  await buildSite({
    sourcesDir: FIXTURE_SOURCES,
    publicDir,
    force: true,
    log: (line) => void (renderedFiles ||= Number(RENDERED.exec(line)?.[1] ?? 0)),
  });
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
    expect(await listBuilds(publicDir)).toHaveLength(2);
  });

  it('builds killed while they write and at the flip leave public/ complete, and a plain build after each removes what it left', async () => {
    const points: KillPoint[] = [...[0.25, 0.5, 0.75].map((part) => ({ writes: Math.round(part * renderedFiles) })), 'flip'];
    const kills = points.map((point, k) => ({ point, publicDir: path.join(root, `kill-${k}`, 'public') }));
    // The published builds the killed ones replace.
    for (const { publicDir } of kills) await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir });
    const landed = await Promise.all(kills.map(({ point, publicDir }) => killedCliBuild(publicDir, point)));
    expect(landed, 'each build died by SIGKILL while it wrote, or after it had rendered everything, before publishing').toEqual(
      kills.map(() => true),
    );
    for (const [k, { point, publicDir }] of kills.entries()) {
      expect(await tree(publicDir), `kill ${k}: right after it`).toEqual(reference);
      // It died where it was meant to: with a build half written, or with the new link made but not yet turned.
      const links = (await fs.readdir(path.dirname(publicDir))).filter((name) => name.startsWith('public.link-'));
      if (point === 'flip') expect(links, `kill ${k}`).toHaveLength(1);
      else {
        const sizes = await Promise.all((await listBuilds(publicDir)).map(async (build) => Object.keys(await tree(build)).length));
        expect(Math.min(...sizes), `kill ${k}: a build half written`).toBeLessThan(Object.keys(reference).length);
      }
      await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir });
      expect(await tree(publicDir), `kill ${k}: after the next build`).toEqual(reference);
      // What the killed build wrote is gone, or complete: every build kept is whole.
      const kept = await listBuilds(publicDir);
      expect(kept.length, `kill ${k}: leftovers`).toBeLessThanOrEqual(2);
      for (const build of kept) expect(await tree(build), `kill ${k}: ${path.basename(build)}`).toEqual(reference);
      expect(
        (await fs.readdir(path.dirname(publicDir))).filter((name) => name.startsWith('public.link-')),
        `kill ${k}`,
      ).toEqual([]);
    }
  }, 240_000);
});
