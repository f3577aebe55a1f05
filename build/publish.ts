/**
 * Publishing a build atomically. `public` is a symbolic link to a complete build in `.public-builds/<id>` beside
 * it (the hand-written files of `static/` are copied into every build): a build is written into a new folder as it
 * is rendered, and once it is complete and valid one rename of a fresh link over `public` publishes it (a build that
 * fails is removed). Whatever moment a build is killed at,
 * `public` points at a complete output, the old one or the new one; the next build removes what an interrupted
 * one left behind. The previous build is kept, so a server reading the old one while the link turns is served.
 *
 * Netlify's tools follow the link: the CLI serves and deploys through it, and the bundler keeps an included file
 * at `public/…` in a function's bundle.
 */
import path from 'node:path';
import fs from 'fs-extra';

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

/**
 * A build being written into its own folder, not yet published. Each file is written when it is given, whole and
 * synchronously: into the page cache a file costs its three system calls and no more, where an asynchronous write
 * also hands open, write and close to libuv's pool one after the other (on the 2-core machine, twice the CPU and
 * more time: docs/maintainers/performance.md); a text goes to Node's one-call UTF-8 path, with no Buffer made of it.
 * The build never holds its output, only the file being written.
 */
export interface BuildFolder {
  readonly dir: string;
  /** The build that was current when this one began (kept when this one is published: a server may still read it). */
  readonly previous: string | null;
  write(file: OutputFile): void;
}

/** Starts a build beside `publicDir`: a new folder with the hand-written files of `staticDir`, written into by `write`. */
export async function startBuild(publicDir: string, staticDir: string | null): Promise<BuildFolder> {
  const builds = buildsDir(publicDir);
  await fs.mkdirp(builds);
  // Older builds are removed once this one is published (publishBuild), not before it is written: on ext4 without a
  // journal (the development machine's disk), a new file's inode skips those deleted in the last minutes, one
  // buffer lookup each, and the 50,000 files of a build written just after 50,000 were deleted took 13 s of system
  // time instead of 1.5 s (docs/maintainers/performance.md).
  const previous = await currentBuild(publicDir);
  const dir = path.join(builds, `${Date.now()}-${process.pid}`);
  if (staticDir && (await fs.pathExists(staticDir))) await fs.copy(staticDir, dir);
  else await fs.mkdirp(dir);
  const folders = new Set<string>();
  return {
    dir,
    previous,
    write({ file, body }) {
      const target = path.join(dir, file);
      const folder = path.dirname(target);
      if (!folders.has(folder)) fs.mkdirSync(folder, { recursive: true });
      folders.add(folder);
      fs.writeFileSync(target, body);
    },
  };
}

/** Publishes a written build: one rename turns `public` to it; builds but it and the one before go. */
export async function publishBuild(publicDir: string, build: BuildFolder): Promise<void> {
  const link = `${path.resolve(publicDir)}.link-${process.pid}`;
  await fs.remove(link);
  await fs.symlink(path.relative(path.dirname(path.resolve(publicDir)), build.dir), link);
  // An output folder of the older layout (a real folder) is moved among the builds once, then removed.
  const stat = await fs.lstat(publicDir).catch(() => null);
  if (stat && !stat.isSymbolicLink()) await fs.move(publicDir, path.join(buildsDir(publicDir), `older-layout-${Date.now()}`));
  await fs.rename(link, publicDir);
  await removeLeftovers(publicDir, build.previous ? [build.previous] : []);
}

/** Removes a build that is not to be published (its rendering failed). */
export const discardBuild = (build: BuildFolder): Promise<void> => fs.remove(build.dir);
