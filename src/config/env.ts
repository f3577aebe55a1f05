/**
 * The one configuration: every environment variable the project reads, parsed here and nowhere else, and passed
 * in from the entry points (the CLI, the generated Netlify functions, the local server). docs/maintainers/operations.md's table
 * of them, with their defaults and descriptions, is written from ENV (`npm run docs:tables`).
 */
import { z } from 'zod';

/** A base address: a URL, kept without its trailing slash. */
const base = (fallback: string) =>
  z
    .url()
    .default(fallback)
    .transform((url) => url.replace(/\/+$/, ''));
/** An optional text: an empty value is the same as none (a CI job often sets variables to ''). */
const optional = z
  .string()
  .optional()
  .transform((value) => (value ? value : null));

export const ENV = z.object({
  TYPHOON_SOURCES: optional.describe('Archive sources folder (cma-bst/, zj/); else .cache/sources, else the demo archive'),
  TYPHOON_AGENCY_SOURCES: optional.describe("Other agencies' best tracks (jma/, jtwc/, hko/, ibtracs/); else <sources>/agencies"),
  TYPHOON_GLOBAL_SOURCES: optional.describe(
    "Best tracks of the other basins (hurdat2/: NHC HURDAT2; ibtracs/: IBTrACS basin lists): where `sources fetch` puts them and the build and the dump read them; else .cache/global-sources (with the demo archive and none there, the demo's demo/global-sources)",
  ),
  TYPHOON_FORECAST_DECKS: optional.describe(
    "Archived ATCF a-decks of the official forecasts (nhc/: NHC's archive; jtwc/: UCAR's open repository of JTWC's): where `sources fetch --forecasts` puts them, what the build verifies; else .cache/forecast-decks",
  ),
  TYPHOON_PUBLIC_DIR: z
    .string()
    .default('public')
    .describe('Where functions read the generated files (relative to the working directory, the bundle root on Netlify)'),
  TYPHOON_LIVE_DIR: optional.describe('The live store as a folder, outside Netlify; default .cache/live'),
  TYPHOON_ZJ_BASE: base('https://typhoon.slt.zj.gov.cn/Api').describe('The Zhejiang typhoon service'),
  TYPHOON_NMC_BASE: base('https://typhoon.nmc.cn/weatherservice/typhoon/jsons').describe("NMC's typhoon service (the failover)"),
  TYPHOON_NHC_BASE: base('https://www.nhc.noaa.gov').describe("NHC's site (CurrentStorms.json)"),
  TYPHOON_NHC_ATCF_BASE: base('https://ftp.nhc.noaa.gov/atcf').describe("NHC's ATCF decks (btk/, aid_public/, archive/)"),
  TYPHOON_NHC_TEXT_BASE: base('https://tgftp.nws.noaa.gov/data/raw/ab').describe(
    "NHC's plain-text Tropical Weather Outlooks (abnt20.knhc.two.at.txt, abpz20.knhc.two.ep.txt)",
  ),
  TYPHOON_JTWC_BASE: base('https://www.metoc.navy.mil/jtwc').describe("JTWC's RSS and products"),
  TYPHOON_UCAR_BASE: base('https://hurricanes.ral.ucar.edu/repository/data').describe("UCAR's open repository of JTWC's b-decks"),
  TYPHOON_HKO_BASE: base('https://data.weather.gov.hk/weatherAPI/opendata').describe(
    "The Hong Kong Observatory's open-data API (weather.php: warnsum, warningInfo)",
  ),
  TYPHOON_JMA_XML_BASE: base('https://www.data.jma.go.jp/developer/xml').describe(
    "JMA's disaster-prevention XML (feed/extra.xml, feed/extra_l.xml, and the documents under data/)",
  ),
  TYPHOON_PAGASA_BASE: base('https://www.pagasa.dost.gov.ph').describe(
    "PAGASA's site (tropical-cyclone/severe-weather-bulletin: the page that links each active storm's bulletin)",
  ),
  TYPHOON_PAGASA_FILES_BASE: base('https://pubfiles.pagasa.dost.gov.ph/tamss/weather').describe(
    "PAGASA's file server (bulletin_<name>.pdf: a storm's current Tropical Cyclone Bulletin)",
  ),
  TYPHOON_LLM_BASE_URL: optional.describe('An OpenAI-compatible endpoint that may reword generated text (all three LLM variables or none)'),
  TYPHOON_LLM_API_KEY: optional.describe("The language model's key"),
  TYPHOON_LLM_MODEL: optional.describe("The language model's name"),
  TYPHOON_CMA_URL: optional.describe("The CMA best-track archive's address, for `sources fetch` (default: CMA's official address)"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8888).describe("The local server's port (`npm start`)"),
  NETLIFY_SITE_ID: optional.describe('The Netlify site `npm run cli -- deploy` deploys to'),
  NETLIFY_TOOLS_DIR: optional.describe('Where `npm run test:netlify` installs the pinned Netlify CLI (default .cache/netlify-tools)'),
  NETLIFY: optional.describe('Set to "true" by Netlify: the live store is Netlify Blobs'),
  NETLIFY_BLOBS_CONTEXT: optional.describe('Set by Netlify in functions: the live store is Netlify Blobs'),
  CONTEXT: optional.describe("Netlify's deploy context (production, deploy-preview, …), when the runtime does not say"),
  CI: optional.describe('Set by CI: no progress lines'),
});

export type Env = z.output<typeof ENV>;

export interface UpstreamAddresses {
  zj: string;
  nmc: string;
  nhc: string;
  nhcAtcf: string;
  nhcText: string;
  jtwc: string;
  ucar: string;
  hko: string;
  jmaXml: string;
  pagasa: string;
  pagasaFiles: string;
}

export interface LlmEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** Where the live store is: Netlify Blobs (one store per deploy context) or a folder. */
export type StoreLocation = { kind: 'blobs'; context: string | null } | { kind: 'files'; dir: string | null };

export interface Config {
  sourcesDir: string | null;
  agenciesDir: string | null;
  globalSourcesDir: string | null;
  forecastDecksDir: string | null;
  publicDir: string;
  store: StoreLocation;
  upstreams: UpstreamAddresses;
  /** Null unless all three variables are set. */
  llm: LlmEndpoint | null;
  cmaUrl: string | null;
  port: number;
  netlifySiteId: string | null;
  netlifyToolsDir: string | null;
  /** Progress lines are drawn (an interactive run, not CI). */
  ci: boolean;
  /**
   * Why this process polls no upstream: the command-line flag that turned polling off (`--offline`, `--demo`), which
   * the live answers name; null when it polls (always on Netlify). Set by the command line, not by the environment.
   */
  liveOff: string | null;
}

/** The configuration of this process, from its environment; a malformed value stops it with every problem named. */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ENV.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return {
    sourcesDir: e.TYPHOON_SOURCES,
    agenciesDir: e.TYPHOON_AGENCY_SOURCES,
    globalSourcesDir: e.TYPHOON_GLOBAL_SOURCES,
    forecastDecksDir: e.TYPHOON_FORECAST_DECKS,
    publicDir: e.TYPHOON_PUBLIC_DIR,
    store:
      e.NETLIFY_BLOBS_CONTEXT || e.NETLIFY === 'true' ? { kind: 'blobs', context: e.CONTEXT } : { kind: 'files', dir: e.TYPHOON_LIVE_DIR },
    upstreams: {
      zj: e.TYPHOON_ZJ_BASE,
      nmc: e.TYPHOON_NMC_BASE,
      nhc: e.TYPHOON_NHC_BASE,
      nhcAtcf: e.TYPHOON_NHC_ATCF_BASE,
      nhcText: e.TYPHOON_NHC_TEXT_BASE,
      jtwc: e.TYPHOON_JTWC_BASE,
      ucar: e.TYPHOON_UCAR_BASE,
      hko: e.TYPHOON_HKO_BASE,
      jmaXml: e.TYPHOON_JMA_XML_BASE,
      pagasa: e.TYPHOON_PAGASA_BASE,
      pagasaFiles: e.TYPHOON_PAGASA_FILES_BASE,
    },
    llm:
      e.TYPHOON_LLM_BASE_URL && e.TYPHOON_LLM_API_KEY && e.TYPHOON_LLM_MODEL
        ? { baseUrl: e.TYPHOON_LLM_BASE_URL.replace(/\/+$/, ''), apiKey: e.TYPHOON_LLM_API_KEY, model: e.TYPHOON_LLM_MODEL }
        : null,
    cmaUrl: e.TYPHOON_CMA_URL,
    port: e.PORT,
    netlifySiteId: e.NETLIFY_SITE_ID,
    netlifyToolsDir: e.NETLIFY_TOOLS_DIR,
    ci: e.CI !== null,
    liveOff: null,
  };
}
