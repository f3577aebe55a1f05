/**
 * An atomic build: builds killed (SIGKILL) at random moments, each followed by a plain build, always leave a
 * complete public/, and nothing an interrupted build wrote is left behind.
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

const KILLS = 20;
const LANES = 4;

/** Every file of a published tree (through the link) with its hash. */
async function tree(publicDir: string): Promise<Record<string, string>> {
  const files = await fg('**/*', { cwd: publicDir, dot: true, followSymbolicLinks: true });
  const entries = await Promise.all(files.sort().map(async (file) => [file, createHash('sha256').update(await fs.readFile(path.join(publicDir, file))).digest('hex')] as const));
  return Object.fromEntries(entries);
}

/** A build in its own process, killed after `ms`; resolves true when the kill landed before it finished. */
function killedBuild(publicDir: string, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'build/cli.ts', 'build', '--sources', FIXTURE_SOURCES, '--public', publicDir, '--force'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, CI: 'true' },
      stdio: 'ignore',
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve(signal === 'SIGKILL');
    });
  });
}

let reference: Record<string, string> = {};
let root = '';

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-atomic-'));
  const publicDir = path.join(root, 'reference', 'public');
  await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true });
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

  it(`${KILLS} builds killed at random moments, each followed by a plain build, leave a complete public/`, async () => {
    let landed = 0;
    const lane = async (n: number) => {
      const publicDir = path.join(root, `lane-${n}`, 'public');
      for (let i = 0; i < KILLS / LANES; i += 1) {
        // From before the build has read its sources to after it has published (about 2 s in all here).
        if (await killedBuild(publicDir, 300 + Math.floor(Math.random() * 1700))) landed += 1;
        await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir });
        expect(await tree(publicDir), `lane ${n}, kill ${i + 1}`).toEqual(reference);
        expect((await fs.readdir(buildsDir(publicDir))).length, `lane ${n}: leftovers`).toBeLessThanOrEqual(2);
        expect((await fs.readdir(path.dirname(publicDir))).filter((name) => name.startsWith('public.link-')), `lane ${n}`).toEqual([]);
      }
    };
    await Promise.all(Array.from({ length: LANES }, (_, n) => lane(n)));
    // Most kills must land inside a build, or the test proves nothing.
    expect(landed).toBeGreaterThanOrEqual(KILLS / 2);
  }, 240_000);
});
