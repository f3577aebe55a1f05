/**
 * `sources fetch` for the best tracks of the other basins, from their official addresses
 * (docs/data/data-sources.md#the-other-basins), into the global sources folder (`--global-sources`,
 * TYPHOON_GLOBAL_SOURCES, default .cache/global-sources) as distributed:
 *
 * - `hurdat2/`: NHC's HURDAT2, the Atlantic (`hurdat2-1851-<season>-<release>.txt`) and the North-east and Central
 *   Pacific (`hurdat2-nepac-1949-<season>-<release>.txt`). NHC names each release after its date, so the newest of
 *   each is found in the folder's listing (https://www.nhc.noaa.gov/data/hurdat/); once it is installed, older
 *   releases of the same series are removed.
 * - `ibtracs/`: NCEI's IBTrACS v04r01 lists of the North Indian, South Indian, South Pacific and South Atlantic,
 *   whose storms are records here, and of the North Atlantic and eastern North Pacific, read for links and
 *   cross-checks (the western Pacific's list is the agencies' fetch's).
 *
 * Every file is fetched as the agencies' are (src/sources/fetch-files.ts: conditional, verified by its parser,
 * resumable, with progress).
 */
import path from 'node:path';
import fs from 'fs-extra';
import { decodeUtf8 } from '../decode-text.ts';
import { download } from '../download.ts';
import { AGENCY_BASES } from '../agencies/fetch-agencies.ts';
import { parseAgencyFile } from '../agencies/agency-files.ts';
import {
  fetchFiles,
  filesSummary,
  parseSourceList,
  readManifest,
  soundDownload,
  writeManifest,
  type FileDownload,
  type FilesFetchReport,
} from '../fetch-files.ts';
import { parseHurdat2 } from './hurdat2.ts';
import { hurdat2Release } from './read-global-sources.ts';

export const GLOBAL_SOURCE_KINDS = ['hurdat2', 'ibtracs'] as const;
export type GlobalSourceKind = (typeof GLOBAL_SOURCE_KINDS)[number];

/** NHC's HURDAT2 folder (its listing names every release); IBTrACS's CSV folder (the agencies' fetch's too). */
export const GLOBAL_BASES: Record<GlobalSourceKind, string> = {
  hurdat2: 'https://www.nhc.noaa.gov/data/hurdat/',
  ibtracs: AGENCY_BASES.ibtracs,
};

/** The HURDAT2 series fetched, by the part of NHC's file names before the season: the Atlantic, the North-east Pacific. */
export const HURDAT2_SERIES = ['1851', 'nepac-1949'] as const;

/** IBTrACS's basin lists fetched: the record basins, then those read for links and cross-checks. */
export const IBTRACS_LISTS = ['NI', 'SI', 'SP', 'SA', 'NA', 'EP'].map((basin) => `ibtracs.${basin}.list.v04r01.csv`);

export interface GlobalFetchOptions {
  destDir: string;
  /** Default both. */
  kinds?: readonly GlobalSourceKind[];
  /** Other folders than the official ones (tests). */
  bases?: Partial<Record<GlobalSourceKind, string>>;
  force?: boolean;
  delayMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export type GlobalFetchReport = FilesFetchReport;

/** The newest release of each series HURDAT2_SERIES names, from the links of NHC's folder listing, by series. */
export function newestHurdat2Releases(listing: string): string[] {
  const newest = new Map<string, { name: string; order: string }>();
  for (const [, href] of listing.matchAll(/href="([^"]*hurdat2-[^"]*\.txt)"/g)) {
    const name = path.posix.basename(href as string);
    const { series, order } = hurdat2Release(name);
    const seen = newest.get(series);
    if ((HURDAT2_SERIES as readonly string[]).includes(series) && (!seen || order > seen.order)) newest.set(series, { name, order });
  }
  return HURDAT2_SERIES.flatMap((series) => newest.get(series)?.name ?? []);
}

function verifyHurdat2(name: string, bytes: Uint8Array): number {
  const text = decodeUtf8(bytes);
  if (!text.ok) throw new Error(`${name}:${text.bad.line}: ${text.message}`);
  const { storms, problems } = parseHurdat2(text.text, name);
  return soundDownload(
    'HURDAT2',
    storms.length,
    storms.reduce((n, s) => n + s.points.length, 0),
    problems,
  );
}

function verifyIbtracs(name: string, bytes: Uint8Array): number {
  const { tracks, problems } = parseAgencyFile('ibtracs', name, bytes);
  return soundDownload(
    'IBTrACS',
    tracks.length,
    tracks.reduce((n, t) => n + t.points.length, 0),
    problems,
  );
}

/** Once a series' newest release is in place, its older releases go (with their manifest entries). */
async function removeOlderReleases(dir: string, current: readonly string[]): Promise<void> {
  const manifest = await readManifest(dir);
  const series = new Set(current.map((name) => hurdat2Release(name).series));
  const older = (await fs.readdir(dir).catch(() => [] as string[])).filter(
    (name) => name.endsWith('.txt') && !current.includes(name) && series.has(hurdat2Release(name).series),
  );
  for (const name of older) {
    await fs.remove(path.join(dir, name));
    delete manifest[name];
  }
  if (older.length) await writeManifest(dir, manifest);
}

export async function fetchGlobalSources(options: GlobalFetchOptions): Promise<GlobalFetchReport> {
  const kinds = new Set(options.kinds ?? GLOBAL_SOURCE_KINDS);
  const base = (kind: GlobalSourceKind) => options.bases?.[kind] ?? GLOBAL_BASES[kind];
  const dir = (kind: GlobalSourceKind) => path.join(options.destDir, kind);
  const downloads: FileDownload[] = [];
  const failed: GlobalFetchReport['failed'] = [];
  let releases: string[] = [];
  if (kinds.has('hurdat2')) {
    try {
      const listing = await download(base('hurdat2'), options.timeoutMs ?? 60_000, {});
      if (listing.status !== 200) throw new Error(`GET ${base('hurdat2')} answered 304 to an unconditional request`);
      releases = newestHurdat2Releases(Buffer.from(listing.bytes).toString('utf8'));
      if (releases.length < HURDAT2_SERIES.length) throw new Error(`the listing names no release of ${HURDAT2_SERIES.join(' or ')}`);
    } catch (error) {
      failed.push({ id: 'hurdat2/', error: `the HURDAT2 listing ${base('hurdat2')}: ${(error as Error).message}` });
    }
    for (const name of releases)
      downloads.push({
        id: `hurdat2/${name}`,
        dir: dir('hurdat2'),
        name,
        url: `${base('hurdat2')}${name}`,
        mayBeMissing: false,
        verify: (bytes) => verifyHurdat2(name, bytes),
      });
  }
  if (kinds.has('ibtracs'))
    for (const name of IBTRACS_LISTS)
      downloads.push({
        id: `ibtracs/${name}`,
        dir: dir('ibtracs'),
        name,
        url: `${base('ibtracs')}${name}`,
        mayBeMissing: false,
        verify: (bytes) => verifyIbtracs(name, bytes),
      });
  const report = await fetchFiles('Global best tracks', downloads, options);
  const current = releases.filter((name) => [...report.installed, ...report.unchanged].includes(`hurdat2/${name}`));
  if (current.length) await removeOlderReleases(dir('hurdat2'), current);
  return { ...report, failed: [...failed, ...report.failed] };
}

/** `all`, `none` or a comma list (`hurdat2,ibtracs`) → the kinds; throws on an unknown name. */
export const parseGlobalList = (text: string): GlobalSourceKind[] => parseSourceList(text, GLOBAL_SOURCE_KINDS, 'global');

export const globalSummary = (r: GlobalFetchReport) => filesSummary('Best tracks of the other basins (HURDAT2, IBTrACS)', r);
