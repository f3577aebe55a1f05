/**
 * Benchmark of the offline dump: prints figures, asserts nothing.
 *
 *   npm run bench:dump -- [--global-sources <dir> | --synthesize <dir>] [--runs <n>] [--heap <MB>]
 *
 * Sources as `npm run dump` takes them (`$TYPHOON_SOURCES`, `$TYPHOON_AGENCY_SOURCES`, the other basins' folder:
 * the option, `$TYPHOON_GLOBAL_SOURCES`, `.cache/global-sources`); `--synthesize <dir>` first writes a folder of the
 * other basins at the official files' sizes from the real samples (./global-sources.ts) and dumps with it.
 * Each run is a child process with the heap bound the docs state (`--max-old-space-size`, default 512 MB): that it
 * ends is what shows the bound holds (V8 stops a process that needs more). Measured per run: the wall time, the
 * child's peak resident memory; then the zip's size, its files unpacked, its rows.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import fs from 'fs-extra';
import { readConfig } from '../src/config/env.ts';
import { resolveAgenciesDir, resolveGlobalSourcesToBuild, resolveSources } from '../src/config/paths.ts';
import { DUMP_ROOT } from '../src/dump/dump.ts';
import { STABLE_DUMP, writeDump } from '../src/dump/write-dump.ts';
import { synthesizeGlobalSources } from './global-sources.ts';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] as string) : undefined;
};

/** The child: one dump, then its peak resident memory, as JSON on the last line. */
async function child(folders: { sourcesDir: string; agenciesDir?: string; globalSourcesDir?: string; outDir: string }) {
  const started = performance.now();
  const report = await writeDump(folders);
  console.log(JSON.stringify({ ms: performance.now() - started, maxRss: process.resourceUsage().maxRSS * 1024, bytes: report.bytes }));
}

async function main() {
  const config = readConfig();
  const synthesized = option('--synthesize');
  if (synthesized) {
    const started = performance.now();
    await synthesizeGlobalSources(path.resolve(synthesized));
    console.log(`Synthesised ${synthesized} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const folders = {
    sourcesDir: resolveSources(undefined, config.sourcesDir).dir,
    agenciesDir: resolveAgenciesDir(undefined, config.agenciesDir),
    globalSourcesDir: resolveGlobalSourcesToBuild(synthesized ?? option('--global-sources'), config.globalSourcesDir),
  };
  const heapMb = Number(option('--heap') ?? 512);
  const runs = Number(option('--runs') ?? 2);
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-dump-'));
  console.log(
    `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}; sources ${folders.sourcesDir}, agencies ${folders.agenciesDir ?? '<sources>/agencies'}, other basins ${folders.globalSourcesDir ?? 'none given'}`,
  );
  for (let run = 1; run <= runs; run += 1) {
    const load = os.loadavg()[0] as number;
    const result = spawnSync(
      process.execPath,
      [`--max-old-space-size=${heapMb}`, '--import', 'tsx', import.meta.filename, '--child', JSON.stringify({ ...folders, outDir })],
      { encoding: 'utf8', env: { ...process.env, CI: '1' } },
    );
    if (result.status !== 0) {
      console.log(
        `Run ${run}: FAILED within a ${heapMb} MB heap (exit ${result.status}, ${result.signal ?? 'no signal'}):\n${result.stderr.slice(-2000)}`,
      );
      process.exitCode = 1;
      break;
    }
    const { ms, maxRss } = JSON.parse(result.stdout.trim().split('\n').at(-1) as string);
    console.log(
      `Run ${run} (load average ${load.toFixed(2)} on ${os.cpus().length} cores at its start): ${(ms / 1000).toFixed(1)} s, peak resident memory ${mb(maxRss)}, heap bound ${heapMb} MB held`,
    );
  }
  if (process.exitCode) return;
  const zip = await fs.readFile(path.join(outDir, STABLE_DUMP));
  const files = unzipSync(zip);
  const text = (name: string) => new TextDecoder().decode(files[`${DUMP_ROOT}/${name}`]);
  const manifest = JSON.parse(text('manifest.json'));
  const unpacked = Object.values(files).reduce((n, bytes) => n + bytes.length, 0);
  console.log(`\nZip ${mb(zip.length)}, ${Object.keys(files).length} files, ${mb(unpacked)} unpacked`);
  console.log(
    `  north-western Pacific: ${manifest.storms} storms, ${manifest.points} point rows (${manifest.points - manifest.pointsByAgency.cma} the agencies')`,
  );
  console.log(
    `  every basin: ${manifest.global.records} records, ${manifest.global.points} entries, ${manifest.global.landfalls} landfalls; by basin ${JSON.stringify(manifest.global.recordsByBasin)}`,
  );
  for (const name of Object.keys(files)
    .filter((n) => !n.includes('/storms/'))
    .sort())
    console.log(`  ${name.slice(DUMP_ROOT.length + 1)}: ${mb((files[name] as Uint8Array).length)}`);
  await fs.remove(outDir);
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) await child(JSON.parse(process.argv[childAt + 1] as string));
else await main();
