/**
 * The entries of the other basins' raw files, read with a reading of our own (not the project's parsers), as the
 * API and the dump should give them: every HURDAT2 entry and every row of the IBTrACS storms of the basins IBTrACS is
 * the record of. Shared by the suites that check the endpoints (test/real-data/global-history-answers.test.ts) and
 * the dump (test/unit/dump.test.ts, test/real-data/dump.test.ts) against the raw lines.
 */
import fs from 'node:fs';
import { expect } from 'vitest';

const STATUSES = new Set(['TD', 'TS', 'HU', 'EX', 'SD', 'SS', 'LO', 'WV', 'DB']);

export interface RawEntry {
  time: string;
  record: string | null;
  status: string | null;
  lat: number;
  lng: number;
  windKt: number | null;
  pressure: number | null;
  radii: (number | null)[];
  rmw: number | null;
}

/** Every HURDAT2 storm of a file, its entries as the raw lines write them (nm to km, 1.852, whole km; -99/-999 missing). */
export function rawHurdat2(file: string): Map<string, RawEntry[]> {
  const storms = new Map<string, RawEntry[]>();
  let current: RawEntry[] = [];
  const km = (field: string) => (field === '' || Number(field) < 0 ? null : Math.round(Number(field) * 1.852));
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const f = line.split(',').map((x) => x.trim());
    if (/^(AL|EP|CP)\d{6}$/.test(f[0] ?? '')) storms.set((f[0] as string).toLowerCase(), (current = []));
    else if (/^\d{8}$/.test(f[0] ?? '')) {
      const [date = '', hm = '', record = '', status = '', lat = '', lng = '', wind = '', pressure = ''] = f;
      current.push({
        time: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}T${hm.slice(0, 2)}:${hm.slice(2)}:00Z`,
        record: record || null,
        status: STATUSES.has(status) ? status : null,
        // + 0: 0.0W is longitude 0, not -0.
        lat: Number(lat.slice(0, -1)) * (lat.endsWith('S') ? -1 : 1) + 0,
        lng: Number(lng.slice(0, -1)) * (lng.endsWith('W') ? -1 : 1) + 0,
        windKt: wind === '-99' ? null : Number(wind),
        pressure: Number(pressure) >= 850 ? Number(pressure) : null,
        radii: f.slice(8, 20).map(km),
        rmw: km(f[20] ?? ''),
      });
    }
  }
  return storms;
}

export interface RawRow {
  time: string;
  status: string | null;
  lat: number;
  lng: number;
  windKt: number | null;
  speed: number | null;
  pressure: number | null;
}

const NATURES: Record<string, string> = {
  Disturbance: 'DS',
  Tropical: 'TS',
  Extratropical: 'ET',
  Subtropical: 'SS',
  'Not reported': 'NR',
  'Mixture(contradicting report from different agencies)': 'MX',
};
const IBTRACS_RECORD_BASINS = new Set(['North India', 'South Indian', 'South Pacific', 'South Atlantic', 'NI', 'SI', 'SP', 'SA']);
const two = (n: number) => String(n).padStart(2, '0');

/**
 * The storms of an IBTrACS list formed in the basins IBTrACS is the record of, by SID, each row as the list writes it:
 * ISO_TIME as `YYYY-MM-DD HH:MM:SS` or, in the spreadsheet export, `M/D/YY H:MM` (the year the SID's, or the one before or after);
 * NATURE as a code or its words; WMO_WIND in kt (the unit row says kts) and in m/s (1 kt = 1852/3600 m/s), WMO_PRES
 * in hPa (mb); blank missing. `usa`: the US agency's wind and pressure instead of the WMO's (a list with no WMO winds).
 */
export function rawIbtracs(file: string, usa = false): Map<string, RawRow[]> {
  const [header = '', units = '', ...rows] = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  const names = header.split(',').map((n) => n.trim());
  expect(units.split(',')[names.indexOf(usa ? 'USA_WIND' : 'WMO_WIND')]?.trim()).toBe('kts');
  expect(units.split(',')[names.indexOf(usa ? 'USA_PRES' : 'WMO_PRES')]?.trim()).toBe('mb');
  const storms = new Map<string, RawRow[]>();
  const skipped = new Set<string>();
  for (const line of rows) {
    if (!line.trim()) continue;
    const cells = line.split(',');
    const cell = (name: string) => (cells[names.indexOf(name)] ?? '').trim();
    const sid = cell('SID');
    if (skipped.has(sid)) continue;
    if (!storms.has(sid)) {
      if (!IBTRACS_RECORD_BASINS.has(cell('BASIN')) || cell('TRACK_TYPE').endsWith('spur')) {
        skipped.add(sid);
        continue;
      }
      storms.set(sid, []);
    }
    const iso = cell('ISO_TIME');
    const sheet = /^(\d{1,2})\/(\d{1,2})\/(\d{2}) (\d{1,2}):(\d{2})$/.exec(iso);
    let time = `${iso.replace(' ', 'T')}Z`;
    if (sheet) {
      const [month, day, yy, hour, minute] = sheet.slice(1).map(Number) as number[];
      // A storm's rows are within a year of its SID's (some first fixes of 31 December have the next year's SID).
      const sidYear = Number(sid.slice(0, 4));
      const year = [sidYear, sidYear - 1, sidYear + 1].find((y) => y % 100 === yy);
      expect(year, `${sid} ${iso}`).toBeDefined();
      time = `${year}-${two(month as number)}-${two(day as number)}T${two(hour as number)}:${two(minute as number)}:00Z`;
    }
    const number = (text: string) => (text === '' ? null : Number(text));
    const windKt = number(cell(usa ? 'USA_WIND' : 'WMO_WIND'));
    const nature = cell('NATURE');
    storms.get(sid)?.push({
      time,
      status: nature === '' ? null : (NATURES[nature] ?? nature),
      lat: Number(cell('LAT')),
      // LON is degrees east, 0–360 in places (185.4: 174.6 W); the API's are −180…180.
      lng: Number(cell('LON')) > 180 ? Math.round((Number(cell('LON')) - 360) * 10) / 10 : Number(cell('LON')),
      windKt,
      speed: windKt === null ? null : Math.round((windKt * 1852 * 10) / 3600) / 10,
      pressure: number(cell(usa ? 'USA_PRES' : 'WMO_PRES')),
    });
  }
  return storms;
}
