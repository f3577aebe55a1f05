/**
 * The build's official forecasts: the archived a-decks of the forecast decks folder (`--forecast-decks`,
 * TYPHOON_FORECAST_DECKS, else .cache/forecast-decks; with the demo archive and nothing given, demo/forecast-decks),
 * verified against the archive's best tracks (src/forecasts/archived-forecasts.ts): the north-western Pacific's
 * records of this build, and the other basins' records (issue 30) from the global sources folder when one is given
 * (with the demo decks, demo/global-sources: ANDREW's HURDAT2 entry).
 * Nothing given: no archived forecasts, and the answers say so (an empty season, a 404 for a storm).
 */
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import { buildGlobalArchive } from '../src/archive/global/global-records.ts';
import { DEMO_FORECAST_DECKS_DIR, DEMO_GLOBAL_SOURCES_DIR, WP_BASELINE_FILE } from '../src/config/paths.ts';
import { archivedForecasts, verifyingStorms, type ArchivedForecasts } from '../src/forecasts/archived-forecasts.ts';
import type { PersistenceBaseline } from '../src/forecasts/wp-persistence-baseline.ts';
import type { Typhoon } from '../src/model/typhoon-schemas.ts';
import { listForecastDecks, readForecastDecks } from '../src/sources/forecast-decks.ts';
import { readGlobalSources } from '../src/sources/global/read-global-sources.ts';

export interface ForecastFolders {
  /** The archived a-decks; none: the demo's with the demo archive, else none. */
  forecastDecksDir?: string;
  /** The other basins' best tracks (hurdat2/, ibtracs/), for the decks of their storms. */
  globalSourcesDir?: string;
}

/** The decks folder a build reads: the one given, else the demo's with the demo archive, else none. */
export const forecastDecksFolder = (folders: ForecastFolders, demo: boolean): string | null =>
  folders.forecastDecksDir ?? (demo ? DEMO_FORECAST_DECKS_DIR : null);

/** The other basins' best tracks a build reads with its decks: the folder given, else the demo's with the demo decks. */
const globalSourcesFolder = (folders: ForecastFolders, decks: string | null): string | null =>
  folders.globalSourcesDir ?? (decks === DEMO_FORECAST_DECKS_DIR ? DEMO_GLOBAL_SOURCES_DIR : null);

/** The files of the decks and global sources folders a build of these folders reads (for the input fingerprint). */
export async function forecastInputFiles(folders: ForecastFolders, demo: boolean): Promise<string[]> {
  const dir = forecastDecksFolder(folders, demo);
  const decks = dir ? (await listForecastDecks(dir)).map((f) => path.join(dir, f)) : [];
  const globalDir = globalSourcesFolder(folders, dir);
  if (decks.length === 0 || !globalDir) return decks;
  const global = await fg(['hurdat2/hurdat2*.txt', 'ibtracs/ibtracs*.csv'], { cwd: globalDir, absolute: true }).catch(() => []);
  return [...decks, ...global.sort()];
}

export async function renderForecastArchive(
  folders: ForecastFolders,
  nwPacific: { typhoons: readonly Typhoon[]; demo: boolean },
  log: (line: string) => void,
): Promise<ArchivedForecasts> {
  const dir = forecastDecksFolder(folders, nwPacific.demo);
  const decks = dir ? await readForecastDecks(dir) : { decks: [], problems: [], rejected: [] };
  // The other basins' records, only when there are decks to verify (the South Indian IBTrACS list alone is 70 MB).
  const globalDir = globalSourcesFolder(folders, dir);
  const global = decks.decks.length && globalDir && (await fs.pathExists(globalDir)) ? await readGlobalSources(globalDir) : null;
  const globalStorms = global ? buildGlobalArchive({ ...global, nwPacific: null }).storms : [];
  const wpBaseline = (await fs.readJson(WP_BASELINE_FILE)) as PersistenceBaseline;
  const archived = archivedForecasts({ decks: decks.decks, verifying: verifyingStorms(nwPacific.typhoons, globalStorms), wpBaseline });
  const first = decks.problems[0];
  log(
    [
      `Official forecast decks: ${dir ?? 'none given'}${dir === DEMO_FORECAST_DECKS_DIR ? ' (DEMO)' : ''}`,
      `  ${decks.decks.length} a-deck(s); ${archived.storms.length} storm(s) verified against the archive${global ? ` (other basins: ${globalDir})` : ' (no other basins given)'}`,
      ...(archived.unmatched.length
        ? [
            `  ${archived.unmatched.length} a-deck(s) whose storm the archive does not hold, not verified: ${archived.unmatched.slice(0, 5).join(', ')}${archived.unmatched.length > 5 ? ', …' : ''}`,
          ]
        : []),
      ...(first ? [`  ${decks.problems.length} line(s) left out (first: ${first.file}:${first.line}: ${first.message})`] : []),
    ].join('\n'),
  );
  return archived;
}
