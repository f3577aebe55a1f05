/**
 * `sources fetch --forecasts <years>`: the archived a-decks of the official forecasts, from their official
 * addresses (docs/data/data-sources.md#official-forecast-decks), into the forecast decks folder (`--forecast-decks`,
 * TYPHOON_FORECAST_DECKS, default .cache/forecast-decks) as distributed:
 *
 * - `nhc/<year>/`: NHC's ATCF archive, `https://ftp.nhc.noaa.gov/atcf/archive/<year>/a<basin><nn><year>.dat.gz`
 *   (the Atlantic, the eastern and the central North Pacific; OFCL and OFCS, and NHC's own CLIPER5/Decay-SHIFOR5
 *   baseline OCD5, added back to 1970 by NHC);
 * - `jtwc/<year>/`: UCAR's open repository of JTWC's decks, `https://hurricanes.ral.ucar.edu/repository/data/
 *   adecks_open/<year>/a<basin><nn><year>.dat` (the western North Pacific, the North Indian Ocean, the Southern
 *   Hemisphere; JTWC's official forecast, tech `JTWC`).
 *
 * Each year's folder listing names its decks; only numbered storms' a-decks are taken (src/sources/forecast-decks.ts
 * ADECK_NAME: not invests, training storms, b-, e- or f-decks). Every file is fetched as the other archive files are
 * (src/sources/fetch-files.ts: conditional, verified by its parser before it replaces anything, resumable, with
 * progress). A year whose folder is not published yet is "not published yet", not a failure.
 */
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { decodeUtf8 } from './decode-text.ts';
import { download, HttpStatusError } from './download.ts';
import { fetchFiles, filesSummary, soundDownload, type FileDownload, type FilesFetchReport } from './fetch-files.ts';
import { ADECK_NAME, officialLines } from './forecast-decks.ts';
import { parseAtcfDeck } from '../upstream/atcf.ts';

export const FORECAST_DECK_SOURCES = ['nhc', 'jtwc'] as const;
export type ForecastDeckSource = (typeof FORECAST_DECK_SOURCES)[number];

/** Each source's archive folder (a year's decks are under `<base><year>/`) and the basins whose decks it holds. */
export const FORECAST_DECK_BASES: Record<ForecastDeckSource, string> = {
  nhc: 'https://ftp.nhc.noaa.gov/atcf/archive/',
  jtwc: 'https://hurricanes.ral.ucar.edu/repository/data/adecks_open/',
};
const BASINS: Record<ForecastDeckSource, RegExp> = { nhc: /^a(al|ep|cp)\d{6}\.dat\.gz$/, jtwc: /^a(wp|io|sh)\d{6}\.dat$/ };

/** The seasons fetched when none are asked for: the five before this year's (the sample each agency's cone is measured on). */
export const defaultForecastYears = (now: Date) => Array.from({ length: 5 }, (_, i) => now.getUTCFullYear() - 5 + i);

export interface ForecastDeckFetchOptions {
  destDir: string;
  years: readonly number[];
  /** Default both. */
  sources?: readonly ForecastDeckSource[];
  /** Other folders than the official ones (tests). */
  bases?: Partial<Record<ForecastDeckSource, string>>;
  force?: boolean;
  delayMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** The a-deck names a folder listing links to (an Apache or nginx index), of one source's basins and one year. */
export function listedDecks(listing: string, source: ForecastDeckSource, year: number): string[] {
  const names = new Set<string>();
  for (const [, href] of listing.matchAll(/href="([^"?#]+)"/g)) {
    const name = path.posix.basename(href as string);
    if (ADECK_NAME.test(name) && BASINS[source].test(name) && name.slice(5, 9) === String(year)) names.add(name);
  }
  return [...names].sort();
}

/** A downloaded a-deck: how many of its lines are ATCF lines of the techniques read; refused when none is or too many are not. */
export function verifyDeck(name: string, bytes: Uint8Array): number {
  const raw = name.endsWith('.gz') ? gunzipSync(bytes) : bytes;
  const text = decodeUtf8(raw);
  if (!text.ok) throw new Error(`${name}:${text.bad.line}: ${text.message}`);
  const { records, problems } = parseAtcfDeck(officialLines(text.text));
  return soundDownload(
    'a-deck',
    records.length ? 1 : 0,
    records.length,
    problems.map((p) => ({ ...p, file: name })),
  );
}

export async function fetchForecastDecks(options: ForecastDeckFetchOptions): Promise<FilesFetchReport> {
  const base = (source: ForecastDeckSource) => options.bases?.[source] ?? FORECAST_DECK_BASES[source];
  const downloads: FileDownload[] = [];
  const missing: string[] = [];
  const failed: FilesFetchReport['failed'] = [];
  for (const source of options.sources ?? FORECAST_DECK_SOURCES)
    for (const year of options.years) {
      const folder = `${base(source)}${year}/`;
      const id = `${source}/${year}/`;
      let names: string[];
      try {
        const listing = await download(folder, options.timeoutMs ?? 60_000, {});
        if (listing.status !== 200) throw new Error(`GET ${folder} answered 304 to an unconditional request`);
        names = listedDecks(Buffer.from(listing.bytes).toString('utf8'), source, year);
      } catch (error) {
        if (error instanceof HttpStatusError && error.status === 404) missing.push(id);
        else failed.push({ id, error: `the listing ${folder}: ${(error as Error).message}` });
        continue;
      }
      for (const name of names)
        downloads.push({
          id: `${source}/${year}/${name}`,
          dir: path.join(options.destDir, source, String(year)),
          name,
          url: `${folder}${name}`,
          mayBeMissing: false,
          verify: (bytes) => verifyDeck(name, bytes),
        });
    }
  const report = await fetchFiles('Official forecast decks', downloads, options);
  return { ...report, missing: [...missing, ...report.missing], failed: [...failed, ...report.failed] };
}

export const forecastDecksSummary = (r: FilesFetchReport) => filesSummary('Official forecast decks (NHC, JTWC a-decks)', r);
