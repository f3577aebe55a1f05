/**
 * Benchmark of the archive of every basin: prints figures, asserts nothing.
 *
 *   npm run bench:global -- [<global sources folder>]        (default as sources fetch: $TYPHOON_GLOBAL_SOURCES, .cache/global-sources)
 *   npm run bench:global -- --synthesize <folder>             (writes a full-size folder from the samples first)
 *
 * `--synthesize` needs the real samples (TYPHOON_HISTORY_SAMPLES, TYPHOON_CROSSCHECK_DATA, TYPHOON_AGENCY_SOURCES) and
 * writes files of the official sizes from them (./global-sources.ts).
 *
 * Measured, in this order: the build as `npm run build` runs it, first and cold (buildSite with the folders the
 * command would read, this one for the other basins; its time, its phases by the lines it logs, the process's peak
 * memory), the build against its I/O floor in the same run (every file the build reads read once, every file it
 * wrote written again, nothing else: three times, one file at a time as the build writes and 32 at a time), the
 * outputs' sizes per basin; then the parts, warm: each file's parse (time, heap it holds), the whole read
 * (readGlobalSources), the pure build (buildGlobalHistory, without the north-western Pacific) and what rendering
 * the records' answers costs.
 */
import { timedWrites } from './timed-writes.ts';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { gunzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { buildSite, inputFiles, type SourceFolders } from '../build/build-site.ts';
import { buildRecordFile } from '../build/publish.ts';
import { DATA_FILES } from '../src/api/data-files.ts';
import { RESOURCES } from '../src/api/route-table.ts';
import { readConfig } from '../src/config/env.ts';
import { resolveAgenciesDir, resolveForecastDecksToBuild, resolveGlobalSourcesDir, resolveSources } from '../src/config/paths.ts';
import { archivedStormGeoJson } from '../src/archive/global/archived-geojson.ts';
import { buildGlobalHistory } from '../src/archive/global/global-history.ts';
import { ARCHIVE_BASINS, archivedStormSchema, BASIN_RECORDS, type ArchiveBasin } from '../src/model/global-archive-schemas.ts';
import { parseIbtracsCsv, scanIbtracsLinks } from '../src/sources/agencies/ibtracs-csv.ts';
import { parseHurdat2 } from '../src/sources/global/hurdat2.ts';
import { readGlobalSources } from '../src/sources/global/read-global-sources.ts';
import { synthesizeGlobalSources } from './global-sources.ts';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

async function main() {
  const at = process.argv.indexOf('--synthesize');
  const dir =
    at >= 0 ? path.resolve(process.argv[at + 1] as string) : resolveGlobalSourcesDir(process.argv[2], readConfig().globalSourcesDir);
  if (at >= 0) {
    const started = performance.now();
    await synthesizeGlobalSources(dir);
    console.log(`Synthesised ${dir} in ${s(performance.now() - started)}`);
  }
  const inputs = (await fs.readdir(path.join(dir, 'hurdat2')).catch(() => []))
    .filter((n) => n.endsWith('.txt'))
    .map((n) => `hurdat2/${n}`)
    .concat((await fs.readdir(path.join(dir, 'ibtracs')).catch(() => [])).filter((n) => n.endsWith('.csv')).map((n) => `ibtracs/${n}`));
  console.log(`Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}, load ${os.loadavg()[0]?.toFixed(2)}; ${dir}`);

  // The build first, cold, as `npm run build` runs it (fingerprint, read, build, render and write every answer, publish), with
  // the folders it would read (TYPHOON_SOURCES else the demo archive, TYPHOON_AGENCY_SOURCES, the forecast decks),
  // the other basins' being this folder; forced, into a new folder. Pending writes are flushed before it and before
  // the floor, so that neither pays for the other's.
  const config = readConfig();
  const folders: SourceFolders = {
    sourcesDir: resolveSources(undefined, config.sourcesDir).dir,
    agenciesDir: resolveAgenciesDir(undefined, config.agenciesDir),
    forecastDecksDir: resolveForecastDecksToBuild(undefined, config.forecastDecksDir),
    globalSourcesDir: dir,
  };
  const out = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-global-'));
  const publicDir = path.join(out, 'public');
  // What creating a file costs now: on ext4 without a journal (the development machine), a new inode skips those
  // deleted in the last minutes, and after a mass deletion (another build's, this bench's last clean-up) creating a
  // file costs ten times as much for minutes (build/publish.ts). Probed before the build and before the floor.
  const probe = (name: string) => {
    const folder = path.join(out, name);
    fs.mkdirSync(folder);
    const probeStarted = performance.now();
    for (let i = 0; i < 2000; i += 1) fs.writeFileSync(path.join(folder, String(i)), '{}');
    return `${(((performance.now() - probeStarted) / 2000) * 1000).toFixed(0)} µs`;
  };
  const probeBefore = probe('probe-1');
  const base = heap();
  spawnSync('sync');
  const loadBefore = os.loadavg();
  const phases: [number, string][] = [];
  const writesBefore = { ...timedWrites };
  const cpuBefore = process.cpuUsage();
  const buildStarted = performance.now();
  const report = await buildSite({
    ...folders,
    publicDir,
    force: true,
    log: (line) => phases.push([performance.now() - buildStarted, line.split('\n')[0]?.slice(0, 60) ?? '']),
  });
  const buildMs = performance.now() - buildStarted;
  const buildCpu = process.cpuUsage(cpuBefore);
  const buildWrites = { ms: timedWrites.ms - writesBefore.ms, files: timedWrites.files - writesBefore.files };
  const buildPeak = process.resourceUsage().maxRSS * 1024;
  const loadAfter = os.loadavg();
  const builtHeap = heap() - base;
  const written = await fg('**/*', { cwd: publicDir, onlyFiles: true, followSymbolicLinks: true });
  const outputs = new Map<string, Buffer>();
  for (const file of written) outputs.set(file, await fs.readFile(path.join(publicDir, file)));
  const record = buildRecordFile(publicDir);
  const bytesOf = (files: string[]) => files.reduce((n, f) => n + (outputs.get(f)?.length ?? 0), 0);
  console.log(
    `\nThe build (buildSite, forced: fingerprint, read and parse, build, render and write, publish) of ${folders.sourcesDir}, ${folders.agenciesDir ?? 'no agencies folder'}, ${folders.forecastDecksDir ?? 'no forecast decks'} and ${dir}: ${s(buildMs)}, heap after +${mb(builtHeap)}, peak resident memory of the process ${mb(buildPeak)}; ${report.files} files, ${mb(report.bytes)}; load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after`,
  );
  console.log(`Creating a file cost ${probeBefore} just before it (2,000 empty files)`);
  console.log(
    `Its CPU time (every thread of the process): ${s((buildCpu.user + buildCpu.system) / 1000)}, of which system ${s(buildCpu.system / 1000)}; its own writes (fs.writeFileSync, ${buildWrites.files} files) took ${s(buildWrites.ms)} of its time`,
  );
  console.log('Its phases, by the lines it logs (the time each line was logged at):');
  for (const [at, line] of phases) console.log(`  ${s(at)} ${line}`);

  // The floor: every file the build reads (what its fingerprint hashes: sources, content, code) read once, and the
  // same files it wrote written (the static answers, the data files, the copies of static/, the build record) into a
  // new folder, nothing else: one file after the other, synchronously, as the build writes (build/publish.ts), and
  // 32 at a time through libuv's pool, as the build wrote before. The build is compared with the shortest.
  const probeAfter = probe('probe-2');
  const reads = (await inputFiles(folders)).filter((file) => fs.existsSync(file)); // the fingerprint hashes an absent DEMO marker as absent
  const writes = [...outputs, ['build-record.json', await fs.readFile(record)] as const];
  const readBytes = (await Promise.all(reads.map((f) => fs.stat(f)))).reduce((n, st) => n + st.size, 0);
  const writeBytes = writes.reduce((n, [, body]) => n + body.length, 0);
  const floorCpu: number[] = [];
  const floor = async (folder: string, concurrent: boolean) => {
    spawnSync('sync');
    const cpuAtStart = process.cpuUsage();
    const floorStarted = performance.now();
    for (const file of reads) fs.readFileSync(file);
    for (const made of [...new Set(writes.map(([f]) => path.dirname(path.join(folder, f))))].sort())
      fs.mkdirSync(made, { recursive: true });
    if (!concurrent) for (const [file, body] of writes) fs.writeFileSync(path.join(folder, file), body);
    else {
      const queue = [...writes];
      const worker = async () => {
        for (let next = queue.pop(); next; next = queue.pop()) await fs.writeFile(path.join(folder, next[0]), next[1]);
      };
      await Promise.all(Array.from({ length: 32 }, worker));
    }
    const took = performance.now() - floorStarted;
    const cpu = process.cpuUsage(cpuAtStart);
    floorCpu.push((cpu.user + cpu.system) / 1000);
    return took;
  };
  const floors = [
    await floor(path.join(out, 'floor-1'), false),
    await floor(path.join(out, 'floor-2'), true),
    await floor(path.join(out, 'floor-3'), false),
  ];
  const floorMs = Math.min(...floors);
  const floorOf = (i: number) => `${s(floors[i] as number)} (CPU ${s(floorCpu[i] as number)})`;
  console.log(
    `\nI/O floor (read the ${reads.length} files the build reads, ${mb(readBytes)}; write the ${writes.length} files it wrote, ${mb(writeBytes)}): one at a time ${[0, 2].map(floorOf).join(' and ')}, 32 at a time ${floorOf(1)}; creating a file cost ${probeAfter} before them; the build: ${s(buildMs)} = ${(buildMs / floorMs).toFixed(1)} × the shortest floor (${buildMs <= 2 * floorMs ? 'within' : 'over'} twice the floor); load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end, ${new Date().toISOString()}`,
  );
  console.log('\nOutput of the other basins, per basin (both families of each storm, and its GeoJSON):');
  const summaries = JSON.parse(gunzipSync(outputs.get(DATA_FILES.globalSummaries.path) as Buffer).toString('utf8')) as {
    id: string;
    basin: string;
  }[];
  for (const basin of ARCHIVE_BASINS) {
    const ids = summaries.filter((r) => r.basin === basin).map((r) => r.id);
    if (!ids.length) continue;
    const files = ids.flatMap((id) => [`api/global/storms/${id}`, `api/v1/global/storms/${id}`, `api/geojson/global/${id}`]);
    console.log(`  ${basin}: ${ids.length} storms, ${files.length} files, ${mb(bytesOf(files))}`);
  }
  const globalFiles = written.filter((f) => /^api\/(v1\/)?global\/|^api\/geojson\/global\/|^api\/_data\/global\//.test(f));
  console.log(`  every file of the archive of every basin: ${globalFiles.length} files, ${mb(bytesOf(globalFiles))}`);
  console.log('\nThe data files functions read (gzipped as written; a bundle holds under 5 MB of data, 2.5 MB zipped):');
  for (const file of written.filter((f) => f.startsWith('api/_data/global/')).sort())
    console.log(
      `  ${file}: ${mb(outputs.get(file)?.length ?? 0)}${file.endsWith('.gz') ? ` (${mb(gunzipSync(outputs.get(file) as Buffer).length)} of JSON)` : ''}`,
    );
  for (const route of RESOURCES.filter((r) => r.id.startsWith('global-') && r.reads))
    console.log(`  ${route.id} reads ${mb(bytesOf((route.reads ?? []).map((r) => r.id)))}`);

  await fs.remove(out);

  console.log(
    '\nThe parts, warm. Read, file by file, as the reader reads it (an IBTrACS list: its links scanned, its record storms parsed):',
  );
  let storms: readonly unknown[] = [];
  for (const file of inputs) {
    storms = []; // the previous file's result is garbage before this one is measured
    const bytes = await fs.readFile(path.join(dir, file));
    const before = heap();
    const started = performance.now();
    let scanMs = 0;
    if (file.startsWith('hurdat2/')) storms = parseHurdat2(bytes.toString('utf8'), file).storms;
    else {
      const text = bytes.toString('utf8');
      const links = scanIbtracsLinks(text).links;
      scanMs = performance.now() - started;
      const records = new Set(links.filter((l) => BASIN_RECORDS[l.basins[0] as ArchiveBasin] === 'ibtracs').map((l) => l.sid));
      storms = records.size ? parseIbtracsCsv(text, file, { storms: records, agencies: ['usa'] }).tracks : links;
    }
    const took = performance.now() - started;
    const held = heap() - before; // `storms` still holds this file's result here
    console.log(
      `  ${file}: ${mb(bytes.length)}, ${storms.length} ${file.startsWith('hurdat2/') || storms.length === 0 || !('points' in (storms[0] as object)) ? 'storms' : 'record storms read whole'}, ${s(took)}${scanMs ? ` (the scan ${s(scanMs)})` : ''} (${((bytes.length / 1e6 / took) * 1000).toFixed(1)} MB/s), the result holds ${mb(held)} of heap`,
    );
  }
  storms = [];

  // The parts of the build that are the other basins', one by one (warm: after the build): the read, the pure build
  // (without the north-western Pacific), and what rendering their answers costs.
  let started = performance.now();
  const sources = await readGlobalSources(dir);
  console.log(
    `\nreadGlobalSources: ${s(performance.now() - started)}; ${sources.hurdat2.length} HURDAT2 storms, ${sources.ibtracs.length} IBTrACS storms read whole, ${sources.ibtracsLinks.length} linked; ${sources.problems.length} problems`,
  );
  started = performance.now();
  const history = buildGlobalHistory(sources, null);
  console.log(`buildGlobalHistory (the other basins alone): ${s(performance.now() - started)}; ${history.archive.storms.length} records`);
  started = performance.now();
  for (const storm of history.archive.storms) archivedStormSchema.parse(storm);
  const checkMs = performance.now() - started;
  started = performance.now();
  let json = 0;
  for (const storm of history.archive.storms) json += JSON.stringify(storm).length;
  const jsonMs = performance.now() - started;
  started = performance.now();
  let geojson = 0;
  for (const storm of history.archive.storms) geojson += JSON.stringify(archivedStormGeoJson(storm)).length;
  const geojsonMs = performance.now() - started;
  console.log(
    `Rendering their answers: each record checked against its schema ${s(checkMs)}, serialised (once for both families) ${s(jsonMs)} (${mb(json)}), as GeoJSON ${s(geojsonMs)} (${mb(geojson)})`,
  );
}

await main();
