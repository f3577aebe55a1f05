/**
 * The other basins' best tracks the tests build with. On a plain clone our fixtures (fixtures/global-sources:
 * invented storms in the real formats); with the real data a global sources folder laid out as `sources fetch`
 * lays it out, of symlinks to the samples we have: NHC's Atlantic HURDAT2 1970–2018 (TYPHOON_HISTORY_SAMPLES; it
 * lacks Katrina 2005), the North-east and Central Pacific HURDAT2 1949–2024 (TYPHOON_CROSSCHECK_DATA), the IBTrACS
 * list of every basin 1842–2025 (history samples: 10 columns, times as a spreadsheet writes them) and IBTrACS's
 * ACTIVE list of September 2025 (TYPHOON_AGENCY_SOURCES: all 174 columns of v04r01).
 */
import fs from 'node:fs';
import path from 'node:path';
import { realData } from './real-data.ts';

export const REAL_GLOBAL_FILES = {
  atlantic: 'hurdat2_atl_1970-2018.apatel726.txt',
  nepac: 'hurdat2-nepac-1949-2024.txt',
  everyBasin: 'ibtracs_ALL_list_v04r01.hdx-fixture.csv',
  active: 'ibtracs.ACTIVE.list.v04r01.csv',
} as const;

/** Where each real file is, when the three locations are given; null otherwise. */
function realFiles(): [string, string][] | null {
  const [history, crosscheck, agencies] = [realData('history'), realData('crosscheck'), realData('agencies')];
  if (!history || !crosscheck || !agencies) return null;
  return [
    [path.join(history, REAL_GLOBAL_FILES.atlantic), `hurdat2/${REAL_GLOBAL_FILES.atlantic}`],
    [path.join(crosscheck, 'hurdat2', REAL_GLOBAL_FILES.nepac), `hurdat2/${REAL_GLOBAL_FILES.nepac}`],
    [path.join(history, 'ibtracs', REAL_GLOBAL_FILES.everyBasin), `ibtracs/${REAL_GLOBAL_FILES.everyBasin}`],
    [path.join(agencies, 'ibtracs', REAL_GLOBAL_FILES.active), `ibtracs/${REAL_GLOBAL_FILES.active}`],
  ];
}

/** Whether the real samples of the other basins are given (TYPHOON_HISTORY_SAMPLES, TYPHOON_CROSSCHECK_DATA, TYPHOON_AGENCY_SOURCES). */
export const hasRealGlobalSources = (): boolean => realFiles() !== null;

/** Lays the real samples out in `dir` (made, as symlinks) as a global sources folder; throws when they are not given. */
export function assembleRealGlobalSources(dir: string): string {
  const files = realFiles();
  if (!files) throw new Error('the real global sources need TYPHOON_HISTORY_SAMPLES, TYPHOON_CROSSCHECK_DATA and TYPHOON_AGENCY_SOURCES');
  for (const [target, name] of files) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.symlinkSync(target, path.join(dir, name));
  }
  return dir;
}
