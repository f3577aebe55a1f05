/**
 * The build: sources → archive → every static answer, `_redirects`, `_headers` → public/.
 * Everything is rendered and validated in memory first; files are written to a staging folder beside public/
 * and swapped into it at the end, so a failed build never leaves a half-written site. A build whose inputs
 * (sources, content, code) have not changed since the last one is skipped.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import { buildArchive } from '../src/archive/build-archive.ts';
import { indexArchive } from '../src/archive/archive-index.ts';
import { renderHeaders, renderRedirects, WEB_NOT_FOUND_FILE, webNotFoundBody } from '../src/api/netlify-rules.ts';
import { renderPayloads, renderStaticFiles, validatePayloads, type RenderedFile } from '../src/api/render-static.ts';
import { CACHE_DIR, CONTENT_DIR, NAMES_FILE, PROJECT_ROOT } from '../src/config.ts';
import { createProgress } from '../src/progress.ts';
import { ContentError, loadContent } from '../src/content/load-content.ts';
import { listSourceFiles, readSources } from '../src/sources/read-sources.ts';

export interface BuildOptions {
  sourcesDir: string;
  publicDir: string;
  /** Codes of the storms active now (from the live snapshot); they get no static detail. */
  activeCodes?: ReadonlySet<string>;
  force?: boolean;
  dryRun?: boolean;
  log?: (line: string) => void;
}

export interface BuildReport {
  skipped: boolean;
  storms: number;
  files: number;
  bytes: number;
  milliseconds: number;
}

/** Thrown with every problem found, each naming its file (and line where there is one). */
export class BuildError extends Error {
  constructor(readonly problems: string[]) {
    super(`The build found ${problems.length} problem(s):\n${problems.slice(0, 50).map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'BuildError';
  }
}

/** Top-level entries of public/ the build owns; everything else in public/ is hand-written. */
export const GENERATED_ENTRIES = ['api', '_redirects', '_headers', '404.html'];
/** One fingerprint per output folder, so builds into different folders (tests, bench) never mix. */
const fingerprintFile = (publicDir: string) =>
  path.join(CACHE_DIR, `build-fingerprint-${createHash('sha256').update(publicDir).digest('hex').slice(0, 12)}.json`);

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not found · Typhoon API</title></head>
<body><h1>Not found</h1><p>This page does not exist. The API lives under <a href="/">/api/</a>; see the home page for its endpoints.</p></body></html>
`;

/** Hash of everything the output depends on: source files (path, size, mtime), content and the code itself. */
async function inputFingerprint(sourcesDir: string, activeCodes: ReadonlySet<string>): Promise<string> {
  const hash = createHash('sha256');
  hash.update(sourcesDir).update([...activeCodes].sort().join(','));
  for (const file of await listSourceFiles(sourcesDir)) {
    const stat = await fs.stat(path.join(sourcesDir, file));
    hash.update(`${file}:${stat.size}:${stat.mtimeMs}\n`);
  }
  const own = await fg(['src/**/*.ts', 'build/**/*.ts', 'content/**/*', 'package-lock.json'], { cwd: PROJECT_ROOT });
  for (const file of own.sort()) hash.update(file).update(await fs.readFile(path.join(PROJECT_ROOT, file)));
  return hash.digest('hex');
}

/** Renders and validates everything; returns the files to write. Pure apart from reading the sources. */
export async function renderSite(sourcesDir: string, ts: number, activeCodes: ReadonlySet<string> = new Set()): Promise<{ files: RenderedFile[]; storms: number }> {
  const sources = await readSources(sourcesDir, NAMES_FILE);
  const problems = sources.problems.map((p) => `${path.join(sourcesDir, p.file)}:${p.line}: ${p.message}`);
  const content = await loadContent(CONTENT_DIR).catch((error: unknown) => {
    if (!(error instanceof ContentError)) throw error;
    problems.push(...error.problems.map((p) => `${p.file}:${p.line}: ${p.message}`));
    return null;
  });
  if (problems.length || !content) throw new BuildError(problems);

  const { typhoons } = buildArchive(sources);
  const archive = indexArchive(typhoons);
  const payloads = renderPayloads(archive, content, activeCodes);
  const invalid = validatePayloads(payloads);
  if (invalid.length) throw new BuildError(invalid);

  const files = renderStaticFiles(payloads, archive, sources.names, content, ts);
  files.push(
    { file: '_redirects', route: null, body: renderRedirects(files) },
    { file: '_headers', route: null, body: renderHeaders() },
    { file: WEB_NOT_FOUND_FILE, route: null, body: webNotFoundBody() },
    { file: '404.html', route: null, body: NOT_FOUND_PAGE },
  );
  const seen = new Set<string>();
  const collisions = files.filter((f) => seen.size === seen.add(f.file).size).map((f) => `two outputs write ${f.file}`);
  const outside = files.filter((f) => path.posix.normalize(f.file) !== f.file || f.file.startsWith('.')).map((f) => `refusing to write outside public/: ${f.file}`);
  if (collisions.length || outside.length) throw new BuildError([...collisions, ...outside]);
  return { files, storms: typhoons.length };
}

async function writeAll(root: string, files: readonly RenderedFile[]): Promise<void> {
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

/** Moves the staged output into public/ entry by entry, then drops the old output. */
async function swapIntoPublic(staging: string, publicDir: string): Promise<void> {
  const old = `${staging}.old`;
  await fs.remove(old);
  await fs.mkdirp(old);
  for (const entry of GENERATED_ENTRIES) {
    const current = path.join(publicDir, entry);
    if (await fs.pathExists(current)) await fs.move(current, path.join(old, entry));
    if (await fs.pathExists(path.join(staging, entry))) await fs.move(path.join(staging, entry), current);
  }
  await Promise.all([fs.remove(old), fs.remove(staging)]);
}

export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const activeCodes = options.activeCodes ?? new Set<string>();
  const fingerprint = await inputFingerprint(options.sourcesDir, activeCodes);
  const previous = await fs.readJson(fingerprintFile(options.publicDir)).catch(() => null);
  const outputPresent = await fs.pathExists(path.join(options.publicDir, '_redirects'));
  if (!options.force && !options.dryRun && outputPresent && previous?.fingerprint === fingerprint && previous?.publicDir === options.publicDir) {
    log('Nothing changed since the last build; public/ is up to date (use --force to rebuild).');
    return { skipped: true, storms: previous.storms, files: previous.files, bytes: previous.bytes, milliseconds: performance.now() - started };
  }

  log(`Reading sources from ${options.sourcesDir}`);
  const { files, storms } = await renderSite(options.sourcesDir, Date.now(), activeCodes);
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.body), 0);
  log(`Rendered ${files.length} files (${(bytes / 1e6).toFixed(1)} MB) for ${storms} storms`);
  if (!options.dryRun) {
    // Beside public/ (same file system, so the final moves are renames) and unique per build.
    const staging = `${options.publicDir}.staging-${process.pid}-${Date.now()}`;
    try {
      await writeAll(staging, files);
      await fs.mkdirp(options.publicDir);
      await swapIntoPublic(staging, options.publicDir);
    } finally {
      await fs.remove(staging);
    }
    await fs.outputJson(fingerprintFile(options.publicDir), { fingerprint, publicDir: options.publicDir, storms, files: files.length, bytes });
    log(`Wrote ${options.publicDir}`);
  }
  return { skipped: false, storms, files: files.length, bytes, milliseconds: performance.now() - started };
}
