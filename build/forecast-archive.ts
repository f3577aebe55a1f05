/**
 * The build's official forecasts: the archived a-decks of the forecast decks folder (`--forecast-decks`,
 * TYPHOON_FORECAST_DECKS, else .cache/forecast-decks; with the demo archive and nothing given, demo/forecast-decks),
 * verified against the archive's best tracks (src/forecasts/archived-forecasts.ts): the north-western Pacific's
 * records of this build, and the other basins' records the build read (its global sources folder; with the demo
 * archive demo/global-sources, whose HURDAT2 holds ANDREW 1992, the demo decks' storm).
 * Nothing given: no archived forecasts, and the answers say so (an empty season, a 404 for a storm).
 */
import path from 'node:path';
import fs from 'fs-extra';
import { buildGlobalArchive } from '../src/archive/global/global-records.ts';
import { DEMO_FORECAST_DECKS_DIR, WP_BASELINE_FILE } from '../src/config/paths.ts';
import { archivedForecasts, verifyingStorms, type ArchivedForecasts } from '../src/forecasts/archived-forecasts.ts';
import type { PersistenceBaseline } from '../src/forecasts/wp-persistence-baseline.ts';
import type { Typhoon } from '../src/model/typhoon-schemas.ts';
import { listForecastDecks, readForecastDecks } from '../src/sources/forecast-decks.ts';
import { listGlobalSourceFiles, readGlobalSources, type GlobalSources } from '../src/sources/global/read-global-sources.ts';

export interface ForecastFolders {
  /** The archived a-decks; none: the demo's with the demo archive, else none. */
  forecastDecksDir?: string;
}

/** The decks folder a build reads: the one given, else the demo's with the demo archive, else none. */
export const forecastDecksFolder = (folders: ForecastFolders, demo: boolean): string | null =>
  folders.forecastDecksDir ?? (demo ? DEMO_FORECAST_DECKS_DIR : null);

/** The files of the decks folder a build of these folders reads, its own best tracks included (for the input fingerprint). */
export async function forecastInputFiles(folders: ForecastFolders, demo: boolean): Promise<string[]> {
  const dir = forecastDecksFolder(folders, demo);
  if (!dir) return [];
  return [...(await listForecastDecks(dir)), ...(await listGlobalSourceFiles(dir))].map((f) => path.join(dir, f));
}

export async function renderForecastArchive(
  folders: ForecastFolders,
  archive: { typhoons: readonly Typhoon[]; demo: boolean; global: GlobalSources | null },
  log: (line: string) => void,
): Promise<ArchivedForecasts> {
  const dir = forecastDecksFolder(folders, archive.demo);
  const decks = dir ? await readForecastDecks(dir) : { decks: [], problems: [], rejected: [] };
  // The other basins' records, only when there are decks to verify. A decks folder may carry best tracks of its own
  // storms (hurdat2/: the tests' invented storm); a record of the archive wins over one of them (set later).
  const global = decks.decks.length ? archive.global : null;
  const own = dir && decks.decks.length ? await readGlobalSources(dir) : null;
  const globalStorms = [own, global].flatMap((sources) => (sources ? buildGlobalArchive({ ...sources, nwPacific: null }).storms : []));
  const wpBaseline = (await fs.readJson(WP_BASELINE_FILE)) as PersistenceBaseline;
  const archived = archivedForecasts({ decks: decks.decks, verifying: verifyingStorms(archive.typhoons, globalStorms), wpBaseline });
  const first = decks.problems[0];
  log(
    [
      `Official forecast decks: ${dir ?? 'none given'}${dir === DEMO_FORECAST_DECKS_DIR ? ' (DEMO)' : ''}`,
      `  ${decks.decks.length} a-deck(s); ${archived.storms.length} storm(s) verified against the archive${global ? ' (and the other basins read)' : ' (no other basins read)'}`,
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
