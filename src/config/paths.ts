/**
 * Where things are in the project. The archive sources come from `--sources`, else `TYPHOON_SOURCES`, else
 * `.cache/sources` (what `sources fetch` downloads), else the small demo archive kept in the repository
 * (`demo/archive`). The project never looks for data outside its own folder unless it is told where.
 */
import path from 'node:path';
import fs from 'node:fs';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The published output: a link to the current build (build/publish.ts). */
export const PUBLIC_DIR = path.join(PROJECT_ROOT, 'public');
/** Hand-written files copied into every build (the docs page). */
export const STATIC_DIR = path.join(PROJECT_ROOT, 'static');
export const CONTENT_DIR = path.join(PROJECT_ROOT, 'content');
export const CACHE_DIR = path.join(PROJECT_ROOT, '.cache');
/**
 * The names table inside the project. The live functions read it at this path relative to their working
 * directory: the project folder locally, the bundle root on Netlify, where their `includedFiles` put it.
 */
export const NAMES_FILE_IN_PROJECT = 'content/names/typhoon-committee.yaml';
export const NAMES_FILE = path.join(PROJECT_ROOT, NAMES_FILE_IN_PROJECT);
/** The north-western Pacific forecast baseline fitted on the CMA best track (build/fit-wp-baseline.ts). */
export const WP_BASELINE_FILE = path.join(CONTENT_DIR, 'baselines', 'wp-persistence-cma.json');
/** Reviewed per-storm corrections of English names (src/sources/name-corrections.ts). */
export const NAME_CORRECTIONS_FILE = path.join(CONTENT_DIR, 'names', 'corrections.yaml');
/** Reviewed Chinese → English place names (src/model/place-names.ts); the live normalisers read it at this relative path, like the names table. */
export const PLACES_FILE_IN_PROJECT = 'content/places/places.yaml';
export const PLACES_FILE = path.join(PROJECT_ROOT, PLACES_FILE_IN_PROJECT);
/** PAGASA's areas with their approximate circles (src/model/pagasa-gazetteer.ts). */
export const PAGASA_AREAS_FILE_IN_PROJECT = 'content/warnings/pagasa-areas.yaml';
/** The warning agencies' regions (Hong Kong, Japan, the Philippines), written by build/warning-regions.ts. */
export const WARNING_REGIONS_FILE_IN_PROJECT = 'content/warnings/regions.json';
/** The files src/sources/warning-areas.ts reads at run time: a function or run that places warnings bundles them. */
export const WARNING_AREA_FILES = [PAGASA_AREAS_FILE_IN_PROJECT, WARNING_REGIONS_FILE_IN_PROJECT] as const;
export const FETCHED_SOURCES_DIR = path.join(CACHE_DIR, 'sources');
/** The best tracks of the other basins (HURDAT2, IBTrACS), unless given elsewhere. */
export const GLOBAL_SOURCES_DIR = path.join(CACHE_DIR, 'global-sources');
/** The archived a-decks of the official forecasts (NHC's, JTWC's), unless given elsewhere. */
export const FORECAST_DECKS_DIR = path.join(CACHE_DIR, 'forecast-decks');
export const DEMO_SOURCES_DIR = path.join(PROJECT_ROOT, 'demo', 'archive');
/** The demo's archived a-decks, read with the demo archive when no forecast decks are given (demo/forecast-decks/README.md). */
export const DEMO_FORECAST_DECKS_DIR = path.join(PROJECT_ROOT, 'demo', 'forecast-decks');
/** The demo's best tracks of the other basins (a few storms, marked DEMO): built with the demo archive when no others are given. */
export const DEMO_GLOBAL_SOURCES_DIR = path.join(PROJECT_ROOT, 'demo', 'global-sources');
/** The generated Netlify functions (build/write-functions.ts). */
export const FUNCTIONS_DIR = path.join(PROJECT_ROOT, 'functions');

export type SourcesOrigin = 'option' | 'env' | 'fetched' | 'demo';

export interface SourcesLocation {
  dir: string;
  origin: SourcesOrigin;
}

const hasCmaFiles = (dir: string) => fs.existsSync(path.join(dir, 'cma-bst'));

/**
 * The sources folder to build from, and how it was chosen (the demo archive says so in every answer): the
 * option, else the configured one (TYPHOON_SOURCES), else what `sources fetch` downloaded, else the demo archive.
 */
export function resolveSources(option: string | undefined, configured: string | null): SourcesLocation {
  if (option) return { dir: path.resolve(option), origin: 'option' };
  if (configured) return { dir: path.resolve(configured), origin: 'env' };
  if (hasCmaFiles(FETCHED_SOURCES_DIR)) return { dir: FETCHED_SOURCES_DIR, origin: 'fetched' };
  return { dir: DEMO_SOURCES_DIR, origin: 'demo' };
}

/**
 * The other agencies' best tracks, when given: the option, else the configured one (TYPHOON_AGENCY_SOURCES);
 * otherwise (undefined) the build reads <sources>/agencies, where `sources fetch` puts them.
 */
export const resolveAgenciesDir = (option: string | undefined, configured: string | null): string | undefined => {
  const dir = option ?? configured;
  return dir ? path.resolve(dir) : undefined;
};

/** The best tracks of the other basins: the option, else the configured folder (TYPHOON_GLOBAL_SOURCES), else .cache/global-sources. */
export const resolveGlobalSourcesDir = (option: string | undefined, configured: string | null): string =>
  path.resolve(option ?? configured ?? GLOBAL_SOURCES_DIR);

/** The archived a-decks: the option, else the configured folder (TYPHOON_FORECAST_DECKS), else .cache/forecast-decks. */
export const resolveForecastDecksDir = (option: string | undefined, configured: string | null): string =>
  path.resolve(option ?? configured ?? FORECAST_DECKS_DIR);

/**
 * The archived a-decks a build reads, when there are any: the option, else the configured folder
 * (TYPHOON_FORECAST_DECKS), else what `sources fetch --forecasts` downloaded (.cache/forecast-decks, when it exists).
 * Undefined otherwise: the build then reads the demo's (DEMO_FORECAST_DECKS_DIR) with the demo archive, and none with
 * a real one.
 */
export function resolveForecastDecksToBuild(option: string | undefined, configured: string | null): string | undefined {
  const dir = option ?? configured;
  if (dir) return path.resolve(dir);
  return fs.existsSync(FORECAST_DECKS_DIR) ? FORECAST_DECKS_DIR : undefined;
}

const hasGlobalFiles = (dir: string) => ['hurdat2', 'ibtracs'].some((folder) => fs.existsSync(path.join(dir, folder)));

/**
 * The other basins' best tracks a build reads, when there are any: the option, else the configured folder
 * (TYPHOON_GLOBAL_SOURCES), else what `sources fetch` downloaded (.cache/global-sources, when it holds hurdat2/ or
 * ibtracs/). Undefined otherwise: the build then reads the demo's (DEMO_GLOBAL_SOURCES_DIR) with the demo archive,
 * and none with a real one, whose answers say the other basins are not loaded.
 */
export function resolveGlobalSourcesToBuild(option: string | undefined, configured: string | null): string | undefined {
  const dir = option ?? configured;
  if (dir) return path.resolve(dir);
  return hasGlobalFiles(GLOBAL_SOURCES_DIR) ? GLOBAL_SOURCES_DIR : undefined;
}
