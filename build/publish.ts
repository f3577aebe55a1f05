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
import { createProgress } from '../src/console/progress.ts';

export interface OutputFile {
  file: string;
  body: string | Buffer;
}

/** The folder holding the builds behind a publish link: `.public-builds` beside `public`. */
export const buildsDir = (publicDir: string) => path.join(path.dirname(path.resolve(publicDir)), `.${path.basename(publicDir)}-builds`);

const RECORD = 'build-record.json';
/**
 * What the last build of `publicDir` read and wrote (build-site.ts), kept with its builds so it goes when they go:
 * kept in .cache, one per output folder, the records of test builds had grown to hundreds of MB.
 */
export const buildRecordFile = (publicDir: string) => path.join(buildsDir(publicDir), RECORD);

/** The folders of the builds behind `publicDir`, complete or not. */
export async function listBuilds(publicDir: string): Promise<string[]> {
  const names = await fs.readdir(buildsDir(publicDir)).catch(() => [] as string[]);
  return names.filter((name) => name !== RECORD).map((name) => path.join(buildsDir(publicDir), name));
}

/** The build `public` points at now (its folder), or null when `public` is not a link to one. */
async function currentBuild(publicDir: string): Promise<string | null> {
  const link = await fs.readlink(publicDir).catch(() => null);
  return link === null ? null : path.resolve(path.dirname(path.resolve(publicDir)), link);
}

/** Removes every build but the current one and `keep`, and the temporary links of interrupted flips. */
async function removeLeftovers(publicDir: string, keep: string[] = []): Promise<void> {
  const current = await currentBuild(publicDir);
  const spare = new Set([current, ...keep].filter(Boolean));
  for (const build of await listBuilds(publicDir)) if (!spare.has(build)) await fs.remove(build);
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
  const older = (await listBuilds(publicDir)).filter((build) => path.basename(build) < path.basename(current)); // named `${Date.now()}-${pid}`
  await removeLeftovers(publicDir, older);
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
