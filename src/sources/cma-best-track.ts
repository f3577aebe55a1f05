/**
 * Parser for the CMA tropical-cyclone best track (`CHYYYYBST.txt`, one file per year). Format and quirks:
 * docs/data/formats.md#cma-best-track. Pure: text in, entries out; reading files is the caller's job.
 *
 * Surprises worth knowing:
 * - Headers are split on whitespace, not by column: five headers break the fixed columns and 29 contain tabs.
 * - The Chinese-number field can hold two numbers (`7127,7128`), and `0000` means none (all of 1949–1958).
 * - Times are UTC; longitudes are 0–360°E (up to 255.0 = 105°W) and are converted to −180…180 here.
 * - Wind `0` means unknown, not calm.
 * - A year file without a single entry (empty, or its headers lost) is a problem: every year has storms.
 * - The name is free text, checked by src/model/upstream-text.ts (from 2000 on against the names table; CMA's
 *   notations of merged and split storms, `Ida(1)(2)`, `Faye(Gloria)`, `Lucretia_Nancy`, are names' shapes): a
 *   name that fails is left out (name "", baseName null) and returned in `rejected`.
 */
import { normaliseLongitude } from '../model/geo.ts';
import { positiveOrNull } from '../model/numbers.ts';
import type { ParseProblem } from '../model/parse-problems.ts';
import { checkStormName, keep, type NameList, type TextRejection } from '../model/upstream-text.ts';
import { utcDate } from '../model/time.ts';
import { headerlessRun } from './headerless-run.ts';

export interface CmaPoint {
  time: Date;
  /** Grade digit as written: 0 below TD/unknown, 1–6 TD…SuperTY, 9 extratropical. */
  grade: number;
  lat: number;
  lng: number;
  pressure: number | null;
  /** m/s, 2-minute mean; null when the file says 0 (unknown). */
  wind: number | null;
}

export interface CmaEntryRaw {
  year: number;
  /** 1-based position of the entry in its year file: unique within the year. */
  position: number;
  seq: number;
  internationalNumber: string | null;
  chineseNumbers: string[];
  /** Name exactly as written, `(nameless)` and `(-)n` suffixes included; may be empty. */
  name: string;
  /** The name without a `(-)n` continuation suffix, `(nameless)` as null. */
  baseName: string | null;
  /** n of a `(-)n` secondary entry, 0 for a main entry. */
  secondary: number;
  endFlag: number;
  releaseDate: string;
  points: CmaPoint[];
  /** 1-based line number of the header, for error messages. */
  line: number;
}

export interface CmaParseResult {
  entries: CmaEntryRaw[];
  problems: ParseProblem[];
  rejected: TextRejection[];
}

const SECONDARY_SUFFIX = /\(-\)(\d+)$/;

function parseHeader(
  text: string,
  year: number,
  position: number,
  line: number,
  check: { names: NameList; rejected: TextRejection[]; problems: ParseProblem[] } | null,
) {
  const tokens = text.trim().split(/\s+/);
  // A header ends with its release date (YYYYMMDD): a line without one is no header.
  if (tokens.length < 8 || tokens[0] !== '66666' || !/^\d{8}$/.test(tokens.at(-1) as string)) return null;
  const [, intl, rows, seq, chinese, endFlag] = tokens as [string, string, string, string, string, string];
  // Numbers are four digits (YYNN); anything else in their place is left out and reported.
  const numbers = chinese.split(',');
  const odd = [intl, ...numbers].filter((n) => !/^\d{4}$/.test(n));
  if (odd.length && check)
    check.problems.push({ line, message: `header number ${JSON.stringify(odd[0])} is not four digits (YYNN): left out` });
  const written = tokens.slice(7, -1).join(' ');
  const suffix = SECONDARY_SUFFIX.exec(written);
  const named = suffix ? written.slice(0, suffix.index) : written;
  const verdict = named === '' || named === '(nameless)' || !check ? null : checkStormName(named, 'en', year, check.names);
  if (verdict && check) keep(verdict, check.rejected, { field: 'name', line });
  // A rejected name is left out whole; a placeholder keeps its spelling, without a base name.
  const name = verdict?.rejection ? '' : verdict?.value ? `${verdict.value}${suffix?.[0] ?? ''}` : written;
  const base = verdict ? (verdict.value ?? '') : named;
  return {
    rows: Number(rows),
    entry: {
      year,
      position,
      seq: Number(seq),
      internationalNumber: intl === '0000' || !/^\d{4}$/.test(intl) ? null : intl,
      chineseNumbers: numbers.filter((n) => n !== '0000' && /^\d{4}$/.test(n)),
      name,
      baseName: base === '' || base === '(nameless)' ? null : base,
      secondary: suffix ? Number(suffix[1]) : 0,
      endFlag: Number(endFlag),
      releaseDate: tokens[tokens.length - 1] as string,
      points: [] as CmaPoint[],
      line,
    } satisfies CmaEntryRaw,
  };
}

function parseDataLine(text: string): CmaPoint | null {
  if (!/^\d{10} \d/.test(text)) return null;
  const time = utcDate(Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8)), Number(text.slice(8, 10)));
  const grade = Number(text.slice(11, 12));
  const lat = Number(text.slice(12, 16)) / 10;
  const lng360 = Number(text.slice(16, 21)) / 10;
  const pressure = Number(text.slice(21, 26));
  const wind = Number(text.slice(26, 34));
  if (!time || [grade, lat, lng360, pressure, wind].some((v) => !Number.isFinite(v))) return null;
  return {
    time,
    grade,
    lat,
    lng: normaliseLongitude(lng360),
    pressure: positiveOrNull(pressure),
    wind: positiveOrNull(wind),
  };
}

/** Parses one year file. Problems are collected with their line numbers instead of thrown. */
export function parseCmaBestTrack(text: string, year: number, names: NameList): CmaParseResult {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  const entries: CmaEntryRaw[] = [];
  const problems: ParseProblem[] = [];
  const rejected: TextRejection[] = [];
  let index = 0;
  while (index < lines.length) {
    const lineNumber = index + 1;
    const header = parseHeader(lines[index] as string, year, entries.length + 1, lineNumber, { names, rejected, problems });
    if (!header) {
      const { end, problem } = headerlessRun(lines, index, (line, i) => parseHeader(line, year, 0, i + 1, null) !== null);
      problems.push(problem);
      index = end;
      continue;
    }
    const { entry, rows } = header;
    for (let row = 1; row <= rows; row += 1) {
      const raw = lines[index + row];
      const point = raw === undefined ? null : parseDataLine(raw);
      if (point) entry.points.push(point);
      else
        problems.push({
          line: lineNumber + row,
          message: `header at line ${lineNumber} promises ${rows} data lines; this one is not a data line`,
        });
    }
    for (let i = 1; i < entry.points.length; i += 1) {
      if ((entry.points[i] as CmaPoint).time <= (entry.points[i - 1] as CmaPoint).time) {
        problems.push({ line: lineNumber + i + 1, message: 'time does not increase' });
      }
    }
    entries.push(entry);
    index += rows + 1;
  }
  // Every year of the best track has storms: a file without a single entry was emptied or is not a year file.
  if (entries.length === 0) {
    problems.unshift({
      line: 1,
      message: lines.every((l) => l.trim() === '')
        ? `the year file is empty: no storm entry for ${year} (every CMA year file holds at least one 66666 header)`
        : `no 66666 header line: the year file holds no storm entry for ${year} (header-less or not a CMA best-track file)`,
    });
  }
  return { entries, problems, rejected };
}
