/**
 * `npm run fit:wp-baseline -- <sources folder>`: fits the north-western Pacific climatology-and-persistence baseline
 * (src/forecasts/wp-persistence-baseline.ts) on the CMA best track of the real archive sources, years
 * WP_BASELINE_YEARS, and writes it to content/baselines/wp-persistence-cma.json. The same sources give the same
 * file (test/real-data/wp-persistence-baseline.test.ts refits and compares).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { NAMES_FILE, WP_BASELINE_FILE } from '../src/config/paths.ts';
import { fitPersistenceBaseline, WP_BASELINE_YEARS } from '../src/forecasts/wp-persistence-baseline.ts';
import { parseCmaBestTrack } from '../src/sources/cma-best-track.ts';
import { parseNamesTable } from '../src/sources/names-table.ts';
import { CMA_FILE_PATTERN } from '../src/sources/read-sources.ts';

const sourcesDir = process.argv[2];
if (!sourcesDir) {
  console.error('usage: npm run fit:wp-baseline -- <sources folder with cma-bst/>');
  process.exit(2);
}
const names = parseNamesTable(await fs.readFile(NAMES_FILE, 'utf8'));
const dir = path.join(path.resolve(sourcesDir), 'cma-bst');
const files = (await fs.readdir(dir)).filter((f) => CMA_FILE_PATTERN.test(f)).sort();
// CMA's files are ASCII (docs/data/formats.md#cma-best-track).
const cma = await Promise.all(
  files.map(
    async (f) => parseCmaBestTrack(await fs.readFile(path.join(dir, f), 'latin1'), Number(CMA_FILE_PATTERN.exec(f)?.[1]), names).entries,
  ),
);
const baseline = fitPersistenceBaseline(cma.flat(), WP_BASELINE_YEARS);
await fs.mkdir(path.dirname(WP_BASELINE_FILE), { recursive: true });
await fs.writeFile(WP_BASELINE_FILE, `${JSON.stringify(baseline, null, 1)}\n`);
console.log(
  `${WP_BASELINE_FILE}: ${baseline.sample.storms} storms, ${baseline.leads.map((l) => `${l.leadHours} h ${l.cases}`).join(', ')} cases`,
);
