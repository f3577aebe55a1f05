/**
 * Benchmark of the archive of every basin: prints figures, asserts nothing.
 *
 *   npm run bench:global -- [<global sources folder>]        (default as sources fetch: $TYPHOON_GLOBAL_SOURCES, .cache/global-sources)
 *   npm run bench:global -- --synthesize <folder>             (writes a full-size folder from the samples first)
 *
 * `--synthesize` needs the real samples (TYPHOON_HISTORY_SAMPLES, TYPHOON_CROSSCHECK_DATA, TYPHOON_AGENCY_SOURCES) and
 * writes files of the official sizes: the Atlantic HURDAT2 as three copies of the 1970–2018 file, the 2nd and 3rd
 * with their years 49 and 98 years earlier (ids and dates; the file has no 29 February); the North-east Pacific
 * HURDAT2 1949–2024 as it is (its size is the official file's); IBTrACS basin lists of the official sizes (NCEI's
 * listing of 2026-08) made of the official v04r01 ACTIVE list's 174-column rows, storm after storm under new SIDs
 * and the list's BASIN.
 *
 * Measured: each file's parse (time, heap it holds), the whole read (readGlobalSources) and the pure build
 * (buildGlobalHistory, without the north-western Pacific), the outputs' sizes per basin (each record as one JSON
 * file, as the static answers will be; the summaries, years, search index and track-search files), and the I/O floor:
 * reading the inputs and writing those outputs with nothing else, against read + build + serialise + write.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { buildGlobalHistory } from '../src/archive/global/global-history.ts';
import { readConfig } from '../src/config/env.ts';
import { resolveGlobalSourcesDir } from '../src/config/paths.ts';
import { ARCHIVE_BASINS } from '../src/model/global-archive-schemas.ts';
import { parseAgencyFile } from '../src/sources/agencies/agency-files.ts';
import { parseHurdat2 } from '../src/sources/global/hurdat2.ts';
import { readGlobalSources } from '../src/sources/global/read-global-sources.ts';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/** Official sizes of NCEI's basin lists (its folder listing, 2026-08-24). */
const IBTRACS_SIZES: Record<string, number> = { NI: 26.59e6, SI: 73.95e6, SP: 33.84e6, SA: 0.055e6, NA: 54.47e6, EP: 44.43e6 };

async function synthesize(dir: string): Promise<void> {
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

async function main() {
  const at = process.argv.indexOf('--synthesize');
  const dir =
    at >= 0 ? path.resolve(process.argv[at + 1] as string) : resolveGlobalSourcesDir(process.argv[2], readConfig().globalSourcesDir);
  if (at >= 0) {
    const started = performance.now();
    await synthesize(dir);
    console.log(`Synthesised ${dir} in ${s(performance.now() - started)}`);
  }
  const inputs = (await fs.readdir(path.join(dir, 'hurdat2')).catch(() => []))
    .filter((n) => n.endsWith('.txt'))
    .map((n) => `hurdat2/${n}`)
    .concat((await fs.readdir(path.join(dir, 'ibtracs')).catch(() => [])).filter((n) => n.endsWith('.csv')).map((n) => `ibtracs/${n}`));
  console.log(`Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}, load ${os.loadavg()[0]?.toFixed(2)}; ${dir}`);

  console.log('\nParse, file by file:');
  let storms: readonly unknown[] = [];
  for (const file of inputs) {
    storms = []; // the previous file's result is garbage before this one is measured
    const bytes = await fs.readFile(path.join(dir, file));
    const before = heap();
    const started = performance.now();
    storms = file.startsWith('hurdat2/')
      ? parseHurdat2(bytes.toString('utf8'), file).storms
      : parseAgencyFile('ibtracs', file, bytes).tracks;
    const took = performance.now() - started;
    const held = heap() - before; // `storms` still holds this file's result here
    console.log(
      `  ${file}: ${mb(bytes.length)}, ${storms.length} storms, ${s(took)} (${((bytes.length / 1e6 / took) * 1000).toFixed(1)} MB/s), the result holds ${mb(held)} of heap`,
    );
  }

  const base = heap();
  let started = performance.now();
  const sources = await readGlobalSources(dir);
  const readMs = performance.now() - started;
  const readHeap = heap() - base;
  started = performance.now();
  const history = buildGlobalHistory(sources, null);
  const buildMs = performance.now() - started;
  const builtHeap = heap() - base;
  started = performance.now();
  const outputs = new Map<string, string>();
  for (const storm of history.archive.storms) outputs.set(`storms/${storm.id}.json`, JSON.stringify(storm));
  outputs.set('summaries.json', JSON.stringify(history.archive.summaries));
  outputs.set('years.json', JSON.stringify(history.years));
  outputs.set('search-index.json', JSON.stringify(history.search));
  outputs.set('tracks.json', JSON.stringify(history.trackSearch.tracks));
  outputs.set('proximity.json', JSON.stringify(history.trackSearch.proximity));
  outputs.set('similar.json', JSON.stringify(history.trackSearch.similar));
  const serialiseMs = performance.now() - started;
  const out = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-global-'));
  await fs.mkdirp(path.join(out, 'storms'));
  started = performance.now();
  for (const [file, body] of outputs) await fs.writeFile(path.join(out, file), body);
  const writeMs = performance.now() - started;

  console.log(
    `\nRead ${inputs.length} files (readGlobalSources): ${s(readMs)}, heap +${mb(readHeap)}; ${sources.hurdat2.length} HURDAT2 storms, ${sources.ibtracs.length} IBTrACS tracks kept whole, ${sources.ibtracsLinks.length} linked; ${sources.problems.length} problems`,
  );
  console.log(
    `Build (buildGlobalHistory, other basins only): ${s(buildMs)}, heap after +${mb(builtHeap)}; ${history.archive.storms.length} records, ${history.years.length} basin-years`,
  );
  console.log(`Serialise: ${s(serialiseMs)}; write ${outputs.size} files: ${s(writeMs)}`);

  console.log('\nOutput per basin (one JSON file per record):');
  for (const basin of ARCHIVE_BASINS) {
    const records = history.archive.storms.filter((r) => r.basin === basin);
    if (!records.length) continue;
    const bytes = records.reduce((n, r) => n + (outputs.get(`storms/${r.id}.json`) as string).length, 0);
    console.log(`  ${basin}: ${records.length} records, ${records.reduce((n, r) => n + r.points.length, 0)} points, ${mb(bytes)}`);
  }
  for (const file of ['summaries.json', 'years.json', 'search-index.json', 'tracks.json', 'proximity.json', 'similar.json'])
    console.log(`  ${file}: ${mb((outputs.get(file) as string).length)}`);

  // The floor: the same bytes read and written, nothing else (into a new folder, as the step's were).
  const floorOut = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-global-floor-'));
  await fs.mkdirp(path.join(floorOut, 'storms'));
  started = performance.now();
  for (const file of inputs) await fs.readFile(path.join(dir, file));
  for (const [file, body] of outputs) await fs.writeFile(path.join(floorOut, file), body);
  const floorMs = performance.now() - started;
  await fs.remove(floorOut);
  const stepMs = readMs + buildMs + serialiseMs + writeMs;
  console.log(`\nPeak resident memory of the process: ${mb(process.resourceUsage().maxRSS * 1024)}`);
  console.log(
    `\nI/O floor (read the inputs, write the outputs): ${s(floorMs)}; the build step (read + parse, build, serialise, write): ${s(stepMs)} = ${(stepMs / floorMs).toFixed(1)} × the floor`,
  );
  await fs.remove(out);
}

await main();
