/**
 * Readers for the sentences and groups JTWC's text bulletins share (advisories ABPW/ABIO, formation alerts
 * WTxx2n): positions `26.7N 122.6E`, designators `(INVEST 94W)`, the estimated wind, pressure and development
 * potential sentences, REF lines and `DDHHMM` time groups. The bulletins wrap lines anywhere, so each reader
 * works on a passage: consecutive lines joined with single spaces. A sentence that is there but cannot be read,
 * or that the bulletin states twice with different values, gives null and a parse problem, never a guess.
 */
import { compassFromText } from '../model/compass.ts';
import type {
  BulletinReference,
  DevelopmentPotential,
  DisturbancePosition,
  EstimatedWind,
  MessageRef,
  Movement,
  SystemRef,
} from '../model/disturbance-product-schemas.ts';
import type { Basin } from '../model/global-schemas.ts';
import type { ParseProblem } from '../model/parse-problems.ts';
import { dayTimeNear, MONTH_ABBREVIATIONS, toUtcIso, utcDate } from '../model/time.ts';
import { KT_TO_MS, knotsToKmh } from '../model/units.ts';

/** Lines joined into one text (runs of white space made single spaces), with the 1-based line it starts on. */
export interface Passage {
  text: string;
  line: number;
}

/** The bulletin's lines: carriage returns dropped, upper case (JTWC writes upper case; this makes sure). */
export const bulletinLines = (text: string) => text.replace(/\r/g, '').toUpperCase().split('\n');

/** Lines `from` (0-based, inclusive) to `to` (exclusive) as one passage. */
export function passage(lines: readonly string[], from: number, to: number): Passage {
  return { text: lines.slice(from, to).join(' ').replace(/\s+/g, ' ').trim(), line: from + 1 };
}

/** A short, plain excerpt of bulletin text for a problem message (problems quote what could not be read). */
export const excerpt = (text: string) => text.replace(/[^A-Z0-9 .,/()+-]/gi, '?').slice(0, 40);

const problem = (problems: ParseProblem[], at: Passage, message: string) => problems.push({ line: at.line, message });

/** Knots → m/s, one decimal (exact factor). */
export const ktToMs = (kt: number) => Math.round(kt * KT_TO_MS * 10) / 10;

// ---- positions ----------------------------------------------------------------------------------------------

/** `26.7N 122.6E`, `23N 126.7E` (a latitude without decimals occurs), `9.3N 115.6W`. */
export const POSITION = String.raw`(\d{1,2}(?:\.\d{1,2})?)\s?([NS])\s+(\d{1,3}(?:\.\d{1,2})?)\s?([EW])`;

/** The position of a POSITION match's four groups, or null when out of range (a typo such as 95.2N). */
export function positionOf(lat: string, ns: string, lng: string, ew: string): DisturbancePosition | null {
  const latitude = Number(lat) * (ns === 'S' ? -1 : 1);
  const longitude = Number(lng) * (ew === 'W' ? -1 : 1);
  if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) return null;
  // 180W and 180E are the same meridian: keep one spelling.
  return { lat: latitude, lng: longitude === -180 ? 180 : longitude };
}

/**
 * The position after a phrase (`IS NOW LOCATED NEAR`): `said` when the phrase is in the passage, `position`
 * null (and a problem) when what follows it is not a readable position.
 */
export function positionAfter(
  at: Passage,
  phrase: string,
  problems: ParseProblem[],
): { said: boolean; position: DisturbancePosition | null } {
  const found = new RegExp(`${phrase} (.{0,30})`).exec(at.text);
  if (!found) return { said: false, position: null };
  const m = new RegExp(`^${POSITION}`).exec(found[1] as string);
  const position = m ? positionOf(m[1] as string, m[2] as string, m[3] as string, m[4] as string) : null;
  if (!position) problem(problems, at, `"${phrase}" is followed by "${excerpt(found[1] as string)}", not a position: left out`);
  return { said: true, position };
}

// ---- designators --------------------------------------------------------------------------------------------

/** JTWC's basin letters (the letter after a cyclone or invest number) → ATCF basins. */
const BASIN_OF_LETTER: Record<string, Basin> = { W: 'WP', C: 'CP', E: 'EP', A: 'IO', B: 'IO', S: 'SH', P: 'SH' };

export function systemRef(number: string, letter: string): SystemRef {
  const n = Number(number);
  return { id: `${number}${letter}`, number: n, basin: BASIN_OF_LETTER[letter] ?? null, invest: n >= 90 };
}

/**
 * The first designator of a passage: `(INVEST 94W)`, `INVEST 97W`, `(REMNANTS 13W)`, `(SD 01C)` or a bare `(97W)`.
 * A bare `97W` outside brackets is not taken: `23N` and `126E` have the same shape.
 */
export function readDesignator(text: string): { system: SystemRef; label: 'INVEST' | 'REMNANTS' | 'SD' | 'SS' | null } | null {
  const m = /\((?:(INVEST|REMNANTS(?: OF)?|SD|SS) )?(\d{2})([A-Z])\)|\bINVEST (\d{2})([A-Z])\b/.exec(text);
  if (!m) return null;
  const label = m[1] ? (m[1].startsWith('REMNANTS') ? 'REMNANTS' : (m[1] as 'INVEST' | 'SD' | 'SS')) : m[4] ? 'INVEST' : null;
  return { system: systemRef((m[2] ?? m[4]) as string, (m[3] ?? m[5]) as string), label };
}

// ---- the estimate sentences ---------------------------------------------------------------------------------

/** Every distinct value a pattern gives in a passage (the bulletins sometimes state a sentence twice). */
function distinct<T>(text: string, pattern: RegExp, read: (m: RegExpExecArray) => T): T[] {
  const seen = new Map<string, T>();
  for (const m of text.matchAll(pattern)) {
    const value = read(m as RegExpExecArray);
    seen.set(JSON.stringify(value), value);
  }
  return [...seen.values()];
}

/**
 * `MAXIMUM SUSTAINED SURFACE WINDS ARE ESTIMATED AT 27 TO 32 KNOTS` (and a formation alert's `WINDS IN THE AREA ARE
 * ESTIMATED TO BE 17 TO 22 KNOTS`). Two different statements, or a range that runs backwards (`22 TO 17`), are
 * reported and left out.
 */
export function readEstimatedWind(at: Passage, problems: ParseProblem[]): EstimatedWind | null {
  const ranges = distinct(
    at.text,
    /(?:MAXIMUM SUSTAINED SURFACE WINDS ARE ESTIMATED (?:AT|TO BE)|WINDS IN THE AREA ARE ESTIMATED (?:AT|TO BE)) (\d{1,3})(?: TO (\d{1,3}))? ?(?:KNOTS|KTS)\b/g,
    (m) => ({ from: Number(m[1]), to: Number(m[2] ?? m[1]) }),
  );
  if (ranges.length === 0) {
    if (/SUSTAINED SURFACE WINDS ARE ESTIMATED|WINDS IN THE AREA ARE ESTIMATED/.test(at.text))
      problem(problems, at, 'the estimated wind cannot be read: left out');
    return null;
  }
  const said = ranges.map((r) => `${r.from} TO ${r.to} KNOTS`).join(' and ');
  if (ranges.length > 1) {
    problem(problems, at, `the estimated wind is given differently in one paragraph (${said}): left out`);
    return null;
  }
  const range = ranges[0] as { from: number; to: number };
  if (range.from > range.to) {
    problem(problems, at, `the estimated wind ${said} runs backwards: left out`);
    return null;
  }
  return { kt: range, ms: { from: ktToMs(range.from), to: ktToMs(range.to) }, period: '1min' };
}

/** `MINIMUM SEA LEVEL PRESSURE IS ESTIMATED TO BE NEAR 1000 MB`, hPa; 850–1050 only. */
export function readEstimatedPressure(at: Passage, problems: ParseProblem[]): number | null {
  const values = distinct(at.text, /MINIMUM SEA LEVEL PRESSURE IS ESTIMATED TO BE NEAR (\d{3,4}) ?MB\b/g, (m) => Number(m[1]));
  if (values.length === 0) {
    if (/MINIMUM SEA LEVEL PRESSURE IS ESTIMATED/.test(at.text)) problem(problems, at, 'the estimated pressure cannot be read: left out');
    return null;
  }
  if (values.length > 1) {
    problem(problems, at, `the estimated pressure is given differently in one paragraph (${values.join(' and ')} MB): left out`);
    return null;
  }
  const value = values[0] as number;
  if (value < 850 || value > 1050) {
    problem(problems, at, `an estimated pressure of ${value} MB is outside 850–1050: left out`);
    return null;
  }
  return value;
}

const POTENTIAL_CHANGE: Record<string, DevelopmentPotential['change']> = {
  IS: 'stated',
  REMAINS: 'remains',
  'IS UPGRADED TO': 'upgraded',
  'UPGRADED TO': 'upgraded',
  'IS DOWNGRADED TO': 'downgraded',
  'DOWNGRADED TO': 'downgraded',
};

/** `THE POTENTIAL FOR THE DEVELOPMENT OF A SIGNIFICANT TROPICAL CYCLONE WITHIN THE NEXT 24 HOURS REMAINS LOW`. */
export function readPotential(at: Passage, problems: ParseProblem[]): DevelopmentPotential | null {
  const values = distinct(
    at.text,
    /POTENTIAL FOR (?:THE )?DEVELOPMENT (?:OF A SIGNIFICANT TROPICAL CYCLONE )?WITHIN THE NEXT (\d{1,3}) HOURS (IS UPGRADED TO|IS DOWNGRADED TO|UPGRADED TO|DOWNGRADED TO|REMAINS|IS) (LOW|MEDIUM|HIGH)\b/g,
    (m): DevelopmentPotential => ({
      level: m[3] as DevelopmentPotential['level'],
      withinHours: Number(m[1]),
      change: POTENTIAL_CHANGE[m[2] as string] as DevelopmentPotential['change'],
    }),
  );
  if (values.length === 0) {
    if (/POTENTIAL FOR (?:THE )?DEVELOPMENT/.test(at.text)) problem(problems, at, 'the development potential cannot be read: left out');
    return null;
  }
  if (values.length > 1) {
    problem(
      problems,
      at,
      `the development potential is given differently in one paragraph (${values.map((v) => v.level).join(' and ')}): left out`,
    );
    return null;
  }
  return values[0] as DevelopmentPotential;
}

const DIRECTION_WORD: Record<string, string> = {
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};

/** `NORTH-NORTHWEST` → NNW, `WESTWARD` → W; null for anything else. */
export function compassOfWords(words: string): string | null {
  const parts = words
    .replace(/WARDS?$/, '')
    .split(/-\s?/)
    .map((w) => DIRECTION_WORD[w]);
  if (parts.length === 0 || parts.length > 2 || parts.some((p) => p === undefined)) return null;
  return compassFromText(parts.join(''));
}

/** `MOVING WEST-NORTHWESTWARD AT 12 KNOTS`, `TRACKED NORTHWESTWARD AT 14 KNOTS`. */
export function readMovement(at: Passage, problems: ParseProblem[]): Movement | null {
  const m = /\b(?:MOVING|TRACKED) ([A-Z]+(?:- ?[A-Z]+)?) AT (\d{1,2}) KNOTS\b/.exec(at.text);
  if (!m) return null;
  const toward = compassOfWords(m[1] as string);
  if (!toward) {
    problem(problems, at, `the direction of motion "${excerpt(m[1] as string)}" cannot be read: motion left out`);
    return null;
  }
  const speedKt = Number(m[2]);
  return { toward, speedKt, speedKmh: knotsToKmh(speedKt) as number };
}

// ---- times and references -----------------------------------------------------------------------------------

/** `221500` (day, hour, minute) → the instant nearest `anchor`; null when the group is not a time. */
export function dayTime(group: string, anchor: Date): Date | null {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(group);
  if (!m || Number(m[2]) > 23 || Number(m[3]) > 59) return null;
  return dayTimeNear(Number(m[1]), Number(m[2]), Number(m[3]), anchor);
}

/** `221351ZAUG2026` or `210600Z AUG 26` (the .tcw alert's REF form) → an instant; null for anything else. */
export function fullTimeGroup(text: string): Date | null {
  const m = /^(\d{2})(\d{2})(\d{2})Z ?([A-Z]{3}) ?(\d{4}|\d{2})$/.exec(text.trim());
  if (!m) return null;
  const month = MONTH_ABBREVIATIONS.indexOf(m[4] as string) + 1;
  const year = (m[5] as string).length === 2 ? 2000 + Number(m[5]) : Number(m[5]);
  return month === 0 ? null : utcDate(year, month, Number(m[1]), Number(m[2]), Number(m[3]));
}

/** How far before its bulletin a referenced message can be (the REF lines cite the last day's messages). */
const REFERENCE_MAX_AGE_MS = 30 * 86_400_000;

/**
 * `REF/A/MSG/JOINT TYPHOON WRNCEN PEARL HARBOR HI/221351ZAUG2026//`. A time group that cannot be read
 * (`2213513AUG2026`) or that is not within 30 days before the bulletin (`220753ZJUN2021` in an August 2026
 * advisory) is left out and reported. Without an anchor (the bulletin's own time unknown) times are not checked.
 */
export function readReferenceLines(lines: readonly string[], anchor: Date | null, problems: ParseProblem[]): BulletinReference[] {
  const out: BulletinReference[] = [];
  lines.forEach((line, index) => {
    const m = /^REF\/([A-Z])\/(.*?)\/\/\s*$/.exec(line.trim());
    if (!m) return;
    const group = (m[2] as string).split('/').at(-1) ?? '';
    let time = fullTimeGroup(group);
    if (!time) problems.push({ line: index + 1, message: `REF ${m[1]}: the time group "${excerpt(group)}" cannot be read: left out` });
    else if (anchor && (time.getTime() > anchor.getTime() || time.getTime() < anchor.getTime() - REFERENCE_MAX_AGE_MS)) {
      problems.push({
        line: index + 1,
        message: `REF ${m[1]}: the time group "${excerpt(group)}" is not within the 30 days before the bulletin: left out`,
      });
      time = null;
    }
    out.push({ letter: m[1] as string, time: time && toUtcIso(time) });
  });
  return out;
}

/** `SEE REF C (WTPN21 PGTW 220800)`, `THIS SUPERSEDES REF A (WTPN21 PHNC 210700)`: each message a passage cites. */
export function readMessageRefs(at: Passage, anchor: Date): MessageRef[] {
  return [...at.text.matchAll(/\bREF ([A-Z]) ?\(([A-Z]{4}\d{2}) ([A-Z]{4}) (\d{6})\)/g)].map((m) => {
    const time = dayTime(m[4] as string, anchor);
    return { heading: `${m[2]} ${m[3]}`, issuedAt: time && toUtcIso(time), reference: m[1] as string };
  });
}

/** WT..2n headings are formation alerts (WTPN21, WTXS22, WTIO21); WT..3n are warnings. */
export const isFormationAlertHeading = (heading: string) => /^WT[A-Z]{2}2\d /.test(heading);
