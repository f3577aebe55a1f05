/**
 * JTWC's Significant Tropical Weather Advisories: ABPW10 (western and south Pacific) and ABIO10 (Indian Ocean),
 * `abpwweb.txt` / `abioweb.txt`. Format and traps: docs/data/disturbance-formats.md.
 *
 * The advisory is numbered text: areas `1.`, `2.` (western North Pacific, South Pacific; North and South Indian
 * Ocean), each with sections `A.` tropical cyclones, `B.` tropical disturbances, `C.` subtropical systems, each
 * `NONE.` or numbered paragraphs `(1)`, `(2)`. Every paragraph is turned into values (designator, positions,
 * estimated wind and pressure, development potential, what became of it); none of its prose is kept but a
 * cyclone's name, checked as one (src/model/upstream-text.ts: what fails is left out and in `rejected`).
 */
import type {
  AdvisoryArea,
  AdvisoryCyclone,
  AdvisoryDisturbance,
  DisturbancePosition,
  JtwcAdvisory,
} from '../model/disturbance-product-schemas.ts';
import { CYCLONE_CLASSES } from '../model/disturbance-product-schemas.ts';
import { greatCircleKm } from '../model/geo.ts';
import { ShapeError, type ParseProblem } from '../model/parse-problems.ts';
import { dayTimeNear, MONTH_ABBREVIATIONS, toUtcIso, utcDate } from '../model/time.ts';
import { checkCycloneName, keep, type TextRejection } from '../model/upstream-text.ts';
import {
  bulletinLines,
  dayTime,
  excerpt,
  isFormationAlertHeading,
  ktToMs,
  passage,
  positionAfter,
  readDesignator,
  readEstimatedPressure,
  readEstimatedWind,
  readMessageRefs,
  readMovement,
  readPotential,
  readReferenceLines,
  systemRef,
  type Passage,
} from './jtwc-text.ts';

const REGIONS: [RegExp, AdvisoryArea['region']][] = [
  [/^WESTERN NORTH PACIFIC AREA\b/, 'western-north-pacific'],
  [/^SOUTH PACIFIC AREA\b/, 'south-pacific'],
  [/^NORTH INDIAN OCEAN AREA\b/, 'north-indian'],
  [/^SOUTH INDIAN OCEAN AREA\b/, 'south-indian'],
];

const SECTION_KEYS = {
  'TROPICAL CYCLONE SUMMARY': 'cyclones',
  'TROPICAL DISTURBANCE SUMMARY': 'disturbances',
  'SUBTROPICAL SYSTEM SUMMARY': 'subtropical',
} as const;
type SectionKey = (typeof SECTION_KEYS)[keyof typeof SECTION_KEYS];

/**
 * A previous and a current position of one disturbance further apart than this are not one system's motion
 * between two advisories (a day apart at most: 1000 km a day is 22 kt, faster than disturbances move) but a
 * copying or hemisphere slip, as in real advisories (94W "previously" at 95W's position; 90E at 136.9E for 136.9W).
 */
const MAX_PREVIOUS_TO_CURRENT_KM = 1000;

interface RawSection {
  letter: string;
  key: SectionKey;
  head: Passage;
  items: { number: number; at: Passage }[];
}

interface RawArea {
  number: number;
  title: Passage;
  sections: RawSection[];
}

/** The tree of areas, sections and numbered paragraphs after `RMKS/`, found by the line starts that open each. */
function outline(lines: readonly string[], from: number, problems: ParseProblem[]): RawArea[] {
  // Each opening line starts a block that runs to the next opening line; a wrapped line opens nothing.
  const blocks: { kind: 'area' | 'other' | 'section' | 'item'; start: number; end: number; m: RegExpExecArray }[] = [];
  let end = lines.length;
  for (let i = from; i < lines.length; i += 1) {
    const line = lines[i] as string;
    if (/^NNNN\b/.test(line.trim())) {
      end = i;
      break;
    }
    const top = /^(\d)\. (.*)$/.exec(line);
    const section = /^\s+([A-C])\. (TROPICAL CYCLONE SUMMARY|TROPICAL DISTURBANCE SUMMARY|SUBTROPICAL SYSTEM SUMMARY):(.*)$/.exec(line);
    // Paragraph numbers are indented, but not always (a real advisory has `(1) AT 18AUG21 …` at the line start).
    // A wrapped line cannot start with `(n) `: the bracketed groups of the prose hold more than a number.
    const item = /^\s*\((\d{1,2})\)\s(.*)$/.exec(line);
    const opened = top
      ? {
          kind: /\bAREA\b/.test(top[2] as string) && !/^JUSTIFICATION\b/.test(top[2] as string) ? ('area' as const) : ('other' as const),
          m: top,
        }
      : section
        ? { kind: 'section' as const, m: section }
        : item
          ? { kind: 'item' as const, m: item }
          : null;
    if (!opened) continue;
    const last = blocks.at(-1);
    if (last) last.end = i;
    blocks.push({ ...opened, start: i, end: lines.length });
  }
  const last = blocks.at(-1);
  if (last) last.end = Math.min(last.end, end);

  const text = (block: (typeof blocks)[number], first: string) =>
    passage(
      [first, ...lines.slice(block.start + 1, block.end)].map((l) => l.replace(/\/\/\s*$/, '')),
      0,
      block.end - block.start,
    );
  const areas: RawArea[] = [];
  let area: RawArea | null = null;
  for (const block of blocks) {
    const line = block.start + 1;
    if (block.kind === 'area') {
      area = { number: Number(block.m[1]), title: { text: text(block, block.m[2] as string).text, line }, sections: [] };
      areas.push(area);
    } else if (block.kind === 'other') {
      // `3. JUSTIFICATION FOR REISSUE:` (prose, not kept) or anything else after the areas.
      if (!/^JUSTIFICATION FOR REISSUE\b/.test(block.m[2] as string))
        problems.push({ line, message: `paragraph ${block.m[1]} is not an area ("${excerpt(block.m[2] as string)}"): skipped` });
      area = null;
    } else if (block.kind === 'section' && area) {
      const key = SECTION_KEYS[block.m[2] as keyof typeof SECTION_KEYS];
      area.sections.push({ letter: block.m[1] as string, key, head: { text: text(block, block.m[3] as string).text, line }, items: [] });
    } else if (block.kind === 'item' && area?.sections.length) {
      area.sections.at(-1)?.items.push({ number: Number(block.m[1]), at: { text: text(block, block.m[2] as string).text, line } });
    } else problems.push({ line, message: `"${excerpt(lines[block.start] as string)}" is outside any area or section: skipped` });
  }
  return areas;
}

/** A cyclone summary gives the last warning's position, hours before the advisory; `18AUG21` in a 2026 advisory is a slip. */
const MAX_CYCLONE_POSITION_AGE_MS = 48 * 3600_000;

const CLASS_PATTERN = CYCLONE_CLASSES.slice()
  .sort((a, b) => b.length - a.length)
  .join('|');

/** `(1) AT 22AUG26 1200Z, TYPHOON 17W (SAUDEL) WAS LOCATED NEAR 19.6N 144.8E, … SEE REF A (WTPN31 PGTW 221500)`. */
function readCyclone(paragraph: string, at: Passage, issuedAt: Date, problems: ParseProblem[], rejected: TextRejection[]): AdvisoryCyclone {
  const when = /\bAT (\d{2})([A-Z]{3})(\d{2}) (\d{2})(\d{2})Z\b/.exec(at.text);
  const month = when ? MONTH_ABBREVIATIONS.indexOf(when[2] as string) + 1 : 0;
  const time = when && month ? utcDate(2000 + Number(when[3]), month, Number(when[1]), Number(when[4]), Number(when[5])) : null;
  const plausible = time && time.getTime() <= issuedAt.getTime() && time.getTime() >= issuedAt.getTime() - MAX_CYCLONE_POSITION_AGE_MS;
  if (!time) problems.push({ line: at.line, message: `cyclone ${paragraph}: no readable time (AT DDMONYY HHMMZ): left out` });
  else if (!plausible)
    problems.push({
      line: at.line,
      message: `cyclone ${paragraph}: its time ${when?.[0]} is not within the 48 hours before the advisory: left out`,
    });
  const who = new RegExp(`\\b(?:(${CLASS_PATTERN}) )?(\\d{2})([A-Z]) \\(([A-Z][A-Z'-]{0,24})\\) WAS LOCATED`).exec(at.text);
  if (!who) problems.push({ line: at.line, message: `cyclone ${paragraph}: no designator and name (17W (SAUDEL)) could be read` });
  else if (!who[1])
    problems.push({
      line: at.line,
      message: `cyclone ${paragraph}: its classification is not one of ${CYCLONE_CLASSES.join(', ')}: left out`,
    });
  const winds = /MAXIMUM SUSTAINED SURFACE WINDS WERE ESTIMATED AT (\d{1,3}) KNOTS(?: GUSTING TO (\d{1,3}) KNOTS)?/.exec(at.text);
  const windKt = winds ? Number(winds[1]) : null;
  const warning = readMessageRefs(at, issuedAt).find((r) => r.heading && !isFormationAlertHeading(r.heading)) ?? null;
  const system = who ? systemRef(who[2] as string, who[3] as string) : null;
  // The name in brackets is upstream text (`(ALL-CLEAR)` has a name's brackets): checked as a cyclone name.
  const name = who ? keep(checkCycloneName(who[4]), rejected, { field: `cyclone ${paragraph}`, storm: system?.id, line: at.line }) : null;
  return {
    paragraph,
    system,
    name,
    classification: (who?.[1] as AdvisoryCyclone['classification'] | undefined) ?? null,
    time: time && plausible ? toUtcIso(time) : null,
    position: positionAfter(at, 'WAS LOCATED NEAR', problems).position,
    movement: readMovement(at, problems),
    windKt,
    gustKt: winds?.[2] ? Number(winds[2]) : null,
    windMs: windKt === null ? null : ktToMs(windKt),
    warning,
  };
}

const CURRENT_POSITION_PHRASES = ['IS NOW LOCATED NEAR', 'HAS PERSISTED NEAR', 'HAS DEVELOPED NEAR', 'HAS FORMED NEAR', 'IS LOCATED NEAR'];

/** `(1) THE AREA OF CONVECTION (INVEST 94W) PREVIOUSLY LOCATED NEAR … IS NOW LOCATED NEAR …`, and its variants. */
function readDisturbance(paragraph: string, at: Passage, issuedAt: Date, problems: ParseProblem[]): AdvisoryDisturbance {
  const designator = readDesignator(at.text);
  if (!designator) problems.push({ line: at.line, message: `disturbance ${paragraph}: no designator (INVEST 94W) could be read` });
  const previous = positionAfter(at, 'PREVIOUSLY LOCATED NEAR', problems);
  let current: { said: boolean; position: DisturbancePosition | null } = { said: false, position: null };
  for (const phrase of CURRENT_POSITION_PHRASES) {
    current = positionAfter(at, phrase, problems);
    if (current.said) break;
  }
  const refs = readMessageRefs(at, issuedAt);
  const alertRef = refs.find((r) => r.heading && isFormationAlertHeading(r.heading)) ?? null;
  const underAlert = /IS NOW THE SUBJECT OF A TROPICAL CYCLONE FORMATION ALERT/.test(at.text);

  let status: AdvisoryDisturbance['status'] = null;
  if (/IS NOW THE SUBJECT OF A TROPICAL CYCLONE WARNING/.test(at.text)) status = 'warning';
  else if (current.said) status = 'suspect';
  else if (/\b(?:IS|HAS BEEN|WAS) CANCELL?ED\b/.test(at.text)) status = 'cancelled';
  else if (/\bHAS DISSIPATED\b/.test(at.text)) status = 'dissipated';
  else if (/\bNO LONGER (?:SUSPECT|CONSIDERED SUSPECT|BEING MONITORED)\b|\bHAS BEEN DROPPED\b/.test(at.text)) status = 'dropped';
  else if (underAlert) status = 'suspect';
  else problems.push({ line: at.line, message: `disturbance ${paragraph}: neither a position nor what became of it could be read` });

  return {
    paragraph,
    system: designator?.system ?? null,
    label: designator?.label ?? null,
    status,
    previousPosition: previous.position,
    position: current.position,
    wind: readEstimatedWind(at, problems),
    pressureMb: readEstimatedPressure(at, problems),
    potential: readPotential(at, problems),
    formationAlert: alertRef ?? (underAlert ? { heading: null, issuedAt: null, reference: null } : null),
    becameStorm: null,
  };
}

const samePosition = (a: DisturbancePosition, b: DisturbancePosition) => a.lat === b.lat && a.lng === b.lng;

/**
 * Checks across the whole advisory. Two disturbances "previously" (or "now") at exactly the same position: one of
 * them is a copying slip and nothing says which, so both are left out. A previous position more than 1000 km from
 * the current one is left out (the current one agrees with the other products; the previous one is copied from
 * an older message). A warning paragraph's `SEE PARA. 1.A.(3)` is resolved to that cyclone.
 */
function crossCheck(areas: AdvisoryArea[], texts: Map<AdvisoryDisturbance, Passage>, problems: ParseProblem[]): void {
  const disturbances = areas.flatMap((a) => [...a.disturbances.items, ...a.subtropical.items]);
  const lineOf = (d: AdvisoryDisturbance) => texts.get(d)?.line ?? 1;
  for (const key of ['previousPosition', 'position'] as const) {
    const clashing = disturbances.filter((d) => {
      const p = d[key];
      return (
        p && disturbances.some((o) => o !== d && o.system?.id !== d.system?.id && o[key] && samePosition(p, o[key] as DisturbancePosition))
      );
    });
    for (const d of clashing) {
      problems.push({
        line: lineOf(d),
        message: `disturbance ${d.paragraph}: its ${key === 'position' ? 'current' : 'previous'} position is also another disturbance's: left out`,
      });
    }
    for (const d of clashing) d[key] = null;
  }
  for (const d of disturbances) {
    if (d.previousPosition && d.position && greatCircleKm(d.previousPosition, d.position) > MAX_PREVIOUS_TO_CURRENT_KM) {
      const km = Math.round(greatCircleKm(d.previousPosition, d.position));
      problems.push({
        line: lineOf(d),
        message: `disturbance ${d.paragraph}: its previous position is ${km} km from its current one: previous position left out`,
      });
      d.previousPosition = null;
    }
  }
  resolveWarnings(areas, texts, problems);
}

/** A warning paragraph's `SEE PARA. 1.A.(3)` resolved to that cyclone paragraph. */
function resolveWarnings(areas: AdvisoryArea[], texts: Map<AdvisoryDisturbance, Passage>, problems: ParseProblem[]): void {
  const cyclones = new Map(areas.flatMap((a) => a.cyclones.items.map((c) => [c.paragraph, c] as const)));
  for (const d of areas.flatMap((a) => [...a.disturbances.items, ...a.subtropical.items])) {
    if (d.status !== 'warning') continue;
    const at = texts.get(d) as Passage;
    const see = /SEE PARA(?:GRAPH)?\.? ?(\d\.[A-C]\.\(\d{1,2}\))/.exec(at.text);
    const cyclone = see ? cyclones.get(see[1] as string) : undefined;
    if (!cyclone) {
      problems.push({
        line: at.line,
        message: `disturbance ${d.paragraph}: the cyclone it became ${see ? `(paragraph ${see[1]})` : ''} is not in the advisory`,
      });
      continue;
    }
    d.becameStorm = { paragraph: cyclone.paragraph, system: cyclone.system, name: cyclone.name, classification: cyclone.classification };
  }
}

/** One section's values: `NONE.`, or numbered paragraphs ending with `NO OTHER …`. */
function readSection<T>(
  area: RawArea,
  key: SectionKey,
  read: (paragraph: string, at: Passage) => T,
  problems: ParseProblem[],
): { stated: 'none' | 'listed' | 'blank' | 'missing'; items: T[]; noOthers: boolean } {
  const raw = area.sections.find((s) => s.key === key);
  if (!raw) {
    problems.push({ line: area.title.line, message: `area ${area.number} has no ${key} section` });
    return { stated: 'missing', items: [], noOthers: false };
  }
  const none = /^NONE\.?$/.test(raw.head.text);
  if (raw.head.text !== '' && !none)
    problems.push({
      line: raw.head.line,
      message: `section ${area.number}.${raw.letter} says "${excerpt(raw.head.text)}" where NONE or paragraphs were expected`,
    });
  let noOthers = false;
  const items: T[] = [];
  for (const item of raw.items) {
    if (/^NO OTHER\b/.test(item.at.text)) noOthers = true;
    else items.push(read(`${area.number}.${raw.letter}.(${item.number})`, item.at));
  }
  if (none && raw.items.length)
    problems.push({ line: raw.head.line, message: `section ${area.number}.${raw.letter} says NONE and has paragraphs` });
  const stated = none ? 'none' : raw.items.length ? 'listed' : 'blank';
  if (stated === 'blank')
    problems.push({ line: raw.head.line, message: `section ${area.number}.${raw.letter} has neither NONE nor paragraphs` });
  return { stated, items, noOthers };
}

/**
 * Reads an ABPW10 or ABIO10 advisory. Throws a ShapeError when the text is not one (no heading, no validity
 * period, no RMKS); every other fault is a parse problem and the value concerned is null.
 */
export function parseJtwcAdvisory(text: string): { advisory: JtwcAdvisory; problems: ParseProblem[]; rejected: TextRejection[] } {
  const lines = bulletinLines(text);
  const problems: ParseProblem[] = [];
  const rejected: TextRejection[] = [];
  const heading = /^(ABPW10|ABIO10) ([A-Z]{4}) (\d{6})\b/.exec(lines.find((l) => l.trim() !== '')?.trim() ?? '');
  if (!heading) throw new ShapeError('not a JTWC significant tropical weather advisory: no ABPW10 or ABIO10 heading on its first line');
  const subjAt = lines.findIndex((l) => l.startsWith('SUBJ/'));
  let subjEnd = subjAt;
  while (subjEnd !== -1 && subjEnd < lines.length - 1 && !(lines[subjEnd] as string).includes('//')) subjEnd += 1;
  const subject = subjAt === -1 ? '' : passage(lines, subjAt, subjEnd + 1).text;
  // `221500Z-230600ZAUG2026` (month and year given once, for the end) or `311800ZMAR2026-011800ZAPR2026`.
  const v = /(\d{2})(\d{2})(\d{2})Z ?(?:([A-Z]{3}) ?(\d{4}))? ?- ?(\d{2})(\d{2})(\d{2})Z ?([A-Z]{3}) ?(\d{4})\/\//.exec(subject);
  const month = (name: string | undefined) => MONTH_ABBREVIATIONS.indexOf(name ?? '') + 1;
  const validUntil = v && month(v[9]) ? utcDate(Number(v[10]), month(v[9]), Number(v[6]), Number(v[7]), Number(v[8])) : null;
  const validFrom =
    v && validUntil
      ? v[4]
        ? month(v[4])
          ? utcDate(Number(v[5]), month(v[4]), Number(v[1]), Number(v[2]), Number(v[3]))
          : null
        : dayTimeNear(Number(v[1]), Number(v[2]), Number(v[3]), validUntil)
      : null;
  if (!validFrom || !validUntil)
    throw new ShapeError(`advisory ${heading[1]}: no readable validity period (DDHHMMZ-DDHHMMZMONYYYY) in its SUBJ line`);
  if (validFrom.getTime() >= validUntil.getTime())
    problems.push({ line: subjAt + 1, message: 'the validity period ends before it starts' });
  const issuedAt = dayTime(heading[3] as string, validFrom);
  if (!issuedAt) throw new ShapeError(`advisory ${heading[1]}: the heading's time group "${heading[3]}" is not a time`);
  const rmksAt = lines.findIndex((l) => l.startsWith('RMKS/'));
  if (rmksAt === -1) throw new ShapeError(`advisory ${heading[1]}: no RMKS/ line`);

  const texts = new Map<AdvisoryDisturbance, Passage>();
  const readDisturbanceAt = (paragraph: string, at: Passage) => {
    const d = readDisturbance(paragraph, at, issuedAt, problems);
    texts.set(d, at);
    return d;
  };
  const areas: AdvisoryArea[] = outline(lines, rmksAt + 1, problems).map((raw) => {
    const region = REGIONS.find(([pattern]) => pattern.test(raw.title.text))?.[1] ?? null;
    if (!region)
      problems.push({ line: raw.title.line, message: `area ${raw.number} "${excerpt(raw.title.text)}" is not a region this parser knows` });
    return {
      paragraph: raw.number,
      region,
      cyclones: readSection(raw, 'cyclones', (paragraph, at) => readCyclone(paragraph, at, issuedAt, problems, rejected), problems),
      disturbances: readSection(raw, 'disturbances', readDisturbanceAt, problems),
      subtropical: readSection(raw, 'subtropical', readDisturbanceAt, problems),
    };
  });
  crossCheck(areas, texts, problems);
  return {
    advisory: {
      product: heading[1] as JtwcAdvisory['product'],
      issuer: heading[2] as string,
      issuedAt: toUtcIso(issuedAt),
      reissued: /\bREISSUED\b/.test(subject),
      validFrom: toUtcIso(validFrom),
      validUntil: toUtcIso(validUntil),
      references: readReferenceLines(lines.slice(0, rmksAt), issuedAt, problems),
      areas,
    },
    problems: problems.sort((a, b) => a.line - b.line),
    rejected,
  };
}
