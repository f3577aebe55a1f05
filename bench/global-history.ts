/**
 * Benchmark of the archive of every basin: prints figures, asserts nothing.
 *
 *   npm run bench:global -- [<global sources folder>]        (default as sources fetch: $TYPHOON_GLOBAL_SOURCES, .cache/global-sources)
 *   npm run bench:global -- --synthesize <folder>             (writes a full-size folder from the samples first)
 *
 * `--synthesize` needs the real samples (TYPHOON_HISTORY_SAMPLES, TYPHOON_CROSSCHECK_DATA, TYPHOON_AGENCY_SOURCES) and
 * writes files of the official sizes from them (./global-sources.ts).
 *
 * Measured: each file's parse (time, heap it holds), the whole read (readGlobalSources) and the pure build
 * (buildGlobalHistory, without the north-western Pacific), the outputs' sizes per basin (each record as one JSON
 * file, as the static answers will be; the summaries, years, search index and track-search files), and the I/O floor:
 * reading the inputs and writing those outputs with nothing else, against read + build + serialise + write.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { gunzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { buildSite } from '../build/build-site.ts';
import { DATA_FILES } from '../src/api/data-files.ts';
import { RESOURCES } from '../src/api/route-table.ts';
import { readConfig } from '../src/config/env.ts';
import { resolveGlobalSourcesDir, resolveSources } from '../src/config/paths.ts';
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

  console.log('\nRead, file by file, as the reader reads it (an IBTrACS list: its links scanned, its record storms parsed):');
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

  // The parts of the build that are the other basins', one by one (with the north-western Pacific's demo archive
  // or TYPHOON_SOURCES' in the build below): the read, the pure build, and what rendering their answers costs.
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
  for (const storm of history.archive.storms) json += JSON.stringify(storm).length * 2;
  const jsonMs = performance.now() - started;
  started = performance.now();
  let geojson = 0;
  for (const storm of history.archive.storms) geojson += JSON.stringify(archivedStormGeoJson(storm)).length;
  const geojsonMs = performance.now() - started;
  console.log(
    `Rendering their answers: each record checked against its schema ${s(checkMs)}, written in both families ${s(jsonMs * 2)} (${mb(json)}), as GeoJSON ${s(geojsonMs)} (${mb(geojson)})`,
  );

  // The build as `npm run build` runs it (fingerprint, read, build, render every answer, publish), with the
  // north-western Pacific archive it is given (TYPHOON_SOURCES, else the demo's), forced, into a new folder.
  const sourcesDir = resolveSources(undefined, readConfig().sourcesDir).dir;
  const out = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-global-'));
  const publicDir = path.join(out, 'public');
  const base = heap();
  started = performance.now();
  const report = await buildSite({ sourcesDir, globalSourcesDir: dir, publicDir, force: true });
  const buildMs = performance.now() - started;
  const builtHeap = heap() - base;
  const written = await fg('**/*', { cwd: publicDir, onlyFiles: true, followSymbolicLinks: true });
  const outputs = new Map<string, Buffer>();
  for (const file of written) outputs.set(file, await fs.readFile(path.join(publicDir, file)));
  const bytesOf = (files: string[]) => files.reduce((n, f) => n + (outputs.get(f)?.length ?? 0), 0);
  console.log(
    `\nThe build (buildSite, forced: fingerprint, read and parse, build, render, publish) with the archive of ${sourcesDir}: ${s(buildMs)}, heap after +${mb(builtHeap)}; ${report.files} files, ${mb(report.bytes)}`,
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

  // The floor: every input read and the same outputs written (into a new folder, 32 at a time as the build
  // writes), nothing else.
  const inputFiles = [
    ...(await fg('**/*', { cwd: sourcesDir, onlyFiles: true, absolute: true })),
    ...inputs.map((file) => path.join(dir, file)),
  ];
  const floorOut = path.join(out, 'floor');
  started = performance.now();
  for (const file of inputFiles) await fs.readFile(file);
  const dirs = new Set(written.map((f) => path.dirname(path.join(floorOut, f))));
  for (const folder of [...dirs].sort()) await fs.mkdirp(folder);
  const queue = [...outputs];
  const worker = async () => {
    for (let next = queue.pop(); next; next = queue.pop()) await fs.writeFile(path.join(floorOut, next[0]), next[1]);
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  const floorMs = performance.now() - started;
  console.log(`\nPeak resident memory of the process: ${mb(process.resourceUsage().maxRSS * 1024)}`);
  console.log(
    `\nI/O floor (read the ${inputFiles.length} inputs, ${mb((await Promise.all(inputFiles.map((f) => fs.stat(f)))).reduce((n, st) => n + st.size, 0))}, write the ${written.length} outputs, ${mb(bytesOf(written))}): ${s(floorMs)}; the build: ${s(buildMs)} = ${(buildMs / floorMs).toFixed(1)} × the floor`,
  );
  await fs.remove(out);
}

await main();
