/**
 * Storms per basin and year read from the raw files of a global sources folder, with a reading of our own (not the
 * project's parsers), for the suites that check the counts the endpoints give: HURDAT2's headers (AL is the North
 * Atlantic, EP and CP the eastern North Pacific; the year is the id's), and each IBTrACS storm once (by SID) in the
 * basin of its first row, when that basin's record is IBTrACS's (NI, SI, SP, SA) and its track is not a spur, in its
 * SEASON (a file without that column: the SID's year, in the south the next from July on).
 */
import fs from 'node:fs';
import path from 'node:path';

const BASIN_WORDS: Record<string, string> = {
  'North Atlantic': 'NA',
  'Eastern North Pacific': 'EP',
  'Western North Pacific': 'WP',
  'North India': 'NI',
  'North Indian': 'NI',
  'South Indian': 'SI',
  'South Pacific': 'SP',
  'South Atlantic': 'SA',
};
const IBTRACS_RECORDS = new Set(['NI', 'SI', 'SP', 'SA']);

function seasonOf(sid: string): number {
  const year = Number(sid.slice(0, 4));
  if (sid[7] !== 'S') return year;
  return new Date(Date.UTC(year, 0, Number(sid.slice(4, 7)))).getUTCMonth() >= 6 ? year + 1 : year;
}

export function rawBasinYears(dir: string): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  const files = (folder: string) =>
    fs.existsSync(path.join(dir, folder)) ? fs.readdirSync(path.join(dir, folder)).map((name) => path.join(dir, folder, name)) : [];
  for (const file of files('hurdat2'))
    for (const [, basin, year] of fs.readFileSync(file, 'utf8').matchAll(/^(AL|EP|CP)\d{2}(\d{4}),/gm))
      add(`${basin === 'AL' ? 'NA' : 'EP'} ${year}`);
  const seen = new Set<string>();
  for (const file of files('ibtracs')) {
    const [header = '', , ...rows] = fs.readFileSync(file, 'utf8').split(/\r?\n/);
    const column = Object.fromEntries(header.split(',').map((name, i) => [name.trim(), i]));
    for (const row of rows) {
      const cells = row.split(',');
      const sid = cells[column.SID as number]?.trim() ?? '';
      if (!sid || seen.has(sid)) continue;
      seen.add(sid);
      const basinText = cells[column.BASIN as number]?.trim() ?? '';
      const basin = BASIN_WORDS[basinText] ?? basinText;
      const trackType = column.TRACK_TYPE === undefined ? '' : (cells[column.TRACK_TYPE] ?? '').trim();
      if (!IBTRACS_RECORDS.has(basin) || trackType.endsWith('spur')) continue;
      const season = column.SEASON === undefined ? '' : (cells[column.SEASON] ?? '').trim();
      add(`${basin} ${/^\d{4}$/.test(season) ? season : seasonOf(sid)}`);
    }
  }
  return counts;
}
