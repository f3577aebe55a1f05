/**
 * The Hong Kong Observatory's warnings: its open-data API (`warnsum`: the warnings in force; `warningInfo`: their
 * bulletins), in English (lang=en) and Traditional Chinese (lang=tc), and its website's summary feed (`warnsumc`,
 * Chinese), which says of every warning type whether it is in force. Format: docs/data/formats.md, "HKO warnings".
 *
 * `warnsum` is a JSON object keyed by warning type (WTCSGNL, WRAIN, WTS …), each with its name, code (the signal
 * or colour for WTCSGNL, WRAIN and WFIRE, else the type again), action, and issue, update and expiry times in
 * HKT (+08:00). It lists every warning in force, so an object with none in it is HKO's word that none is. A
 * cancelled tropical cyclone signal stays in it for a while as code CANCEL: kept as the agency's cancellation.
 * Codes and words are checked against HKO's closed tables (src/model/warning-codes.ts); nothing else is kept.
 */
import { laterTime, readOffsetTime, toOffsetIso, dateInOffset } from '../model/offset-time.ts';
import { ShapeError, type ParseProblem } from '../model/parse-problems.ts';
import { normaliseText, type NameList } from '../model/upstream-text.ts';
import { HKO_ACTIONS, HKO_SUBTYPES, HKO_WARNING_TYPES, HKO_WEB_NAMES, type HkoWarningType } from '../model/warning-codes.ts';
import type { LocalText, StormRef, Warning, WarningSnapshot } from '../model/warning-schemas.ts';
import { checkTableWords, type WarningTextRejection } from '../model/warning-text.ts';

export type HkoLanguage = 'en' | 'tc';

const HKT = '+08:00';

export interface HkoParse {
  snapshot: WarningSnapshot;
  problems: ParseProblem[];
  rejected: WarningTextRejection[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const words = (lang: HkoLanguage, value: string | null): LocalText => ({
  en: lang === 'en' ? value : null,
  zh: lang === 'tc' ? value : null,
  ja: null,
});

/** The code of an entry: the subtype for the types that have them, else the type itself. */
function entryCode(type: string, code: unknown): string | null {
  if (typeof code !== 'string') return null;
  const subtype = HKO_SUBTYPES[code];
  if (subtype) return subtype.type === type ? code : null;
  return code === type && !Object.values(HKO_SUBTYPES).some((s) => s.type === type) ? code : null;
}

/** One answer's warnings and cancellations, before they are put in a snapshot. */
interface Entries {
  warnings: Warning[];
  cancelled: Warning[];
  problems: ParseProblem[];
  rejected: WarningTextRejection[];
  /** Entries left out for a fault: the answer is then not HKO's word that nothing else is in force. */
  leftOut: number;
}

function snapshotOf(entries: Entries, document: string): HkoParse {
  const { warnings, cancelled, problems, rejected, leftOut } = entries;
  const sourceTime = [...warnings, ...cancelled].reduce<string | null>((t, w) => laterTime(t, w.updatedAt ?? w.issuedAt), null);
  const state = warnings.length > 0 ? 'in-force' : leftOut > 0 ? 'unknown' : 'none-in-force';
  return {
    snapshot: {
      agency: 'hko',
      state,
      sourceTime,
      warnings,
      cancelled,
      documents: [{ type: document, id: null, issuedAt: null, validUntil: null }],
    },
    problems,
    rejected,
  };
}

/** One warning of an HKO answer, its words and times already checked. */
function hkoWarning(
  type: string,
  code: string,
  lang: HkoLanguage,
  words_: { name: string | null; type: string | null },
  action: string | null,
  times: { issuedAt: string | null; updatedAt: string | null; expiresAt: string | null },
  document: string,
): Warning {
  return {
    agency: 'hko',
    slot: type,
    kind: (HKO_WARNING_TYPES[type] as HkoWarningType).kind,
    code,
    level: HKO_SUBTYPES[code]?.level ?? null,
    name: words(lang, words_.name),
    words: words(lang, words_.type),
    area: null,
    circles: [],
    action,
    ...times,
    storm: null,
    source: { type: document, id: null, issuedAt: null, validUntil: null },
  };
}

/** Parses a `warnsum` answer in one language. Throws ShapeError when the answer is not a JSON object. */
export function parseHkoWarnsum(json: unknown, lang: HkoLanguage): HkoParse {
  if (!isRecord(json)) throw new ShapeError('HKO warnsum: the answer is not a JSON object');
  const entries: Entries = { warnings: [], cancelled: [], problems: [], rejected: [], leftOut: 0 };
  for (const [type, raw] of Object.entries(json)) {
    const fault = (message: string) => {
      entries.problems.push({ line: 1, message: `${type}: ${message}` });
      entries.leftOut += 1;
    };
    const table = HKO_WARNING_TYPES[type];
    if (!table) {
      fault('not one of HKO’s warning types (src/model/warning-codes.ts): left out');
      continue;
    }
    if (!isRecord(raw)) {
      fault('not an object: left out');
      continue;
    }
    const code = entryCode(type, raw.code);
    if (code === null) {
      fault(`code ${JSON.stringify(raw.code)} is not one of ${type}’s codes: left out`);
      continue;
    }
    const action = checkTableWords(raw.actionCode as string, HKO_ACTIONS, `${type}.actionCode`, entries.rejected);
    const issuedAt = readOffsetTime(raw.issueTime, HKT);
    const updatedAt = readOffsetTime(raw.updateTime, HKT);
    const expiresAt = raw.expireTime === undefined ? null : readOffsetTime(raw.expireTime, HKT);
    if (issuedAt === null && updatedAt === null) {
      fault('neither issueTime nor updateTime is a time with its offset: left out');
      continue;
    }
    if (raw.expireTime !== undefined && expiresAt === null) {
      // An expiry that cannot be read would make a warning look in force for ever.
      fault(`expireTime ${JSON.stringify(raw.expireTime)} is not a time with its offset: left out`);
      continue;
    }
    const subtype = HKO_SUBTYPES[code];
    const nameWords = checkTableWords(raw.name as string, [table.name[lang]], `${type}.name`, entries.rejected);
    const typeWords =
      raw.type === undefined || !subtype
        ? null
        : checkTableWords(raw.type as string, [subtype.type_[lang]], `${type}.type`, entries.rejected);
    const warning = hkoWarning(
      type,
      code,
      lang,
      { name: nameWords, type: typeWords },
      action,
      { issuedAt, updatedAt, expiresAt },
      'warnsum',
    );
    if (code === 'CANCEL' || action === 'CANCEL') entries.cancelled.push(warning);
    else entries.warnings.push(warning);
  }
  return snapshotOf(entries, 'warnsum');
}

/**
 * The English and the Chinese answer as one: the same warnings (by type and code) with the words of both. A
 * warning in one answer only (fetched a moment apart, one changed in between) is kept with its own words, and the
 * answers' disagreement is reported.
 */
export function mergeHkoLanguages(en: HkoParse, tc: HkoParse): HkoParse {
  const problems = [...en.problems, ...tc.problems];
  const merge = (a: Warning[], b: Warning[]) => {
    const out = a.map((w) => {
      const other = b.find((x) => x.slot === w.slot && x.code === w.code);
      if (!other) {
        problems.push({ line: 1, message: `${w.slot} ${w.code} is in the English answer only` });
        return w;
      }
      return { ...w, name: { ...w.name, zh: other.name.zh }, words: { ...w.words, zh: other.words.zh } };
    });
    for (const w of b.filter((x) => !a.some((y) => y.slot === x.slot && y.code === x.code))) {
      problems.push({ line: 1, message: `${w.slot} ${w.code} is in the Chinese answer only` });
      out.push(w);
    }
    return out;
  };
  const warnings = merge(en.snapshot.warnings, tc.snapshot.warnings);
  const cancelled = merge(en.snapshot.cancelled, tc.snapshot.cancelled);
  const states = [en.snapshot.state, tc.snapshot.state];
  const state = warnings.length > 0 ? 'in-force' : states.every((s) => s === 'none-in-force') ? 'none-in-force' : 'unknown';
  return {
    snapshot: {
      ...en.snapshot,
      state,
      sourceTime: laterTime(en.snapshot.sourceTime, tc.snapshot.sourceTime),
      warnings,
      cancelled,
    },
    problems,
    rejected: [...en.rejected, ...tc.rejected],
  };
}

/** `20211012` and `0040` (the website feed's date and time, HKT) → the time with its offset; null otherwise. */
function webTime(date: unknown, time: unknown): string | null {
  if (typeof date !== 'string' || typeof time !== 'string') return null;
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  const t = /^(\d{2})(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const instant = dateInOffset(HKT, Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2]));
  return instant && toOffsetIso(instant, HKT);
}

/**
 * Parses the website's summary feed `warnsumc` (Chinese): every warning type with a `C` after its code, and
 * `InForce` 1 or 0. What it adds to `warnsum` is the explicit 0: HKO's word, type by type, that a warning is not
 * in force. Only a feed that names every type it has with InForce 0 or 1 is read.
 */
export function parseHkoWebWarnsum(json: unknown): HkoParse {
  if (!isRecord(json)) throw new ShapeError('HKO warnsumc: the answer is not a JSON object');
  const entries: Entries = { warnings: [], cancelled: [], problems: [], rejected: [], leftOut: 0 };
  let newest: string | null = null;
  for (const [key, raw] of Object.entries(json)) {
    const fault = (message: string) => {
      entries.problems.push({ line: 1, message: `${key}: ${message}` });
      entries.leftOut += 1;
    };
    const type = key.endsWith('C') ? key.slice(0, -1) : '';
    const table = HKO_WARNING_TYPES[type];
    if (!table || !isRecord(raw)) {
      fault('not one of HKO’s warning types with C after it, or not an object: left out');
      continue;
    }
    newest = laterTime(newest, webTime(raw.BulletinDate, raw.BulletinTime));
    if (raw.InForce === 0) continue;
    if (raw.InForce !== 1) {
      fault(`InForce ${JSON.stringify(raw.InForce)} is neither 1 nor 0: left out`);
      continue;
    }
    const code = entryCode(type, raw.Code ?? type);
    if (code === null) {
      fault(`Code ${JSON.stringify(raw.Code)} is not one of ${type}’s codes: left out`);
      continue;
    }
    const issuedAt = webTime(raw.IssueDate, raw.IssueTime);
    const updatedAt = webTime(raw.BulletinDate, raw.BulletinTime);
    const expiresAt = raw.ExpireDate == null ? null : webTime(raw.ExpireDate, raw.ExpireTime);
    if (issuedAt === null || (raw.ExpireDate != null && expiresAt === null)) {
      fault('its issue or expiry date and time cannot be read: left out');
      continue;
    }
    const subtype = HKO_SUBTYPES[code];
    const nameWords = checkTableWords(raw.Name as string, [HKO_WEB_NAMES[type] ?? table.name.tc], `${key}.Name`, entries.rejected);
    const typeWords =
      raw.Type == null || !subtype ? null : checkTableWords(raw.Type as string, [subtype.type_.tc], `${key}.Type`, entries.rejected);
    const action = checkTableWords(raw.ActionCode as string, HKO_ACTIONS, `${key}.ActionCode`, entries.rejected);
    const warning = hkoWarning(
      type,
      code,
      'tc',
      { name: nameWords, type: typeWords },
      action,
      { issuedAt, updatedAt, expiresAt },
      'warnsumc',
    );
    if (code === 'CANCEL' || action === 'CANCEL') entries.cancelled.push(warning);
    else entries.warnings.push(warning);
  }
  const parsed = snapshotOf(entries, 'warnsumc');
  return { ...parsed, snapshot: { ...parsed.snapshot, sourceTime: laterTime(parsed.snapshot.sourceTime, newest) } };
}

/** One bulletin of `warningInfo`: its type, subtype, update time and the storm its text names. */
export interface HkoWarningDetail {
  type: string;
  subtype: string | null;
  updatedAt: string | null;
  storm: StormRef | null;
}

/** HKO's classes of tropical cyclones as its bulletins write them, strongest first so that the longest matches. */
const CLASSES_EN = ['Super Typhoon', 'Severe Typhoon', 'Typhoon', 'Severe Tropical Storm', 'Tropical Storm', 'Tropical Depression'];
const CLASSES_TC = ['超強颱風', '強颱風', '颱風', '強烈熱帶風暴', '熱帶風暴', '熱帶低氣壓'];

/**
 * The storm a bulletin's text names: a class word followed by a name that is in the Typhoon Committee names
 * table (English: the next one or two capitalised words; Chinese: the longest listed name that follows). Null
 * when it names none, or names two different storms.
 */
function stormNamedIn(contents: readonly string[], lang: HkoLanguage, names: NameList): StormRef | null {
  const found = new Set<string>();
  for (const line of contents) {
    const text = normaliseText(line);
    if (lang === 'en') {
      const pattern = new RegExp(`\\b(?:${CLASSES_EN.join('|')}) ([A-Z][a-z]+(?:[- ][A-Za-z][a-z]+)?)`, 'g');
      for (const m of text.matchAll(pattern)) {
        // Two words may be a two-word name or a name and the next word: the longer listed one is the name.
        const listed = [m[1] as string, (m[1] as string).split(' ')[0] as string].find((c) => names.listsEnglish(c));
        if (listed) found.add(listed);
      }
    } else {
      for (const cls of CLASSES_TC) {
        for (let at = text.indexOf(cls); at !== -1; at = text.indexOf(cls, at + 1)) {
          const rest = text.slice(at + cls.length);
          for (let length = Math.min(4, rest.length); length >= 1; length -= 1) {
            if (/^\p{Script=Han}+$/u.test(rest.slice(0, length)) && names.listsChinese(rest.slice(0, length))) {
              found.add(rest.slice(0, length));
              break;
            }
          }
        }
      }
    }
  }
  if (found.size !== 1) return null;
  const name = [...found][0] as string;
  return { number: null, name: lang === 'en' ? name : null, localName: lang === 'tc' ? name : null };
}

/**
 * Parses a `warningInfo` answer: `{details: [{contents, warningStatementCode, subtype?, updateTime}]}` (an answer
 * without `details` has no bulletin in force). The prose is not kept; only the storm it names is.
 */
export function parseHkoWarningInfo(
  json: unknown,
  lang: HkoLanguage,
  names: NameList,
): { details: HkoWarningDetail[]; problems: ParseProblem[] } {
  if (!isRecord(json)) throw new ShapeError('HKO warningInfo: the answer is not a JSON object');
  const problems: ParseProblem[] = [];
  if (json.details === undefined) return { details: [], problems };
  if (!Array.isArray(json.details)) throw new ShapeError('HKO warningInfo: details is not a list');
  const details: HkoWarningDetail[] = [];
  json.details.forEach((raw, i) => {
    const type = isRecord(raw) ? raw.warningStatementCode : undefined;
    if (!isRecord(raw) || typeof type !== 'string' || !HKO_WARNING_TYPES[type]) {
      problems.push({ line: 1, message: `details[${i}]: no warningStatementCode of HKO’s table: left out` });
      return;
    }
    const subtype = raw.subtype === undefined ? null : entryCode(type, raw.subtype);
    if (raw.subtype !== undefined && subtype === null) {
      problems.push({ line: 1, message: `details[${i}]: subtype ${JSON.stringify(raw.subtype)} is not one of ${type}’s: left out` });
      return;
    }
    const contents = Array.isArray(raw.contents) ? raw.contents.filter((c): c is string => typeof c === 'string') : [];
    details.push({ type, subtype, updatedAt: readOffsetTime(raw.updateTime, HKT), storm: stormNamedIn(contents, lang, names) });
  });
  return { details, problems };
}

/** The snapshot with the storm each bulletin names put on its warning (by type, and subtype where both have one). */
export function withHkoStorms(snapshot: WarningSnapshot, details: readonly HkoWarningDetail[]): WarningSnapshot {
  const stormOf = (w: Warning) => {
    const matching = details.filter((d) => d.type === w.slot && (d.subtype === null || d.subtype === w.code) && d.storm);
    const merged = matching.reduce<StormRef | null>(
      (acc, d) => ({ number: null, name: acc?.name ?? d.storm?.name ?? null, localName: acc?.localName ?? d.storm?.localName ?? null }),
      null,
    );
    return merged ?? w.storm;
  };
  return { ...snapshot, warnings: snapshot.warnings.map((w) => ({ ...w, storm: stormOf(w) })) };
}
