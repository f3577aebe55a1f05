/**
 * The typed client as an app gets it: `npm pack clients/typescript` (the package's `prepare` builds dist/ with
 * tsc), installed into an empty folder outside the repository with `npm install --offline`, where the client
 * README's TypeScript examples are compiled with `tsc --strict` and run with node against the example servers.
 *
 * Offline: `npm install --offline <tarball>` would need openapi-fetch's registry metadata in the npm cache, which
 * `npm ci` never stores (it fetches each tarball by the lockfile's integrity). So the app is given a lockfile
 * whose entries for the client's dependencies are the project's own lockfile's (the same versions and
 * integrities, which `npm ci` has put in the cache), as an app with a lockfile installs.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import fs from 'fs-extra';
import { PROJECT_ROOT } from '../src/config/paths.ts';
import { blockLines, fencedBlocks, followsDirectly } from './markdown-blocks.ts';

const run = promisify(execFile);

export const CLIENT_DIR = path.join(PROJECT_ROOT, 'clients', 'typescript');
export const CLIENT_README = 'clients/typescript/README.md';

interface LockEntry {
  version: string;
  integrity?: string;
  resolved?: string;
  license?: string;
  dependencies?: Record<string, string>;
}

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** Packs the client into `dir` (running its `prepare`: tsc → dist/); the tarball's path. */
export async function packClient(dir: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', CLIENT_DIR, '--pack-destination', dir, '--json', '--loglevel=error'], {
    cwd: PROJECT_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  if (!packed) throw new Error('npm pack wrote no tarball');
  if (!packed.files.some((f) => f.path === 'dist/index.js'))
    throw new Error(`the packed client has no dist/index.js: ${JSON.stringify(packed.files)}`);
  return path.join(dir, packed.filename);
}

/** The project's lockfile entries of `names` and of everything they depend on, by their node_modules path. */
async function lockedDependencies(names: Record<string, string>): Promise<Record<string, LockEntry>> {
  const lock = (await fs.readJson(path.join(PROJECT_ROOT, 'package-lock.json'))) as { packages: Record<string, LockEntry> };
  const entries: Record<string, LockEntry> = {};
  const add = (name: string, range: string) => {
    const key = `node_modules/${name}`;
    const entry = lock.packages[key];
    if (!entry?.integrity)
      throw new Error(`${name} is not in the project's package-lock.json: the packed client's test installs it from the npm cache`);
    if (/^\d+\.\d+\.\d+$/.test(range) && entry.version !== range) {
      throw new Error(`the client pins ${name} ${range}, the project's lockfile has ${entry.version}: pin the same version`);
    }
    if (entries[key]) return;
    const { version, integrity, resolved, license, dependencies } = entry;
    entries[key] = {
      version,
      integrity,
      ...(resolved ? { resolved } : {}),
      ...(license ? { license } : {}),
      ...(dependencies ? { dependencies } : {}),
    };
    for (const [dependency, depRange] of Object.entries(dependencies ?? {})) add(dependency, depRange);
  };
  for (const [name, range] of Object.entries(names)) add(name, range);
  return entries;
}

/** An empty app in `dir` (outside the repository) with the packed client installed from the npm cache alone. */
export async function installClientApp(dir: string, tarball: string): Promise<void> {
  const manifest = (await fs.readJson(path.join(CLIENT_DIR, 'package.json'))) as Manifest;
  const file = `file:${path.basename(tarball)}`;
  await fs.copy(tarball, path.join(dir, path.basename(tarball)));
  const integrity = `sha512-${crypto
    .createHash('sha512')
    .update(await fs.readFile(tarball))
    .digest('base64')}`;
  // The app compiles with its own TypeScript, the version the client is built with.
  const devDependencies = { typescript: manifest.devDependencies?.typescript ?? '' };
  const app = { name: 'typhoon-client-app', private: true, type: 'module', dependencies: { [manifest.name]: file }, devDependencies };
  await fs.writeJson(path.join(dir, 'package.json'), app, { spaces: 2 });
  await fs.writeJson(
    path.join(dir, 'package-lock.json'),
    {
      name: app.name,
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: app.name, dependencies: app.dependencies, devDependencies },
        [`node_modules/${manifest.name}`]: { version: manifest.version, resolved: file, integrity, dependencies: manifest.dependencies },
        ...(await lockedDependencies({ ...manifest.dependencies, ...devDependencies })),
      },
    },
    { spaces: 2 },
  );
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir }).catch(
    (error: { stderr?: string }) => {
      if (!/ENOTCACHED/.test(error.stderr ?? '')) throw error;
      throw new Error(`the npm cache lacks a package of the client (it installs offline): \`npm ci\` puts them there\n${error.stderr}`);
    },
  );
  for (const name of [manifest.name, ...Object.keys(manifest.dependencies ?? {})]) {
    const installed = path.join(dir, 'node_modules', name);
    if ((await fs.lstat(installed)).isSymbolicLink()) throw new Error(`${name} was linked, not installed, in the app`);
  }
}

/** A TypeScript example of the client's README: a ts block that imports the client, and the text block after it. */
export interface ClientExample {
  file: string;
  /** 1-based line of the block's first line. */
  line: number;
  source: string;
  /** Line indexes (0-based) of the output block's content, `[start, end)`, or null when none follows. */
  output: [number, number] | null;
}

export function findClientExamples(file: string, text: string): ClientExample[] {
  const lines = text.split('\n');
  const blocks = fencedBlocks(lines);
  return blocks.flatMap((block, index) => {
    const source = blockLines(lines, block).join('\n');
    if (block.lang !== 'ts' || !/from 'typhoon-api-client'/.test(source)) return [];
    const next = blocks[index + 1];
    const output: [number, number] | null = followsDirectly(lines, block, next) && next.lang === 'text' ? [next.start, next.end] : null;
    return [{ file, line: block.start + 1, source, output }];
  });
}

export interface ClientOutcome {
  example: ClientExample;
  /** The compiler's diagnostics, each with the README line it is about. */
  diagnostics: string[];
  /** What it printed (stdout), or null when it did not run. */
  output: string[] | null;
  /** Its error (a non-zero exit, stderr), or null. */
  error: string | null;
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023', 'DOM'],
    types: [],
    strict: true,
    outDir: 'out',
    rootDir: 'examples',
  },
  include: ['examples'],
};

/**
 * Each example compiled in the app with `tsc --strict` (one run for all) and, when it compiled, run with node from
 * the app's folder. `address` rewrites the example's server addresses.
 */
export async function runClientExamples(
  app: string,
  examples: ClientExample[],
  address: (source: string) => string,
): Promise<ClientOutcome[]> {
  const dir = path.join(app, 'examples');
  await fs.emptyDir(dir);
  await fs.remove(path.join(app, 'out'));
  await fs.writeJson(path.join(app, 'tsconfig.json'), TSCONFIG, { spaces: 2 });
  const name = (i: number) => `example-${i + 1}`;
  for (const [i, example] of examples.entries()) await fs.writeFile(path.join(dir, `${name(i)}.ts`), address(example.source));
  const tsc = path.join(app, 'node_modules', 'typescript', 'bin', 'tsc');
  const compiled = await run(process.execPath, [tsc, '-p', app, '--pretty', 'false'], { cwd: app }).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  const outcomes: ClientOutcome[] = [];
  for (const [i, example] of examples.entries()) {
    const diagnostics = compiled
      .split('\n')
      .map((line) => new RegExp(`^examples/${name(i)}\\.ts\\((\\d+),\\d+\\): (.*)$`).exec(line))
      .flatMap((match) => (match ? [`${example.file}:${example.line + Number(match[1]) - 1}: ${match[2]}`] : []));
    if (diagnostics.length > 0) {
      outcomes.push({ example, diagnostics, output: null, error: null });
      continue;
    }
    try {
      const { stdout } = await run(process.execPath, [path.join(app, 'out', `${name(i)}.js`)], { cwd: app, timeout: 60_000 });
      outcomes.push({ example, diagnostics, output: stdout.replace(/\n$/, '').split('\n'), error: null });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      outcomes.push({ example, diagnostics, output: stdout?.split('\n') ?? null, error: stderr?.trim() || String(error) });
    }
  }
  if (compiled !== '' && outcomes.every((o) => o.diagnostics.length === 0)) throw new Error(`tsc failed in the app:\n${compiled}`);
  return outcomes;
}
