/**
 * ATCF a-decks and b-decks (NHC's and JTWC's track and forecast files). Format: docs/data/formats.md#atcf-decks.
 * Comma-separated with padded columns; lines stop early (a-decks, JTWC, UCAR ensemble means), so missing
 * fields are empty. Each time repeats once per wind threshold (34/50/64 kt): rows are collapsed into one
 * point with three radius sets. Times UTC, winds kt (1-minute), radii nm in NE, SE, SW, NW order.
 * STORMNAME and TY are free text, checked as a cyclone name and a type code (src/model/upstream-text.ts): a value
 * that fails is left out (null) and returned in `rejected`, once per value and column.
 */
import { normaliseLongitude } from '../model/geo.ts';
import { numberOrNull, positiveOrNull } from '../model/numbers.ts';
import type { ParseProblem } from '../model/parse-problems.ts';
import { checkCode, checkCycloneName, keep, type TextRejection } from '../model/upstream-text.ts';
import { utcDate } from '../model/time.ts';

export type Quadrants = [number, number, number, number];

export interface AtcfRecord {
  basin: string;
  number: string;
  time: Date;
  tech: string;
  tau: number;
  lat: number;
  lng: number;
  windKt: number | null;
  pressure: number | null;
  type: string | null;
  /** Radii in nm (NE, SE, SW, NW) by threshold in kt. */
  radiiNm: Partial<Record<34 | 50 | 64, Quadrants>>;
  directionDeg: number | null;
  speedKt: number | null;
  name: string | null;
  /** 1-based line of the row in the deck (of the first row, for rows collapsed into one). */
  line: number;
}

/** `132N` / `087N` / `59S` (ATCF and JTWC: tenths of a degree and a hemisphere letter) → signed degrees. */
export function atcfLatitude(text: string): number | null {
  const m = /^(\d{1,4})([NS])$/.exec(text.trim());
  return m ? (Number(m[1]) / 10) * (m[2] === 'S' ? -1 : 1) : null;
}

/** `1277E` / `757W` / `1760W` (tenths) → −180…180. */
export function atcfLongitude(text: string): number | null {
  const m = /^(\d{1,5})([EW])$/.exec(text.trim());
  return m ? normaliseLongitude((Number(m[1]) / 10) * (m[2] === 'W' ? -1 : 1)) : null;
}

const field = (fields: string[], i: number) => (fields[i] ?? '').trim();

function radii(fields: string[]): Partial<Record<34 | 50 | 64, Quadrants>> {
  const threshold = numberOrNull(field(fields, 11));
  const code = field(fields, 12);
  if (threshold !== 34 && threshold !== 50 && threshold !== 64) return {};
  const values = [13, 14, 15, 16].map((i) => numberOrNull(field(fields, i)) ?? 0) as Quadrants;
  if (code === 'AAA') return { [threshold]: [values[0], values[0], values[0], values[0]] };
  if (code === 'NEQ') return { [threshold]: values };
  return {};
}

/** Names that mark an unnamed system in the STORMNAME column. */
const PLACEHOLDER_NAME = /^(INVEST|NONAME|GENESIS\d*|TEST|)$/;

export function parseAtcfDeck(text: string): { records: AtcfRecord[]; problems: ParseProblem[]; rejected: TextRejection[] } {
  const records: AtcfRecord[] = [];
  const problems: ParseProblem[] = [];
  const rejected: TextRejection[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const fields = line.split(',');
    const stamp = field(fields, 2);
    const time = /^\d{10}$/.test(stamp)
      ? utcDate(Number(stamp.slice(0, 4)), Number(stamp.slice(4, 6)), Number(stamp.slice(6, 8)), Number(stamp.slice(8, 10)))
      : null;
    const lat = atcfLatitude(field(fields, 6));
    const lng = atcfLongitude(field(fields, 7));
    if (fields.length < 8 || !time || lat === null || lng === null) {
      problems.push({ line: index + 1, message: `not an ATCF line: "${line.slice(0, 60)}"` });
      return;
    }
    const name = field(fields, 27);
    const at = index + 1;
    records.push({
      basin: field(fields, 0).toUpperCase(),
      number: field(fields, 1).padStart(2, '0'),
      time,
      tech: field(fields, 4),
      tau: numberOrNull(field(fields, 5)) ?? 0,
      lat,
      lng,
      windKt: positiveOrNull(field(fields, 8)),
      pressure: positiveOrNull(field(fields, 9)),
      type: keep(checkCode(field(fields, 10)), rejected, { field: 'TY', line: at }),
      radiiNm: radii(fields),
      directionDeg: numberOrNull(field(fields, 25)),
      speedKt: numberOrNull(field(fields, 26)),
      name: PLACEHOLDER_NAME.test(name.toUpperCase())
        ? null
        : (keep(checkCycloneName(name), rejected, { field: 'STORMNAME', line: at })?.toUpperCase() ?? null),
      line: at,
    });
  });
  return { records, problems, rejected };
}

/** Rows of one (time, tech, tau) collapsed into one record with every threshold's radii. */
export function collapseThresholds(records: readonly AtcfRecord[]): AtcfRecord[] {
  const byKey = new Map<string, AtcfRecord>();
  for (const record of records) {
    const key = `${record.time.getTime()}|${record.tech}|${record.tau}`;
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { ...record, radiiNm: { ...record.radiiNm } });
    else {
      Object.assign(seen.radiiNm, record.radiiNm);
      seen.name ??= record.name;
      seen.pressure ??= record.pressure;
      seen.windKt ??= record.windKt;
    }
  }
  return [...byKey.values()].sort((a, b) => a.time.getTime() - b.time.getTime() || a.tau - b.tau);
}

/** The best track of a b-deck: one record per time (BEST rows, or the only tech the deck has). */
export function bestTrack(records: readonly AtcfRecord[]): AtcfRecord[] {
  const best = records.filter((r) => r.tech === 'BEST');
  return collapseThresholds(best.length ? best : records).filter((r) => r.tau === 0);
}

/** One forecast of a technique in an a-deck: its base (initial) time and its rows by tau, thresholds collapsed. */
export interface TechForecast {
  tech: string;
  baseTime: Date;
  /** Rows of tau ≥ 0 in tau order; `time` is still the base time. */
  rows: AtcfRecord[];
}

/**
 * Every forecast of a technique in an a-deck (`OFCL`: NHC's official forecasts; `OFCS`: its special advisories;
 * `JTWC`), one per base time, oldest first. An a-deck grows one base time at a time, so a reader that takes them all
 * recovers a forecast a missed fetch did not see.
 */
export function techForecasts(records: readonly AtcfRecord[], tech: string): TechForecast[] {
  const byBase = new Map<number, AtcfRecord[]>();
  for (const r of records) {
    if (r.tech !== tech || r.tau < 0) continue;
    const rows = byBase.get(r.time.getTime()) ?? [];
    rows.push(r);
    byBase.set(r.time.getTime(), rows);
  }
  return [...byBase.entries()]
    .sort(([a], [b]) => a - b)
    .map(([base, rows]) => ({ tech, baseTime: new Date(base), rows: collapseThresholds(rows) }));
}

/**
 * The latest official forecast of a technique (`OFCL` for NHC, `JTWC` for JTWC) in an a-deck. The records'
 * `time` is moved from the base time to the valid time (base + tau).
 */
export function officialForecast(records: readonly AtcfRecord[], tech: string): { issuedAt: Date; points: AtcfRecord[] } | null {
  const latest = techForecasts(records, tech).at(-1);
  if (!latest) return null;
  const base = latest.baseTime.getTime();
  const points = latest.rows.filter((r) => r.tau > 0).map((r) => ({ ...r, time: new Date(base + r.tau * 3600_000) }));
  return { issuedAt: latest.baseTime, points };
}

/** The latest storm name in a deck (upper case), or null when it only ever had placeholders. */
export const deckName = (records: readonly AtcfRecord[]) => [...records].reverse().find((r) => r.name)?.name ?? null;
