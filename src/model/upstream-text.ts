/**
 * Free text from the upstreams (storm names, landfall places, type codes, forecast agencies, outlook titles) is
 * data, never markup: every parser that keeps such a value passes it through here (docs/data/upstream-text.md lists
 * every such field and its check).
 *
 * 1. Normalised: Unicode NFC; control, format (bidi overrides and isolates, zero-width characters, soft hyphen,
 *    BOM), private-use and surrogate code points removed; every kind of space and line break as one space; trimmed.
 * 2. Checked as a whole: a value that carries markup (HTML/XML tags, character entities, Markdown links or
 *    emphasis) or a link (URL, www. address, domain, e-mail, IP address) is rejected whole. Stripping would keep
 *    the rest of an injected sentence ("预警已解除，无需撤离"), so nothing is ever stripped and kept.
 * 3. Checked against its kind's shape (an allow-list: a place in a shape the reviewed place table reads, a name
 *    of one or two words, an outlook title of NHC's geographic words), its length bound and a reviewed list of
 *    words that are never part of any of them (预警, 解除, warning, clear, evacuate, …).
 * 4. NW-Pacific storm names of storms numbered from 2000 on must also be in the Typhoon Committee names table.
 *
 * What fails is returned as a rejection (null value) with the raw value and the rule; the callers leave the value
 * out and report it (the build's data-quality report, the live data-quality document). A report shows the raw
 * value only through `inertText`, so a report carries no markup or link either.
 */
import { placeShapeProblem, type PlacesTable } from './place-names.ts';

export const TEXT_KINDS = ['storm-name', 'cyclone-name', 'place', 'code', 'agency', 'outlook-title'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** What is left out when a value of a kind fails, as the reports say it. */
export const LEFT_OUT: Record<TextKind, string> = {
  'storm-name': 'name left out (null)',
  'cyclone-name': 'name left out (null)',
  place: 'place left out ("")',
  code: 'code left out (null)',
  agency: "the agency's forecast left out",
  'outlook-title': 'title left out (null): the area is kept',
};

/** Why a value was rejected: markup, a link, too long, not its kind's shape, a word never part of it, not in the names table. */
export type RejectionReason = 'markup' | 'link' | 'length' | 'shape' | 'word' | 'unlisted';

export interface TextRejection {
  kind: TextKind;
  /** Where the value was, in the source's own terms: `name`, `land[0].landaddress`, `STORMNAME`. */
  field: string;
  /** The line of a text file where it was first seen (a value repeated on many lines is one rejection), else null. */
  line: number | null;
  /** The storm it belongs to (code or id), when the parser knows it. */
  storm: string | null;
  /** The value as received (never publish it: show it with reportedValue). */
  value: string;
  reason: RejectionReason;
  /** The rule the value breaks, in words. */
  rule: string;
}

/** A checked value: the clean text (null for "none"), or null and the rejection. */
export type Checked =
  | { value: string | null; rejection: null }
  | { value: null; rejection: Pick<TextRejection, 'kind' | 'value' | 'reason' | 'rule'> };

/** What a parser checks names against and where it puts what it rejects. */
export interface TextCheck {
  names: NameList;
  /** The reviewed place table: a kept landfall place is also given in English (src/model/place-names.ts). */
  places: PlacesTable;
  rejected: TextRejection[];
}

/** The names a storm name is checked against (src/sources/names-table.ts: names, aliases and other names of the table). */
export interface NameList {
  listsChinese(name: string): boolean;
  listsEnglish(name: string): boolean;
}

/** Text longer than this (in UTF-16 units, before anything else) is rejected unread: no upstream value is near it. */
const RAW_LIMIT = 1000;

/** Spaces of every width and line breaks (not the zero-width ones: those are removed). */
const SPACES = /[\t\n\v\f\r\u0085\u2028\u2029\p{Zs}]+/gu;
/**
 * Control, format (bidi overrides and isolates, zero-width characters, soft hyphen, BOM), private-use and lone
 * surrogate code points, and whatever else Unicode says is ignored when shown (variation selectors, fillers).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;

/** Invisible and control characters removed, every run of spaces and line breaks as one space, trimmed, NFC. */
export function normaliseText(raw: string): string {
  return raw.replace(SPACES, ' ').replace(INVISIBLE, '').replace(SPACES, ' ').trim().normalize('NFC');
}

/**
 * The value with every character other than a letter, a digit or a space written as `\u{hex}` (and `\` itself),
 * so that a report shows exactly what was received yet carries no markup, link or invisible character.
 */
export function inertText(value: string): string {
  return [...value].map((c) => (/^[\p{L}\p{N} ]$/u.test(c) ? c : `\\u{${(c.codePointAt(0) as number).toString(16)}}`)).join('');
}

/** HTML/XML tags, comments and declarations; character entities; Markdown links, images, code and emphasis. */
const MARKUP: readonly RegExp[] = [
  /<\s*[/!?]?\s*[\p{L}]/u,
  />/,
  /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i,
  /\[[^\]]*\]\s*[([]/,
  /^\s*\[[^\]]*\]:/,
  /[*`~]/,
  /(?:^|[^\p{L}\p{N}])_|_(?:$|[^\p{L}\p{N}])/u,
];

/** URLs with a scheme, www. addresses, e-mail addresses, domains (a label, a dot, a Latin top-level label), IP addresses. */
const LINK: readonly RegExp[] = [
  /\b[a-z][a-z\d+.-]*:\/\//i,
  /\b(?:javascript|data|mailto|tel|file):/i,
  /\bwww\d?\./i,
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u,
  /[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?[.。．][a-z]{2,}(?![\p{L}\p{N}])/iu,
  /\b\d{1,3}(?:\.\d{1,3}){3}\b/,
];

/**
 * Words that are never part of a place, a storm name or a type code, reviewed: words of warnings and their
 * lifting, evacuation and safety, rumours, and of instructions to a reader or a language model. Latin words
 * match as whole words (any ending for the stems marked `…`), Chinese ones anywhere in the text.
 */
export const NEVER_IN_NAMES = {
  zh: [
    '预警',
    '警报',
    '警告',
    '解除',
    '取消',
    '撤离',
    '疏散',
    '无需',
    '不用',
    '安全',
    '放心',
    '谣言',
    '辟谣',
    '忽略',
    '指令',
    '通知',
    '点击',
    '转发',
  ],
  en: [
    'warning…',
    'warned',
    'alert…',
    'clear…',
    'evacuat…',
    'safe…',
    'lifted',
    'cancel…',
    'rumor…',
    'rumour…',
    'ignore…',
    'instruction…',
    'click…',
    'dissipated',
  ],
} as const;

const LATIN_WORDS = new RegExp(
  `(?<![\\p{L}])(?:${NEVER_IN_NAMES.en.map((w) => (w.endsWith('…') ? `${w.slice(0, -1)}\\p{L}*` : w)).join('|')})(?![\\p{L}])`,
  'iu',
);

function forbiddenWord(text: string): string | null {
  const zh = NEVER_IN_NAMES.zh.find((w) => text.includes(w));
  return zh ?? LATIN_WORDS.exec(text)?.[0] ?? null;
}

/** What the upstreams write for "no name": zj `-` and `未名`/`未命名`, NMC `nameless` and `热带低压`. */
const PLACEHOLDERS = new Set(['', '-', '未名', '未命名', '热带低压', 'NAMELESS']);

export const isPlaceholderName = (text: string) => PLACEHOLDERS.has(text) || PLACEHOLDERS.has(text.toUpperCase());

/**
 * One Latin name part: letters with one inner hyphen or apostrophe at most (`KONG-REY`, `TWENTY-ONE`, `O'NEIL`):
 * no name joins three words with hyphens (`NO-NEED-TO-EVACUATE`).
 */
const LATIN_PART = String.raw`\p{Script=Latin}+(?:['-]\p{Script=Latin}+)?`;
/** At most two words. */
const LATIN_NAME = `${LATIN_PART}(?: ${LATIN_PART})?`;
/**
 * A global cyclone name, and how the best tracks write merged or split storms: two names joined by `/` (JMA
 * `KAREN/LUCILLE`) or `_` (CMA `Lucretia_Nancy`), a part or the other name in parentheses (CMA `Ida(1)(2)`,
 * `Faye(Gloria)`), and a part number after a hyphen (NHC's HURDAT2 `IONE-1`, `IONE-2`: one name, two tracks).
 */
const CYCLONE_NAME = new RegExp(String.raw`^${LATIN_NAME}(?:[/_]${LATIN_NAME})?(?:\((?:\d|${LATIN_PART})\)|-\d)*$`, 'u');
const CYCLONE_NAME_MAX = 30;
/** A Chinese storm name: 1 to 8 Han characters, with a middle dot. */
const CHINESE_NAME = /^[\p{Script=Han}·]{1,8}$/u;

/**
 * A place: Han or Latin letters, spaces, the middle dot, hyphens, apostrophes, parentheses (ASCII or full-width)
 * and the full stop the Zhejiang archive writes between levels (`浙江省.宁波市.象山县`), never before a space (a
 * sentence's full stop). Latin text at most four words. No digits: no real place text has one.
 */
const PLACE =
  /^[\p{Script=Han}\p{Script=Latin}(（][\p{Script=Han}\p{Script=Latin} ·'()（）-]*(?:\.[\p{Script=Han}\p{Script=Latin}(（][\p{Script=Han}\p{Script=Latin} ·'()（）-]*)*\.?$/u;
const PLACE_MAX = 40;
const PLACE_MAX_LATIN_WORDS = 4;

/** A type or grade code (ATCF `TY`, NHC `HU`, HKO `SuperT`, JMA `5`): letters and digits. */
const CODE = /^[A-Za-z\d]{1,8}$/;

/**
 * The words of NHC's outlook area titles (`Central East Pacific`, `South of Southern Mexico`, `Well Southwest of
 * Southwestern Mexico`, `Western Portion of the East Pacific`): directions and their hyphened compounds, a few
 * qualifiers, `of`/`the`/`and`, and the geography of the Atlantic and the eastern and central Pacific. A title is
 * these words alone, at most eight, capitalised but for `of`, `the`, `and`, ending with a place or a direction.
 */
const DIRECTION_WORDS = [
  'North',
  'South',
  'East',
  'West',
  'Northeast',
  'Northwest',
  'Southeast',
  'Southwest',
  'Northern',
  'Southern',
  'Eastern',
  'Western',
  'Central',
  'Northeastern',
  'Northwestern',
  'Southeastern',
  'Southwestern',
];
const TITLE_QUALIFIERS = ['Well', 'Far', 'Near', 'Just', 'Off', 'Offshore', 'Portion', 'Portions', 'Adjacent', 'Waters', 'Coast', 'Area'];
const TITLE_LINKS = ['of', 'the', 'and'];
export const TITLE_PLACES = [
  'Atlantic',
  'Pacific',
  'Caribbean',
  'Sea',
  'Gulf',
  'Bay',
  'Basin',
  'Ocean',
  'Tropical',
  'Subtropical',
  'Mexico',
  'America',
  'American',
  'Campeche',
  'Tehuantepec',
  'Bahamas',
  'Florida',
  'Keys',
  'Bermuda',
  'Cabo',
  'Verde',
  'Islands',
  'Island',
  'Leeward',
  'Windward',
  'Lesser',
  'Greater',
  'Antilles',
  'Baja',
  'California',
  'Peninsula',
  'Hawaii',
  'Hawaiian',
  'United',
  'States',
  'U.S.',
  'Honduras',
  'Nicaragua',
  'Yucatan',
  'Cuba',
  'Hispaniola',
  'Puerto',
  'Rico',
  'Jamaica',
  'Azores',
  'Africa',
  'Guatemala',
  'Panama',
  'Colombia',
  'Venezuela',
  'Texas',
  'Louisiana',
  'Carolina',
  'Carolinas',
  'Georgia',
  'Canada',
  'Newfoundland',
  'Hilo',
  'Dateline',
];
const TITLE_DIRECTION = new RegExp(`^(?:${DIRECTION_WORDS.join('|')})(?:-(?:${DIRECTION_WORDS.join('|')}))*$`);
const TITLE_WORDS = new Set([...TITLE_QUALIFIERS, ...TITLE_LINKS, ...TITLE_PLACES]);
const TITLE_MAX_WORDS = 8;

type Verdict = Checked;
const ok = (value: string | null): Verdict => ({ value, rejection: null });
const reject = (kind: TextKind, raw: string, reason: RejectionReason, rule: string): Verdict => ({
  value: null,
  rejection: { kind, value: raw, reason, rule },
});

const KIND_WORDS: Record<TextKind, string> = {
  'storm-name': 'a storm name',
  'cyclone-name': 'a storm name',
  place: 'a place',
  code: 'a type code',
  agency: "a forecast agency's label",
  'outlook-title': 'an outlook area title',
};

/** The checks every kind shares: markup, links, length and the reviewed words. Null when they pass. */
function common(kind: TextKind, raw: string, text: string, max: number): Verdict | null {
  if (raw.length > RAW_LIMIT) return reject(kind, raw, 'length', `at most ${max} characters (this is over ${RAW_LIMIT}: not read further)`);
  if (MARKUP.some((pattern) => pattern.test(text)))
    return reject(kind, raw, 'markup', 'upstream text carries no markup (tags, entities, Markdown links or emphasis)');
  if (LINK.some((pattern) => pattern.test(text)))
    return reject(kind, raw, 'link', 'upstream text carries no link (URL, domain, e-mail or IP address)');
  if ([...text].length > max) return reject(kind, raw, 'length', `at most ${max} characters`);
  const word = forbiddenWord(text);
  if (word) return reject(kind, raw, 'word', `"${word}" is never part of ${KIND_WORDS[kind]} (reviewed word list)`);
  return null;
}

/**
 * The steps of every kind but the NW-Pacific storm names: nothing (null, empty) is null; then the common checks;
 * then the kind's shape (`shapeRule` gives the rule the text breaks, or null).
 */
function checkKind(kind: TextKind, raw: string | null | undefined, max: number, shapeRule: (text: string) => string | null): Checked {
  if (raw === null || raw === undefined) return ok(null);
  const text = normaliseText(raw);
  if (text === '') return ok(null);
  const failed = common(kind, raw, text, max);
  if (failed) return failed;
  const rule = shapeRule(text);
  return rule === null ? ok(text) : reject(kind, raw, 'shape', rule);
}

/** The years of the Typhoon Committee list (from 1 January 2000): names of storms numbered since must be in the table. */
export const FIRST_YEAR_OF_COMMITTEE_LIST = 2000;

/** English names compare without case, spaces and hyphens (`Fung-wong`, `FUNGWONG`, `FUNG WONG`). */
export const englishNameKey = (name: string) => name.toUpperCase().replace(/[\s-]+/g, '');

/**
 * A north-western Pacific storm name (the Zhejiang and NMC services, the zj archive, the CMA best track):
 * null for a placeholder; the name when it has a name's shape and, for a storm numbered from 2000 on (the
 * Committee list's years), is in the names table in that language. Earlier storms' names (the old lists, which
 * the table does not hold) are checked by shape alone.
 */
export function checkStormName(raw: string | null | undefined, language: 'zh' | 'en', year: number, names: NameList): Checked {
  if (raw === null || raw === undefined) return ok(null);
  const text = normaliseText(raw);
  if (isPlaceholderName(text)) return ok(null);
  const failed = common('storm-name', raw, text, language === 'zh' ? 8 : CYCLONE_NAME_MAX);
  if (failed) return failed;
  const shape = language === 'zh' ? CHINESE_NAME : CYCLONE_NAME;
  if (!shape.test(text)) {
    return reject(
      'storm-name',
      raw,
      'shape',
      language === 'zh'
        ? 'a Chinese storm name is 1–8 Han characters (a middle dot allowed)'
        : 'an English storm name is Latin letters, at most two words, each with one inner hyphen or apostrophe at most',
    );
  }
  if (year < FIRST_YEAR_OF_COMMITTEE_LIST) return ok(text);
  // A best track's merged storms (`A(B)`, `A/B`, `A_B`, `A(1)`): every name in it must be listed.
  const listed =
    language === 'zh'
      ? names.listsChinese(text)
      : text
          .split(/[/_()]/)
          .filter((part) => part !== '' && !/^\d$/.test(part))
          .every((part) => names.listsEnglish(part));
  return listed
    ? ok(text)
    : reject(
        'storm-name',
        raw,
        'unlisted',
        `a storm numbered from ${FIRST_YEAR_OF_COMMITTEE_LIST} on has ${language === 'zh' ? 'a Chinese' : 'an English'} name from the Typhoon Committee names table (content/names/typhoon-committee.yaml); a name added to the list since needs a table update`,
      );
}

/**
 * A cyclone name outside the Chinese numbering (NHC, JTWC, ATCF decks, other agencies' best tracks): null for
 * nothing; the name when it has a name's shape (upper case is the caller's choice). Placeholders such as INVEST
 * and number words such as TWELVE are the callers' business, as each source writes them differently.
 */
export const checkCycloneName = (raw: string | null | undefined): Checked =>
  checkKind('cyclone-name', raw, CYCLONE_NAME_MAX, (text) =>
    CYCLONE_NAME.test(text)
      ? null
      : "a cyclone name is Latin letters, at most two words, each with one inner hyphen or apostrophe at most (a best track's merged storms as A/B, A_B, A(1), A(B))",
  );

/**
 * A place (a landfall's place): null for nothing; the text when it has a place's characters and a shape the
 * reviewed place table reads (src/model/place-names.ts `placeShapeProblem`: an administrative path, places and
 * their parts with 沿海/附近/交界, names the table lacks only with a place suffix, a remark in brackets only a known
 * one or places of the table).
 */
export const checkPlace = (raw: string | null | undefined, places: PlacesTable): Checked =>
  checkKind('place', raw, PLACE_MAX, (text) => {
    const latinWords = text.split(' ').filter((w) => /\p{Script=Latin}/u.test(w)).length;
    if (!PLACE.test(text) || /\. /.test(text) || latinWords > PLACE_MAX_LATIN_WORDS)
      return `a place is Han or Latin letters (at most ${PLACE_MAX_LATIN_WORDS} Latin words), spaces, ·, hyphens, apostrophes, parentheses and the archive's level separator "."; no digits, no sentence punctuation`;
    const problem = placeShapeProblem(text, places);
    return problem === null ? null : `a place in a shape of the reviewed place table: ${problem}`;
  });

/** An NHC outlook area's title: null for nothing; the title when it is words of NHC's area titles (TITLE_PLACES …) only. */
export const checkOutlookTitle = (raw: string | null | undefined): Checked =>
  checkKind('outlook-title', raw, 80, (text) => {
    const words = text.split(' ');
    const linked = (w: string, i: number) =>
      TITLE_LINKS.includes(w) && TITLE_LINKS.includes(words[i + 1] ?? '') && !(w === 'of' && words[i + 1] === 'the');
    const fits =
      words.length <= TITLE_MAX_WORDS &&
      words.every((w) => TITLE_WORDS.has(w) || TITLE_DIRECTION.test(w)) &&
      !TITLE_LINKS.includes(words.at(-1) ?? '') &&
      !words.some(linked);
    return fits
      ? null
      : 'an outlook area title is words of NHC area titles (directions such as South-Southwest, Well, Far, Portion, of, the, and, and the Atlantic and eastern and central Pacific geography), at most 8, ending with a place or a direction';
  });

/** A type or grade code: null for nothing; the code when it is 1–8 letters and digits. */
export const checkCode = (raw: string | null | undefined): Checked =>
  checkKind('code', raw, 8, (text) => (CODE.test(text) ? null : 'a type or grade code is 1–8 letters and digits'));

/**
 * The clean value, or null with the rejection added to `rejected` where it was found (once: the same value at the
 * same field of the same storm, on a later line, is the same rejection).
 */
export function keep(
  checked: Checked,
  rejected: TextRejection[],
  where: { field: string; storm?: string | null; line?: number | null },
): string | null {
  const { rejection } = checked;
  if (!rejection) return checked.value;
  const storm = where.storm ?? null;
  const seen = rejected.some(
    (r) => r.kind === rejection.kind && r.field === where.field && r.storm === storm && r.value === rejection.value,
  );
  if (!seen) rejected.push({ ...rejection, field: where.field, storm, line: where.line ?? null });
  return null;
}

/** How much of a rejected value a report shows. */
const REPORTED_LENGTH = 120;

/** A rejected value as a report shows it: inert (inertText), and cut after REPORTED_LENGTH characters, saying so. */
export function reportedValue(raw: string): string {
  const chars = [...raw];
  const shown = inertText(chars.slice(0, REPORTED_LENGTH).join(''));
  return chars.length > REPORTED_LENGTH ? `${shown} (first ${REPORTED_LENGTH} of ${chars.length} characters)` : shown;
}
