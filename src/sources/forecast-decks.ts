/**
 * The archived ATCF a-decks the build reads for the historical official forecasts (`--forecast-decks`,
 * TYPHOON_FORECAST_DECKS, default .cache/forecast-decks; what `sources fetch --forecasts` downloads there:
 * docs/data/data-sources.md#official-forecast-decks). Every file at any depth named as ATCF names an a-deck of a numbered
 * storm, `a<basin><number 01–49><year>.dat` or `.dat.gz` (NHC's archive gzips them, UCAR's open repository of JTWC's
 * does not), is read; invests (90–99), training storms (80–89) and anything else are not forecasts of a storm.
 *
 * An a-deck holds every model's guidance (a 2004 NHC deck: 78 techniques, 17,717 lines); only the official
 * forecasts, the no-skill baselines and the storm's name are needed, so only the rows of those techniques are parsed
 * (the rest of a line is not looked at). A line of those techniques that is not ATCF is a problem of its file.
 */
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import type { FileProblem, FileRejection } from '../model/parse-problems.ts';
import { parseAtcfDeck, type AtcfRecord } from '../upstream/atcf.ts';
import { decodeUtf8 } from './decode-text.ts';

/** `aal041992.dat`, `awp122024.dat`, `aep092013.dat.gz`: a numbered storm's a-deck. */
export const ADECK_NAME = /^a(al|ep|cp|wp|io|sh|sl)(0[1-9]|[1-4]\d)(\d{4})\.dat(\.gz)?$/;

/** The rows read: the official forecasts (OFCL, OFCS, JTWC), the baselines (OCD5, CLP5, CLIP), and CARQ for the name. */
export const DECK_TECHS = ['OFCL', 'OFCS', 'JTWC', 'OCD5', 'CLP5', 'CLIP', 'CARQ'] as const;

export interface ForecastDeck {
  /** The deck's ATCF id, lower case (`al041992`): its file's name. */
  atcfId: string;
  /** Relative to the folder read (`nhc/2004/aal032004.dat.gz`). */
  file: string;
  records: AtcfRecord[];
}

export interface ForecastDecks {
  decks: ForecastDeck[];
  problems: FileProblem[];
  rejected: FileRejection[];
}

/** The technique of a deck line (its fifth field), without splitting the whole line. */
function techOf(line: string): string {
  let at = 0;
  for (let i = 0; i < 4; i += 1) {
    at = line.indexOf(',', at) + 1;
    if (at === 0) return '';
  }
  const end = line.indexOf(',', at);
  return line.slice(at, end === -1 ? undefined : end).trim();
}

/** The deck's text with only the lines of DECK_TECHS, each where it was (other lines left empty, so line numbers hold). */
export function officialLines(text: string): string {
  const wanted = new Set<string>(DECK_TECHS);
  return text
    .split('\n')
    .map((line) => (wanted.has(techOf(line)) ? line : ''))
    .join('\n');
}

/** The a-deck file names of a folder, relative and sorted; the same deck in two forms (`.dat` and `.dat.gz`) is read once, plain first. */
export async function listForecastDecks(dir: string): Promise<string[]> {
  const files = (await fg('**/a*.dat{,.gz}', { cwd: dir, onlyFiles: true }).catch(() => [])).filter((f) =>
    ADECK_NAME.test(path.posix.basename(f)),
  );
  const seen = new Set<string>();
  return files.sort().filter((f) => {
    const id = path.posix.basename(f).replace(/\.gz$/, '');
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Reads every a-deck of a folder (none when it does not exist). */
export async function readForecastDecks(dir: string): Promise<ForecastDecks> {
  const result: ForecastDecks = { decks: [], problems: [], rejected: [] };
  for (const file of await listForecastDecks(dir)) {
    const name = path.posix.basename(file);
    const bytes = await fs.readFile(path.join(dir, file));
    let raw: Uint8Array;
    try {
      raw = name.endsWith('.gz') ? gunzipSync(bytes) : bytes;
    } catch (error) {
      result.problems.push({ file, line: 1, message: `not gzip: ${(error as Error).message}` });
      continue;
    }
    const text = decodeUtf8(raw);
    if (!text.ok) {
      result.problems.push({ file, line: text.bad.line, message: text.message });
      continue;
    }
    const parsed = parseAtcfDeck(officialLines(text.text));
    result.problems.push(...parsed.problems.map((p) => ({ ...p, file })));
    result.rejected.push(...parsed.rejected.map((r) => ({ ...r, file })));
    result.decks.push({ atcfId: name.slice(1, 9), file, records: parsed.records });
  }
  return result;
}
