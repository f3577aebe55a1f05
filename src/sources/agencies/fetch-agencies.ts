/**
 * `sources fetch` for the other agencies' best tracks, from their official addresses
 * (docs/data/data-sources.md#other-agencies-best-tracks), into `<dest>/agencies/<agency>/` as distributed (zips stay
 * zips):
 *
 * - JMA: `bst_all.zip` (RSMC Tokyo, every storm since 1951);
 * - IBTrACS v04r01: the western-Pacific list and the ACTIVE list (CSV);
 * - HKO: `HKO<year>BST.csv`, one per year from 1985 (data.gov.hk);
 * - JTWC: `bwp<year>.zip`, the western-Pacific b-decks of a year, from 1945.
 *
 * Each file is fetched as every whole best-track file is (src/sources/fetch-files.ts: conditional, verified,
 * resumable), re-parsed by its agency's parser before it replaces anything (refused when it holds no storm or
 * when more than 1 % of its fixes are problems). The newest year of a yearly series answering 404 is "not
 * published yet", not a failure.
 */
import path from 'node:path';
import { AGENCY_SOURCES, type AgencySource } from '../../model/agency-track-schemas.ts';
import { fetchFiles, filesSummary, parseSourceList, soundDownload, type FilesFetchReport } from '../fetch-files.ts';
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

export type AgencyFetchReport = FilesFetchReport;

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

/** The storms of a download, or an error saying why it must not replace anything. */
function verify(item: AgencyDownload, bytes: Uint8Array): number {
  const { tracks, problems } = parseAgencyFile(item.agency, item.name, bytes);
  return soundDownload(
    item.agency,
    tracks.length,
    tracks.reduce((n, t) => n + t.points.length, 0),
    problems,
  );
}

export async function fetchAgencyTracks(options: AgencyFetchOptions): Promise<AgencyFetchReport> {
  const downloads = agencyDownloads(options).map((item) => ({
    id: `${item.agency}/${item.name}`,
    dir: path.join(options.destDir, AGENCIES_DIR, item.agency),
    name: item.name,
    url: item.url,
    mayBeMissing: item.mayBeMissing,
    verify: (bytes: Uint8Array) => verify(item, bytes),
  }));
  return fetchFiles("Other agencies' best tracks", downloads, options);
}

/** `all`, `none` or a comma list (`jma,hko`) → the agencies; throws on an unknown name. */
export const parseAgencyList = (text: string): AgencySource[] => parseSourceList(text, AGENCY_SOURCES, 'agencies');

export const agencySummary = (r: AgencyFetchReport) => filesSummary("Other agencies' best tracks", r);
