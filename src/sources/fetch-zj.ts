/**
 * The Zhejiang per-storm archive from the official service: `TyphoonList/{year}` for every season, then
 * `TyphoonInfo/{tfid}` of each finished, China-numbered storm, written as `<dest>/zj/<tfid>.json` in the
 * archive format (toZjArchiveJson). Active storms and unnamed systems (8-digit tfids) are skipped: the archive
 * holds finished, numbered storms only.
 *
 * Incremental and resumable through a manifest, `<dest>/zj/.FETCHED.json` (sorted keys; a dot file, so the
 * build's `zj/*.json` glob neither parses nor fingerprints it): per year the digest of the list answer, per
 * storm the digest of its list item and of the file written. A storm is fetched again only when its file is
 * missing or no longer matches its digest, its list item changed, or `force`; a season whose list and files are
 * unchanged therefore costs one list request and no detail request. Each file is re-parsed before it replaces
 * the old one, and a file is always renamed into place before the manifest records it, so an interrupted run
 * leaves at worst a file the next run fetches again. Names and landfall places that fail the upstream-text check
 * (src/model/upstream-text.ts) are left out of the files written, listed in the report and logged (inert).
 */
import path from 'node:path';
import fs from 'node:fs/promises';
import { NAMES_FILE, PLACES_FILE } from '../config/paths.ts';
import { createProgress } from '../console/progress.ts';
import type { FileRejection } from '../model/parse-problems.ts';
import { beijingYear, toBeijingIso } from '../model/time.ts';
import { reportedValue, type NameList, type TextCheck } from '../model/upstream-text.ts';
import type { LiveUpstreams } from '../upstream/addresses.ts';
import { fetchZjTyphoon, rawZjListSchema } from '../upstream/zj-service.ts';
import { sha256 } from './download.ts';
import { parseNamesTable } from './names-table.ts';
import { placesTable } from './places-table.ts';
import { toZjArchiveJson } from './zj-archive-writer.ts';
import { parseZjArchiveFile } from './zj-archive.ts';

export const FIRST_ZJ_YEAR = 1945;
/** Inside zj/ beside the files it describes; the leading dot keeps it out of the sources the build reads. */
export const ZJ_MANIFEST = '.FETCHED.json';

export interface ZjFetchOptions {
  upstreams: Pick<LiveUpstreams, 'zjBase' | 'client'>;
  destDir: string;
  /** Seasons to fetch; default every year from 1945 to the current (Beijing) year. */
  years?: number[];
  /** Pause after each request, per worker (default 250 ms; tests pass 0). */
  delayMs?: number;
  /** Detail requests in flight at once (default 2). */
  concurrency?: number;
  /** Fetch every finished storm again, whatever the manifest says. */
  force?: boolean;
  log?: (line: string) => void;
  now?: Date;
  /** What names are checked against; default the project's names table. */
  names?: NameList;
}

export interface ZjFetchReport {
  /** tfids whose file was (re)written. */
  written: string[];
  /** tfids whose file verified against an unchanged list item: nothing fetched. */
  unchanged: string[];
  /** tfids left out: active storms and unnamed (8-digit) systems. */
  skipped: string[];
  /** A storm (tfid) or a season (`TyphoonList/<year>`) that failed; the rest of the run went on. */
  failed: { id: string; error: string }[];
  /** Seasons whose list was read. */
  years: number[];
  /** Names and places left out of the files written (upstream-text check), by file. */
  rejected: FileRejection[];
}

interface Manifest {
  years: Record<string, { list: string }>;
  storms: Record<string, { item: string; file: string; fetchedAt: string }>;
}

type ListItem = ReturnType<typeof rawZjListSchema.parse>[number];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** JSON with keys sorted at every level, so an unchanged manifest is byte-for-byte the same. */
export function stableJson(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v;
  return `${JSON.stringify(sorted(value), null, 2)}\n`;
}

export async function writeAtomically(file: string, text: string | Uint8Array): Promise<void> {
  const temp = `${file}.tmp`;
  await fs.writeFile(temp, text);
  await fs.rename(temp, file);
}

async function readManifest(file: string, log: (line: string) => void): Promise<Manifest> {
  try {
    const json = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Manifest>;
    if (json && typeof json.years === 'object' && typeof json.storms === 'object') return { years: json.years, storms: json.storms };
    log(`${file}: not a manifest, starting afresh`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`${file}: unreadable (${(error as Error).message}), starting afresh`);
  }
  return { years: {}, storms: {} };
}

const fileDigest = async (file: string) => {
  try {
    return sha256(await fs.readFile(file));
  } catch {
    return null;
  }
};

/** What identifies a storm's list entry: a change in any of these (a new end time, a name) means new details. */
const itemDigest = (i: ListItem) =>
  sha256(
    Buffer.from(
      JSON.stringify([i.tfid, i.name ?? null, i.enname ?? null, i.starttime ?? null, i.endtime ?? null, String(i.isactive ?? '')]),
    ),
  );

/** Runs `work` over `items` with at most `size` in flight. */
async function pool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(size, queue.length)) }, worker));
}

export async function fetchZjArchive(options: ZjFetchOptions): Promise<ZjFetchReport> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const delayMs = options.delayMs ?? 250;
  const { upstreams } = options;
  const years = options.years ?? Array.from({ length: beijingYear(now) - FIRST_ZJ_YEAR + 1 }, (_, i) => FIRST_ZJ_YEAR + i);
  const dir = path.join(options.destDir, 'zj');
  await fs.mkdir(dir, { recursive: true });
  const manifestFile = path.join(dir, ZJ_MANIFEST);
  const manifest = await readManifest(manifestFile, log);
  let saved = stableJson(manifest);
  // Written only when it changed, so a run that finds nothing new leaves the folder untouched.
  const save = async () => {
    const text = stableJson(manifest);
    if (text !== saved) await writeAtomically(manifestFile, text);
    saved = text;
  };
  const names = options.names ?? parseNamesTable(await fs.readFile(NAMES_FILE, 'utf8'));
  const places = placesTable(await fs.readFile(PLACES_FILE, 'utf8'));
  const report: ZjFetchReport = { written: [], unchanged: [], skipped: [], failed: [], years: [], rejected: [] };
  const pause = () => (delayMs > 0 ? sleep(delayMs) : Promise.resolve());
  const fail = (id: string, error: unknown) => {
    const message = (error as Error).message;
    report.failed.push({ id, error: message });
    log(`zj ${id}: failed (${message})`);
  };

  const fetchStorm = async (item: ListItem, digest: string) => {
    try {
      const text: TextCheck = { names, places, rejected: [] };
      const typhoon = await fetchZjTyphoon(upstreams, item.tfid, now, text);
      if (typhoon.code !== item.tfid) throw new Error(`TyphoonInfo/${item.tfid} answered storm ${typhoon.code}`);
      // Listed as finished, detailed as active: a race at the storm's end; a later run gets it.
      if (typhoon.isActive) {
        report.skipped.push(item.tfid);
        return;
      }
      const json = toZjArchiveJson(typhoon);
      const { storm, problems } = parseZjArchiveFile(json, names, places);
      if (problems.length || storm?.tfbh !== item.tfid || storm.points.length === 0) {
        throw new Error(`the archive file would not read back: ${problems.map((p) => p.message).join('; ') || 'no track'}`);
      }
      await writeAtomically(path.join(dir, `${item.tfid}.json`), json);
      manifest.storms[item.tfid] = { item: digest, file: sha256(Buffer.from(json)), fetchedAt: toBeijingIso(now) };
      report.written.push(item.tfid);
      for (const r of text.rejected) {
        report.rejected.push({ ...r, file: `zj/${item.tfid}.json` });
        log(`zj ${item.tfid}: ${r.field} ${reportedValue(r.value)} left out (${r.rule})`);
      }
    } catch (error) {
      fail(item.tfid, error);
    } finally {
      await pause();
    }
  };

  const bar = createProgress('Zhejiang archive', years.length);
  for (const year of years) {
    bar.tick(String(year));
    let json: unknown;
    try {
      json = await upstreams.client.json(`${upstreams.zjBase}/TyphoonList/${year}`);
    } catch (error) {
      fail(`TyphoonList/${year}`, error);
      continue;
    } finally {
      await pause();
    }
    const parsed = rawZjListSchema.safeParse(json);
    if (!parsed.success) {
      fail(
        `TyphoonList/${year}`,
        new Error(`unexpected shape: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`),
      );
      continue;
    }
    report.years.push(year);
    const due: [ListItem, string][] = [];
    for (const item of parsed.data) {
      if (!/^\d{6}$/.test(item.tfid) || String(item.isactive) === '1') {
        report.skipped.push(item.tfid);
        continue;
      }
      const digest = itemDigest(item);
      const entry = manifest.storms[item.tfid];
      const verified = !options.force && entry?.item === digest && entry.file === (await fileDigest(path.join(dir, `${item.tfid}.json`)));
      if (verified) report.unchanged.push(item.tfid);
      else due.push([item, digest]);
    }
    // A season whose list and files are unchanged has nothing due: no detail request.
    const before = [report.written.length, report.failed.length] as const;
    await pool(due, options.concurrency ?? 2, ([item, digest]) => fetchStorm(item, digest));
    manifest.years[String(year)] = { list: sha256(Buffer.from(JSON.stringify(json))) };
    // Saved once per season (at most a few dozen storms): every file is renamed into place before, so a run
    // killed before the save only fetches that season's new files again.
    await save();
    if (due.length)
      log(
        `zj ${year}: ${report.written.length - before[0]} written, ${report.failed.length - before[1]} failed, ${parsed.data.length} listed`,
      );
  }
  bar.done();
  for (const list of [report.written, report.unchanged, report.skipped]) list.sort();
  report.rejected.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  report.failed.sort((a, b) => a.id.localeCompare(b.id));
  return report;
}
