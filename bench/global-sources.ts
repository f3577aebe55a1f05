/**
 * Global sources folders of the official files' sizes, written from the real samples for the benchmarks
 * (`bench:global`, `bench:dump`), since only samples are at hand: the Atlantic HURDAT2 as three copies of the
 * 1970–2018 file, the 2nd and 3rd with their years 49 and 98 years earlier (ids and dates; the file has no
 * 29 February); the North-east Pacific HURDAT2 1949–2024 as it is (its size is the official file's); IBTrACS basin
 * lists of the official sizes (NCEI's listing of 2026-08) made of the official v04r01 ACTIVE list's 174-column rows,
 * storm after storm under new SIDs and the list's BASIN. Needs TYPHOON_HISTORY_SAMPLES, TYPHOON_CROSSCHECK_DATA and
 * TYPHOON_AGENCY_SOURCES.
 */
import path from 'node:path';
import fs from 'fs-extra';

/** Official sizes of NCEI's basin lists (its folder listing, 2026-08-24). */
const IBTRACS_SIZES: Record<string, number> = { NI: 26.59e6, SI: 73.95e6, SP: 33.84e6, SA: 0.055e6, NA: 54.47e6, EP: 44.43e6 };

export async function synthesizeGlobalSources(dir: string): Promise<void> {
  const env = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`--synthesize needs ${name} (docs/maintainers/testing.md)`);
    return value;
  };
  await fs.emptyDir(dir);
  await fs.mkdirp(path.join(dir, 'hurdat2'));
  await fs.mkdirp(path.join(dir, 'ibtracs'));
  const atlantic = await fs.readFile(path.join(env('TYPHOON_HISTORY_SAMPLES'), 'hurdat2_atl_1970-2018.apatel726.txt'), 'utf8');
  const shifted = (years: number) =>
    atlantic
      .split('\n')
      .map((line) =>
        /^AL\d{6},/.test(line)
          ? `${line.slice(0, 4)}${Number(line.slice(4, 8)) - years}${line.slice(8)}`
          : `${Number(line.slice(0, 4)) - years}${line.slice(4)}`,
      )
      .join('\n');
  await fs.writeFile(path.join(dir, 'hurdat2', 'hurdat2-1851-synthetic.txt'), [shifted(98), shifted(49), atlantic].join('\n'));
  await fs.copy(
    path.join(env('TYPHOON_CROSSCHECK_DATA'), 'hurdat2', 'hurdat2-nepac-1949-2024.txt'),
    path.join(dir, 'hurdat2', 'hurdat2-nepac-1949-2024.txt'),
  );

  const [names, units, ...rows] = (
    await fs.readFile(path.join(env('TYPHOON_AGENCY_SOURCES'), 'ibtracs', 'ibtracs.ACTIVE.list.v04r01.csv'), 'utf8')
  )
    .split('\n')
    .filter((line) => line !== '');
  const storms = new Map<string, string[][]>();
  for (const row of rows) {
    const cells = row.split(',');
    storms.set(cells[0] as string, [...(storms.get(cells[0] as string) ?? []), cells]);
  }
  let serial = 0;
  for (const [basin, size] of Object.entries(IBTRACS_SIZES)) {
    const out = [names, units];
    let bytes = 0;
    while (bytes < size) {
      for (const storm of storms.values()) {
        serial += 1;
        const south = basin.startsWith('S');
        const sid = `${1842 + (serial % 180)}${String(1 + (serial % 365)).padStart(3, '0')}${south ? 'S' : 'N'}${String(serial).padStart(5, '0')}`;
        for (const cells of storm) {
          const line = [sid, ...cells.slice(1, 3), basin, ...cells.slice(4)].join(',');
          out.push(line);
          bytes += line.length + 1;
        }
        if (bytes >= size) break;
      }
    }
    await fs.writeFile(path.join(dir, 'ibtracs', `ibtracs.${basin}.list.v04r01.csv`), `${out.join('\n')}\n`);
  }
}
