/**
 * Backfill: pulls a season's list and each storm's details from the Zhejiang service into the sources folder
 * in the archive format, so a deployment keeps Chinese names, landfalls and wind circles current between CMA
 * releases. Throttled (one request at a time, a pause between storms) and resumable: a storm whose file
 * exists is skipped unless `force`, so an interrupted run just runs again. Active and unnamed (8-digit) systems
 * are skipped: the archive holds finished, China-numbered storms.
 */
import path from 'node:path';
import fs from 'fs-extra';
import { createProgress } from '../progress.ts';
import { toZjArchiveJson } from '../sources/zj-archive-writer.ts';
import { fetchZjTyphoon, type LiveUpstreams } from './refresh.ts';
import { normalizeZjList } from './zj-live.ts';

export interface BackfillOptions {
  upstreams: LiveUpstreams;
  year: number;
  sourcesDir: string;
  delayMs?: number;
  force?: boolean;
  log?: (line: string) => void;
}

export interface BackfillReport {
  written: string[];
  skipped: string[];
  failed: string[];
}

export async function backfillYear(options: BackfillOptions): Promise<BackfillReport> {
  const log = options.log ?? (() => {});
  const { upstreams } = options;
  const list = normalizeZjList(await upstreams.client.json(`${upstreams.zjBase}/TyphoonList/${options.year}`));
  const dir = path.join(options.sourcesDir, 'zj');
  await fs.mkdirp(dir);
  const report: BackfillReport = { written: [], skipped: [], failed: [] };
  const bar = createProgress(`Backfill ${options.year}`, list.length);
  for (const [index, item] of list.entries()) {
    bar.tick(item.tfid);
    const file = path.join(dir, `${item.tfid}.json`);
    const label = `[${index + 1}/${list.length}] ${item.tfid} ${item.enname ?? ''}`;
    if (!/^\d{6}$/.test(item.tfid) || item.active || (!options.force && (await fs.pathExists(file)))) {
      report.skipped.push(item.tfid);
      continue;
    }
    try {
      const typhoon = await fetchZjTyphoon(upstreams, item.tfid, new Date());
      const temp = `${file}.tmp`;
      await fs.writeFile(temp, toZjArchiveJson(typhoon));
      await fs.rename(temp, file);
      report.written.push(item.tfid);
    } catch (error) {
      report.failed.push(item.tfid);
      log(`${label}: failed (${(error as Error).message})`);
    }
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  }
  bar.done();
  return report;
}
