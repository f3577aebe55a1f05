/**
 * `sources fetch` for the other agencies' best tracks, from their official addresses
 * (docs/data-sources.md#other-agencies-best-tracks), into `<dest>/agencies/<agency>/` as distributed (zips stay
 * zips):
 *
 * - JMA: `bst_all.zip` (RSMC Tokyo, every storm since 1951);
 * - IBTrACS v04r01: the western-Pacific list and the ACTIVE list (CSV);
 * - HKO: `HKO<year>BST.csv`, one per year from 1985 (data.gov.hk);
 * - JTWC: `bwp<year>.zip`, the western-Pacific b-decks of a year, from 1945.
 *
 * Each file is downloaded conditionally (If-None-Match / If-Modified-Since from the manifest, while the file on
 * disk still has the recorded SHA-256), re-parsed before it replaces anything (refused when it holds no storm or
 * when more than 1 % of its fixes are problems: an error page, a cut download or a changed format), and renamed
 * into place. The manifest, `agencies/<agency>/.FETCHED.json` (a dot file, never read as data), is saved after
 * every file, so an interrupted run resumes where it stopped. The newest year of a yearly series answering 404 is
 * "not published yet", not a failure; every other failure is reported and the run goes on.
 */
import { withoutCredentials } from '../../model/credentials.ts';
import path from 'node:path';
import fs from 'fs-extra';
import { createProgress } from '../../console/progress.ts';
import { AGENCY_SOURCES, type AgencySource } from '../../model/agency-track-schemas.ts';
import { download, HttpStatusError, sha256 } from '../download.ts';
import { sleep, stableJson, writeAtomically } from '../fetch-zj.ts';
import { parseAgencyFile } from './agency-files.ts';
import { AGENCIES_DIR } from './read-agency-sources.ts';

/** The official folders; file names are appended (see agencyDownloads). */
export const AGENCY_BASES: Record<AgencySource, string> = {
  jma: 'https://www.jma.go.jp/jma/jma-eng/jma-center/rsmc-hp-pub-eg/Besttracks/',
  jtwc: 'https://www.metoc.navy.mil/jtwc/products/best-tracks/',
  hko: 'https://data.weather.gov.hk/weatherAPI/hko_data/tc/',
  ibtracs: 'https://www.ncei.noaa.gov/data/international-best-track-archive-for-climate-stewardship-ibtracs/v04r01/access/csv/',
};
export const FIRST_JTWC_YEAR = 1945;
export const FIRST_HKO_YEAR = 1985;
const MANIFEST = '.FETCHED.json';

export interface AgencyDownload {
  agency: AgencySource;
  /** The file's name in agencies/<agency>/. */
  name: string;
  url: string;
  /** A 404 means "not published yet" (the newest year of a yearly series). */
  mayBeMissing: boolean;
}

export interface AgencyFetchOptions {
  destDir: string;
  /** Agencies to fetch; default all. */
  agencies?: readonly AgencySource[];
  /** Other folders than the official ones (tests). */
  bases?: Partial<Record<AgencySource, string>>;
  /** Years of the yearly series; default from the first year to last year. */
  years?: Partial<Record<'jtwc' | 'hko', readonly number[]>>;
  force?: boolean;
  /** Pause after each request (default 250 ms). */
  delayMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
  now?: Date;
}

export interface AgencyFetchReport {
  /** `<agency>/<file>` of every file installed, unchanged, not published yet; failures with their reason. */
  installed: string[];
  unchanged: string[];
  missing: string[];
  failed: { id: string; error: string }[];
}

interface ManifestEntry {
  url: string;
  sha256: string;
  etag: string | null;
  lastModified: string | null;
  storms: number;
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** What to download, in order: the whole-archive files first, then the yearly series. */
export function agencyDownloads(options: Pick<AgencyFetchOptions, 'agencies' | 'bases' | 'years' | 'now'>): AgencyDownload[] {
  const base = (agency: AgencySource) => options.bases?.[agency] ?? AGENCY_BASES[agency];
  const lastYear = (options.now ?? new Date()).getUTCFullYear() - 1;
  const yearly = (
    agency: 'jtwc' | 'hko',
    first: number,
    url: (year: number) => string,
    name: (year: number) => string,
  ): AgencyDownload[] => {
    const years = options.years?.[agency] ?? range(first, lastYear);
    const newest = Math.max(...years);
    return years.map((year) => ({ agency, name: name(year), url: url(year), mayBeMissing: year === newest }));
  };
  const all: Record<AgencySource, () => AgencyDownload[]> = {
    jma: () => [{ agency: 'jma', name: 'bst_all.zip', url: `${base('jma')}bst_all.zip`, mayBeMissing: false }],
    ibtracs: () =>
      ['ibtracs.WP.list.v04r01.csv', 'ibtracs.ACTIVE.list.v04r01.csv'].map((name) => ({
        agency: 'ibtracs' as const,
        name,
        url: `${base('ibtracs')}${name}`,
        mayBeMissing: false,
      })),
    hko: () =>
      yearly(
        'hko',
        FIRST_HKO_YEAR,
        (y) => `${base('hko')}HKO${y}BST.csv`,
        (y) => `HKO${y}BST.csv`,
      ),
    jtwc: () =>
      yearly(
        'jtwc',
        FIRST_JTWC_YEAR,
        (y) => `${base('jtwc')}${y}/${y}s-bwp/bwp${y}.zip`,
        (y) => `bwp${y}.zip`,
      ),
  };
  const wanted = new Set(options.agencies ?? AGENCY_SOURCES);
  return (['jma', 'ibtracs', 'hko', 'jtwc'] as const).filter((agency) => wanted.has(agency)).flatMap((agency) => all[agency]());
}

async function readManifest(file: string): Promise<Record<string, ManifestEntry>> {
  const json = (await fs.readJson(file).catch(() => null)) as { files?: Record<string, ManifestEntry> } | null;
  return json?.files && typeof json.files === 'object' ? json.files : {};
}

/** The storms of a download, or an error saying why it must not replace anything. */
function verify(item: AgencyDownload, bytes: Uint8Array): number {
  const { tracks, problems } = parseAgencyFile(item.agency, item.name, bytes);
  const fixes = tracks.reduce((n, t) => n + t.points.length, 0);
  const listed = problems
    .slice(0, 3)
    .map((p) => `${p.file}:${p.line}: ${p.message}`)
    .join('; ');
  if (tracks.length === 0) throw new Error(`holds no ${item.agency} storm${listed ? ` (${listed})` : ''}`);
  if (problems.length > fixes / 100) throw new Error(`${problems.length} problems in ${fixes} fixes (more than 1 %): ${listed}`);
  return tracks.length;
}

export async function fetchAgencyTracks(options: AgencyFetchOptions): Promise<AgencyFetchReport> {
  const log = options.log ?? (() => {});
  const delayMs = options.delayMs ?? 250;
  const report: AgencyFetchReport = { installed: [], unchanged: [], missing: [], failed: [] };
  const downloads = agencyDownloads(options);
  const manifests = new Map<AgencySource, Record<string, ManifestEntry>>();
  const bar = createProgress("Other agencies' best tracks", downloads.length);

  for (const item of downloads) {
    const id = `${item.agency}/${item.name}`;
    bar.tick(id);
    const dir = path.join(options.destDir, AGENCIES_DIR, item.agency);
    const manifestFile = path.join(dir, MANIFEST);
    if (!manifests.has(item.agency)) manifests.set(item.agency, await readManifest(manifestFile));
    const manifest = manifests.get(item.agency) as Record<string, ManifestEntry>;
    const save = async () => {
      await fs.mkdirp(dir);
      await writeAtomically(manifestFile, stableJson({ files: manifest }));
    };
    const target = path.join(dir, item.name);
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
        report.unchanged.push(id);
      } else if (current && sha256(answer.bytes) === current.sha256) {
        // The same bytes (a server without validators, or new ones): keep the file, remember the validators.
        manifest[item.name] = { ...current, etag: answer.etag, lastModified: answer.lastModified };
        await save();
        report.unchanged.push(id);
      } else {
        const storms = verify(item, answer.bytes);
        await fs.mkdirp(dir);
        await writeAtomically(target, answer.bytes);
        manifest[item.name] = { url: item.url, sha256: sha256(answer.bytes), etag: answer.etag, lastModified: answer.lastModified, storms };
        await save();
        report.installed.push(id);
        log(`Installed ${path.join(dir, item.name)} (${storms} storms)`);
      }
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 404 && item.mayBeMissing) report.missing.push(id);
      else {
        report.failed.push({ id, error: (error as Error).message });
        log(`${id}: failed (${withoutCredentials((error as Error).message)})`);
      }
    } finally {
      if (delayMs > 0) await sleep(delayMs);
    }
  }
  bar.done();
  return report;
}

/** `all`, `none` or a comma list (`jma,hko`) → the agencies; throws on an unknown name. */
export function parseAgencyList(text: string): AgencySource[] {
  if (text.trim() === 'all') return [...AGENCY_SOURCES];
  if (text.trim() === 'none') return [];
  return text.split(',').map((part) => {
    const name = part.trim().toLowerCase();
    if (!(AGENCY_SOURCES as readonly string[]).includes(name))
      throw new Error(`agencies: "${part}" is not one of ${AGENCY_SOURCES.join(', ')} (or all, none)`);
    return name as AgencySource;
  });
}

export function agencySummary(r: AgencyFetchReport): string {
  const list = (ids: string[]) => (ids.length ? ` (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''})` : '');
  return (
    `Other agencies' best tracks: ${r.installed.length} installed, ${r.unchanged.length} unchanged, ` +
    `${r.missing.length} not published yet${list(r.missing)}, ${r.failed.length} failed${list(r.failed.map((f) => f.id))}`
  );
}
