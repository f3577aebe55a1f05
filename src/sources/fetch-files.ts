/**
 * `sources fetch` for best-track files published whole (the other agencies' files, HURDAT2, IBTrACS): each file
 * downloaded conditionally (If-None-Match / If-Modified-Since from its folder's manifest, while the file on disk
 * still has the recorded SHA-256), verified before it replaces anything (its own parser: refused when it holds no
 * storm or too many problems: an error page, a cut download or a changed format), and renamed into place. The
 * manifest, `<folder>/.FETCHED.json` (a dot file, never read as data), is saved after every file, so an
 * interrupted run resumes where it stopped. A file that may not be published yet answering 404 is "missing", not
 * a failure; every other failure is reported and the run goes on.
 */
import path from 'node:path';
import fs from 'fs-extra';
import { createProgress } from '../console/progress.ts';
import type { FileProblem } from '../model/parse-problems.ts';
import { withoutCredentials } from '../model/credentials.ts';
import { download, HttpStatusError, sha256 } from './download.ts';
import { sleep, stableJson, writeAtomically } from './fetch-zj.ts';

const MANIFEST = '.FETCHED.json';

export interface FileDownload {
  /** How reports name it: `<folder>/<file>` (`jma/bst_all.zip`, `hurdat2/hurdat2-1851-2025-02272026.txt`). */
  id: string;
  /** The folder it is installed in, and its name there. */
  dir: string;
  name: string;
  url: string;
  /** A 404 means "not published yet" (the newest year of a yearly series). */
  mayBeMissing: boolean;
  /** The storms the bytes hold; throws saying why they must not replace anything. */
  verify: (bytes: Uint8Array) => number;
}

export interface FilesFetchOptions {
  force?: boolean;
  /** Pause after each request (default 250 ms). */
  delayMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface FilesFetchReport {
  /** The ids of every file installed, unchanged, not published yet; failures with their reason. */
  installed: string[];
  unchanged: string[];
  missing: string[];
  failed: { id: string; error: string }[];
}

export interface ManifestEntry {
  url: string;
  sha256: string;
  etag: string | null;
  lastModified: string | null;
  storms: number;
}

/** The manifest of a folder: file name → what was installed. */
export async function readManifest(dir: string): Promise<Record<string, ManifestEntry>> {
  const json = (await fs.readJson(path.join(dir, MANIFEST)).catch(() => null)) as { files?: Record<string, ManifestEntry> } | null;
  return json?.files && typeof json.files === 'object' ? json.files : {};
}

export async function writeManifest(dir: string, files: Record<string, ManifestEntry>): Promise<void> {
  await fs.mkdirp(dir);
  await writeAtomically(path.join(dir, MANIFEST), stableJson({ files }));
}

/** Fetches the files in order, with a progress line named `label`. */
export async function fetchFiles(label: string, downloads: readonly FileDownload[], options: FilesFetchOptions): Promise<FilesFetchReport> {
  const log = options.log ?? (() => {});
  const delayMs = options.delayMs ?? 250;
  const report: FilesFetchReport = { installed: [], unchanged: [], missing: [], failed: [] };
  const manifests = new Map<string, Record<string, ManifestEntry>>();
  const bar = createProgress(label, downloads.length);

  for (const item of downloads) {
    bar.tick(item.id);
    if (!manifests.has(item.dir)) manifests.set(item.dir, await readManifest(item.dir));
    const manifest = manifests.get(item.dir) as Record<string, ManifestEntry>;
    const target = path.join(item.dir, item.name);
    const entry = manifest[item.name];
    const onDisk = await fs.readFile(target).catch(() => null);
    // Conditional only when the file on disk is the one the manifest describes, from the same address.
    const current = !options.force && entry && entry.url === item.url && onDisk && sha256(onDisk) === entry.sha256 ? entry : null;
    const conditions: Record<string, string> = {};
    if (current?.etag) conditions['If-None-Match'] = current.etag;
    if (current?.lastModified) conditions['If-Modified-Since'] = current.lastModified;
    try {
      const answer = await download(item.url, options.timeoutMs ?? 600_000, conditions);
      if (answer.status === 304) {
        if (!current) throw new Error(`GET ${withoutCredentials(item.url)} answered 304 to an unconditional request`);
        report.unchanged.push(item.id);
      } else if (current && sha256(answer.bytes) === current.sha256) {
        // The same bytes (a server without validators, or new ones): keep the file, remember the validators.
        manifest[item.name] = { ...current, etag: answer.etag, lastModified: answer.lastModified };
        await writeManifest(item.dir, manifest);
        report.unchanged.push(item.id);
      } else {
        const storms = item.verify(answer.bytes);
        await fs.mkdirp(item.dir);
        await writeAtomically(target, answer.bytes);
        manifest[item.name] = { url: item.url, sha256: sha256(answer.bytes), etag: answer.etag, lastModified: answer.lastModified, storms };
        await writeManifest(item.dir, manifest);
        report.installed.push(item.id);
        log(`Installed ${target} (${storms} storms)`);
      }
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 404 && item.mayBeMissing) report.missing.push(item.id);
      else {
        report.failed.push({ id: item.id, error: (error as Error).message });
        log(`${item.id}: failed (${withoutCredentials((error as Error).message)})`);
      }
    } finally {
      if (delayMs > 0) await sleep(delayMs);
    }
  }
  bar.done();
  return report;
}

/**
 * The storms of a parsed download, or an error saying why it must not replace anything: it holds no storm (an error
 * page, another format), or more than 1 % of its fixes are problems (a cut download, a changed format).
 */
export function soundDownload(what: string, storms: number, fixes: number, problems: readonly FileProblem[]): number {
  const listed = problems
    .slice(0, 3)
    .map((p) => `${p.file}:${p.line}: ${p.message}`)
    .join('; ');
  if (storms === 0) throw new Error(`holds no ${what} storm${listed ? ` (${listed})` : ''}`);
  if (problems.length > fixes / 100) throw new Error(`${problems.length} problems in ${fixes} fixes (more than 1 %): ${listed}`);
  return storms;
}

/** `all`, `none` or a comma list of `names` (any case) → those names; throws naming the option on an unknown one. */
export function parseSourceList<T extends string>(text: string, names: readonly T[], option: string): T[] {
  if (text.trim() === 'all') return [...names];
  if (text.trim() === 'none') return [];
  return text.split(',').map((part) => {
    const name = part.trim().toLowerCase();
    if (!(names as readonly string[]).includes(name))
      throw new Error(`${option}: "${part}" is not one of ${names.join(', ')} (or all, none)`);
    return name as T;
  });
}

/** A report in one line: `<label>: 5 installed, 0 unchanged, 1 not published yet (…), 0 failed`. */
export function filesSummary(label: string, r: FilesFetchReport): string {
  const list = (ids: string[]) => (ids.length ? ` (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''})` : '');
  return (
    `${label}: ${r.installed.length} installed, ${r.unchanged.length} unchanged, ` +
    `${r.missing.length} not published yet${list(r.missing)}, ${r.failed.length} failed${list(r.failed.map((f) => f.id))}`
  );
}
