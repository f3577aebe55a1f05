/**
 * Publishing a build atomically. `public` is a symbolic link to a complete build in `.public-builds/<id>` beside
 * it (the hand-written files of `static/` are copied into every build): a build is written in full into a new
 * folder, then one rename of a fresh link over `public` publishes it. Whatever moment a build is killed at,
 * `public` points at a complete output, the old one or the new one; the next build removes what an interrupted
 * one left behind. The previous build is kept, so a server reading the old one while the link turns is served.
 *
 * Netlify's tools follow the link: the CLI serves and deploys through it, and the bundler keeps an included file
 * at `public/…` in a function's bundle.
 */
import path from 'node:path';
import fs from 'fs-extra';
import { createProgress } from '../src/progress.ts';

export interface OutputFile {
  file: string;
  body: string | Buffer;
}

/** The folder holding the builds behind a publish link: `.public-builds` beside `public`. */
export const buildsDir = (publicDir: string) => path.join(path.dirname(path.resolve(publicDir)), `.${path.basename(publicDir)}-builds`);

/** The build `public` points at now (its folder), or null when `public` is not a link to one. */
async function currentBuild(publicDir: string): Promise<string | null> {
  const link = await fs.readlink(publicDir).catch(() => null);
  return link === null ? null : path.resolve(path.dirname(path.resolve(publicDir)), link);
}

/** Removes every build but the current one and `keep`, and the temporary links of interrupted flips. */
async function removeLeftovers(publicDir: string, keep: string[] = []): Promise<void> {
  const builds = buildsDir(publicDir);
  const current = await currentBuild(publicDir);
  const spare = new Set([current, ...keep].filter(Boolean));
  for (const name of await fs.readdir(builds).catch(() => [] as string[])) {
    if (!spare.has(path.join(builds, name))) await fs.remove(path.join(builds, name));
  }
  const parent = path.dirname(path.resolve(publicDir));
  const linkPrefix = `${path.basename(publicDir)}.link-`;
  for (const name of await fs.readdir(parent)) if (name.startsWith(linkPrefix)) await fs.remove(path.join(parent, name));
}

/**
 * What a build that finds nothing to do leaves tidy instead of publishing: the folders of builds killed before
 * their flip (newer than the current one: a finished one would be current) and their temporary links go.
 */
export async function removeInterrupted(publicDir: string): Promise<void> {
  const current = await currentBuild(publicDir);
  if (!current) return;
  const builds = buildsDir(publicDir);
  const older = (await fs.readdir(builds)).filter((name) => name < path.basename(current)); // named `${Date.now()}-${pid}`
  await removeLeftovers(publicDir, older.map((name) => path.join(builds, name)));
}

async function writeAll(root: string, files: readonly OutputFile[]): Promise<void> {
  const dirs = new Set(files.map((f) => path.dirname(path.join(root, f.file))));
  for (const dir of [...dirs].sort()) await fs.mkdirp(dir);
  const progress = createProgress('Writing', files.length);
  const queue = [...files];
  const worker = async () => {
    for (let f = queue.pop(); f; f = queue.pop()) {
      await fs.writeFile(path.join(root, f.file), f.body);
      progress.tick();
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  progress.done();
}

/** Writes a complete build and turns `public` to it in one rename; returns the build's folder. */
export async function publish(publicDir: string, files: readonly OutputFile[], staticDir: string | null): Promise<string> {
  const builds = buildsDir(publicDir);
  await fs.mkdirp(builds);
  await removeLeftovers(publicDir);
  const previous = await currentBuild(publicDir);
  const target = path.join(builds, `${Date.now()}-${process.pid}`);
  if (staticDir && (await fs.pathExists(staticDir))) await fs.copy(staticDir, target);
  await writeAll(target, files);

  const link = `${path.resolve(publicDir)}.link-${process.pid}`;
  await fs.remove(link);
  await fs.symlink(path.relative(path.dirname(path.resolve(publicDir)), target), link);
  // An output folder of the older layout (a real folder) is moved among the builds once, then removed.
  const stat = await fs.lstat(publicDir).catch(() => null);
  if (stat && !stat.isSymbolicLink()) await fs.move(publicDir, path.join(builds, `older-layout-${Date.now()}`));
  await fs.rename(link, publicDir);
  await removeLeftovers(publicDir, previous ? [previous] : []);
  return target;
}
