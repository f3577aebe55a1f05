/**
 * Chinese place text in English, the Chinese kept beside: the landfall places of the Zhejiang archive (a dotted
 * administrative path, `广东省.湛江市.徐闻县.新寮`, or free text, `菲律宾吕宋岛东北部沿海`) and of its live service
 * (`海南文昌沿海`). Pure: the reviewed table (content/places/places.yaml, parsed by `parsePlacesTable`) and the
 * text in, `{zh, en}` out. Rules and how to add a place: docs/data/place-names.md.
 *
 * The text is cut into known places (longest match in the table), the structural words the data uses (沿海, 附近,
 * 交界, 东部 …) and the rest, which is read as unknown names and written in pinyin. When the words do not fit
 * a shape this module knows, the English is the pinyin of the whole text: never a guess at what it means.
 */
import { pinyin } from 'pinyin-pro';
import { parse } from 'yaml';
import { z } from 'zod';

const PLACE_KINDS = [
  // China's administrative units; a written 省/市/县/区 after their name is part of it (and of its English)
  'province',
  'autonomous-region',
  'municipality',
  'sar',
  'city',
  'county',
  'district',
  'town',
  // a named area (浦东新区 Pudong New Area) and broader regions (华南 South China)
  'new-area',
  'region',
  // abroad (with `country`): a province or prefecture keeps its written 省/县 in English (Quang Binh Province)
  'country',
  'territory',
  'prefecture',
  // natural features and borders
  'island',
  'islands',
  'peninsula',
  'cape',
  'sea',
  'strait',
  'gulf',
  'bay',
  'estuary',
  'ocean',
  'border',
] as const;

type PlaceKind = (typeof PLACE_KINDS)[number];

const HAN = /\p{Script=Han}/u;
const HAN_ONLY = /^\p{Script=Han}+$/u;
const ASCII_PRINTABLE = /^[\x20-\x7e]+$/;

const placeEntrySchema = z.strictObject({
  zh: z.string().regex(HAN_ONLY, 'zh must be Chinese characters only'),
  en: z.string().regex(ASCII_PRINTABLE, 'en must be printable ASCII'),
  kind: z.enum(PLACE_KINDS),
  /** "the" before the name in running English (the Philippines, the South China Sea). */
  article: z.literal('the').optional(),
  /** Other ways the data writes the same place (日本国, 广西壮族自治区). */
  variants: z.array(z.string().regex(HAN_ONLY)).optional(),
  /** For a place abroad: the table's `zh` of its country. */
  country: z.string().optional(),
  /** Recognised only after one of these places (table `zh`) earlier in the same text: a name that is also a common word or another place's name (太平 is Thai Binh only in Vietnam). */
  after: z.array(z.string()).optional(),
  /** Where the spelling comes from, when not obvious. */
  note: z.string().optional(),
});

export type PlaceEntry = z.infer<typeof placeEntrySchema>;

const placesFileSchema = z.strictObject({ places: z.array(placeEntrySchema) });

export interface PlacesTable {
  readonly entries: readonly PlaceEntry[];
  /** Every written form (zh and variants) → its entry. */
  readonly byForm: ReadonlyMap<string, PlaceEntry>;
  readonly longestForm: number;
}

/** The table from the text of content/places/places.yaml; throws on a malformed or inconsistent table. */
export function parsePlacesTable(text: string): PlacesTable {
  const { places } = placesFileSchema.parse(parse(text));
  const byForm = new Map<string, PlaceEntry>();
  const byZh = new Map(places.map((p) => [p.zh, p]));
  for (const entry of places) {
    for (const form of [entry.zh, ...(entry.variants ?? [])]) {
      const other = byForm.get(form);
      if (other) throw new Error(`"${form}" is written for both ${other.zh} and ${entry.zh}`);
      byForm.set(form, entry);
    }
    if (entry.country !== undefined && !['country', 'territory'].includes(byZh.get(entry.country)?.kind ?? '')) {
      throw new Error(`${entry.zh}: country ${entry.country} is not a country in the table`);
    }
    for (const before of entry.after ?? []) if (!byZh.has(before)) throw new Error(`${entry.zh}: after ${before} is not in the table`);
  }
  return { entries: places, byForm, longestForm: Math.max(...[...byForm.keys()].map((f) => f.length)) };
}

/** A place text in both languages, and the Chinese parts the table did not know (written in pinyin). */
export interface PlaceText {
  zh: string;
  en: string;
  /** The parts of `zh` written in pinyin in `en`: unknown names, or the whole text when its shape was not understood. Empty when the table covered everything. */
  inPinyin: string[];
}

/** Suffixes of Chinese place names, longest first, with their English for a name the table does not know. */
const SUFFIX_WORDS: ReadonlyArray<readonly [string, string]> = [
  ['街道', 'Subdistrict'],
  ['半岛', 'Peninsula'],
  ['群岛', 'Islands'],
  ['列岛', 'Islands'],
  ['省', 'Province'],
  ['市', 'City'],
  ['县', 'County'],
  ['区', 'District'],
  ['镇', 'Town'],
  ['乡', 'Township'],
  ['村', 'Village'],
  ['岛', 'Island'],
];
const SUFFIX_EN = new Map(SUFFIX_WORDS);
/** The English of these suffixes reads "the … Peninsula", "the … Islands". */
const SUFFIX_WITH_ARTICLE = new Set(['半岛', '群岛', '列岛']);
/** The administrative suffixes that restate a known Chinese unit (文昌市 is Wenchang): the unit's level changes over time (电白县 became 电白区), so any of them is accepted. */
const ADMIN_SUFFIXES = ['省', '市', '县', '区'];
const CHINESE_ADMIN = new Set<PlaceKind>(['province', 'autonomous-region', 'municipality', 'sar', 'city', 'county', 'district', 'town']);
/** Kinds never read from a dotted administrative path (its 南海 is a township of Pingtan, not the sea). */
const NOT_IN_PATHS = new Set<PlaceKind>(['sea', 'strait', 'gulf', 'bay', 'estuary', 'ocean', 'border', 'region']);
/** Kinds whose waters are "of" them (the waters of the South China Sea); land has waters "off" it. */
const WATER_KINDS = new Set<PlaceKind>(['sea', 'strait', 'gulf', 'bay', 'estuary', 'ocean']);

/** The written suffixes a known place may carry, with the English they add ('' = none: the name says it). */
function suffixesOf(entry: PlaceEntry): ReadonlyArray<readonly [string, string]> {
  if (entry.country === undefined && CHINESE_ADMIN.has(entry.kind)) {
    // 文昌市 is Wenchang; 海南岛 is Hainan Island; 南澳乡 is Nan'ao Township.
    return [...ADMIN_SUFFIXES.map((s) => [s, ''] as const), ...SUFFIX_WORDS.filter(([s]) => !ADMIN_SUFFIXES.includes(s))];
  }
  if (entry.kind === 'province' && entry.country !== undefined)
    return [
      ['省', 'Province'],
      ['市', 'City'],
    ];
  if (entry.kind === 'prefecture')
    return [
      ['县', 'Prefecture'],
      ['府', 'Prefecture'],
      ['市', 'City'],
    ];
  if (entry.kind === 'city' && entry.country !== undefined) return [['市', '']];
  return [];
}

const startsWithSuffix = (text: string, at: number) => SUFFIX_WORDS.some(([s]) => text.startsWith(s, at));

type Word = 'coast' | 'near' | 'around' | 'within' | 'side' | 'of' | 'and' | 'border' | 'between' | 'waters' | 'bearing';

interface PlaceToken {
  type: 'place';
  zh: string;
  en: string;
  article: boolean;
  /** The table entry; null for a name the table does not know (its English is pinyin). */
  entry: PlaceEntry | null;
}
type Token = PlaceToken | { type: 'dir'; zh: string; adjective: string } | { type: 'word'; zh: string; word: Word; bearing?: string };

const DIRECTIONS: Record<string, string> = {
  东北: 'northeastern',
  东南: 'southeastern',
  西北: 'northwestern',
  西南: 'southwestern',
  东: 'eastern',
  西: 'western',
  南: 'southern',
  北: 'northern',
  中: 'central',
};
const BEARINGS: Record<string, string> = {
  东北: 'northeast',
  东南: 'southeast',
  西北: 'northwest',
  西南: 'southwest',
  东: 'east',
  西: 'west',
  南: 'south',
  北: 'north',
};
const WORDS: Record<string, Word> = {
  沿海: 'coast',
  附近: 'near',
  一带: 'around',
  境内: 'within',
  一侧: 'side',
  的: 'of',
  交界: 'border',
  边界: 'border',
  之间: 'between',
  海面: 'waters',
  洋面: 'waters',
  海域: 'waters',
};
const CONJUNCTIONS = ['与', '和', '及'];

/** The Chinese of this structural word at `at`, or null. Directions: 东北部 anywhere, bare 东南 only before 沿海. */
function structuralAt(text: string, at: number, tokens: readonly Token[], pending: string): Token | null {
  for (const [zh, adjective] of Object.entries(DIRECTIONS)) {
    if (text.startsWith(`${zh}部`, at)) return { type: 'dir', zh: `${zh}部`, adjective };
    if (zh.length === 2 && text.startsWith(`${zh}沿海`, at)) return { type: 'dir', zh, adjective };
  }
  for (const [zh, bearing] of Object.entries(BEARINGS)) {
    // 以东洋面: only before the waters it bounds (以东 alone is a preposition, not a place).
    if (text.startsWith(`以${zh}`, at) && /^(海面|洋面|海域)/.test(text.slice(at + 1 + zh.length)))
      return { type: 'word', zh: `以${zh}`, word: 'bearing', bearing };
  }
  for (const [zh, word] of Object.entries(WORDS)) if (text.startsWith(zh, at)) return { type: 'word', zh, word };
  const char = text[at] ?? '';
  // 与/和 join two places only before 交界/边界/之间, right after a place (和乐镇 is a town).
  const afterPlace = pending ? startsWithSuffix(pending, pending.length - 1) || pending.endsWith('街道') : tokens.at(-1)?.type === 'place';
  if (CONJUNCTIONS.includes(char) && afterPlace && /交界|边界|之间/.test(text.slice(at + 1)))
    return { type: 'word', zh: char, word: 'and' };
  return null;
}

const startsKnownName = (table: PlacesTable, text: string, at: number) =>
  Array.from({ length: table.longestForm }, (_, i) => text.slice(at, at + i + 1)).some((form) => table.byForm.has(form));

/** The longest known place written at `at`, with a suffix it may carry, not followed by a suffix it may not. */
function placeAt(table: PlacesTable, text: string, at: number, seen: ReadonlySet<string>, inPath: boolean): PlaceToken | null {
  let best: PlaceToken | null = null;
  for (let length = Math.min(table.longestForm, text.length - at); length >= 1; length -= 1) {
    const form = text.slice(at, at + length);
    const entry = table.byForm.get(form);
    if (!entry) continue;
    if (entry.after && !entry.after.some((place) => seen.has(place))) continue;
    if (inPath && NOT_IN_PATHS.has(entry.kind)) continue;
    const options: Array<{ zh: string; en: string; article: boolean }> = [{ zh: form, en: entry.en, article: entry.article === 'the' }];
    // A suffix that begins the next known name is not this one's (宁波镇海 is Ningbo and Zhenhai).
    const nextIsKnown = startsKnownName(table, text, at + length);
    for (const [suffix, english] of suffixesOf(entry)) {
      if (nextIsKnown || !text.startsWith(suffix, at + length)) continue;
      const article = entry.article === 'the' || SUFFIX_WITH_ARTICLE.has(suffix);
      options.push({ zh: form + suffix, en: english ? `${entry.en} ${english}` : entry.en, article });
    }
    // A bare name followed by a suffix it may not carry is part of another name (南海区 is Nanhai District, not the
    // sea), unless a known name starts there (日本岛根: 岛根 is Shimane).
    if (options.length === 1 && startsWithSuffix(text, at + length) && !startsKnownName(table, text, at + length)) continue;
    for (const option of options) if (!best || option.zh.length > best.zh.length) best = { type: 'place', ...option, entry };
  }
  return best;
}

/** Toneless pinyin of a Chinese name as one capitalised word, ü as u, with the apostrophe of Xi'an (Yun'ao). */
export function pinyinWord(zh: string): string {
  const syllables = pinyin(zh, { toneType: 'none', type: 'array' }).map((s) => s.replace(/ü/g, 'u'));
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A name the table does not know: its pinyin, with a recognised suffix in English (翁田镇 → Wengtian Town). */
function unknownPlace(zh: string): PlaceToken {
  for (const [suffix, english] of SUFFIX_WORDS) {
    if (zh.endsWith(suffix) && zh.length - suffix.length >= 2) {
      return {
        type: 'place',
        zh,
        en: `${pinyinWord(zh.slice(0, -suffix.length))} ${english}`,
        article: SUFFIX_WITH_ARTICLE.has(suffix),
        entry: null,
      };
    }
  }
  return { type: 'place', zh, en: pinyinWord(zh), article: false, entry: null };
}

/**
 * Unknown text between known words: names, split after an inner 省/市/县/区 (台东县长滨乡 is two places); null
 * for a single character or a bare suffix, which are no name but the end of one the table cut short (深圳湾 is
 * not "Wan, Shenzhen").
 */
function unknownPlaces(run: string): PlaceToken[] | null {
  if (run.length < 2 || SUFFIX_EN.has(run)) return null;
  const places: PlaceToken[] = [];
  let start = 0;
  for (let i = 2; i < run.length - 1; i += 1) {
    const rest = run.slice(i + 1);
    if (ADMIN_SUFFIXES.includes(run[i] ?? '') && i + 1 - start >= 3 && !SUFFIX_EN.has(rest)) {
      places.push(unknownPlace(run.slice(start, i + 1)));
      start = i + 1;
    }
  }
  places.push(unknownPlace(run.slice(start)));
  return places;
}

/**
 * The free text cut into places and structural words, and whether every unknown part reads as a name; null when
 * something in it is not Chinese.
 */
function tokenize(table: PlacesTable, text: string): { tokens: Token[]; names: boolean } | null {
  const tokens: Token[] = [];
  const seen = new Set<string>();
  let pending = '';
  let names = true;
  const flush = () => {
    if (!pending) return;
    const places = unknownPlaces(pending);
    if (!places) names = false;
    tokens.push(...(places ?? [{ type: 'place', zh: pending, en: pinyinWord(pending), article: false, entry: null }]));
    pending = '';
  };
  for (let at = 0; at < text.length; ) {
    const place = placeAt(table, text, at, seen, false);
    const word = structuralAt(text, at, tokens, pending);
    const token = place && (!word || place.zh.length >= word.zh.length) ? place : word;
    if (token) {
      flush();
      tokens.push(token);
      if (token.type === 'place' && token.entry) seen.add(token.entry.zh);
      at += token.zh.length;
      continue;
    }
    if (!HAN.test(text[at] ?? '')) return null;
    pending += text[at];
    at += 1;
  }
  flush();
  return { tokens, names };
}

interface Unit {
  place: PlaceToken;
  dir: string | null;
}

const unitText = ({ place, dir }: Unit) => `${place.article ? 'the ' : ''}${dir ? `${dir} ` : ''}${place.en}`;
/** Places from the smallest to the largest, as English writes them: Xuwen, Zhanjiang, Guangdong. */
const chainText = (units: readonly Unit[]) =>
  units
    .map((u) => unitText(u))
    .reverse()
    .join(', ');

/** Places, each optionally followed by its direction (越南北部 → northern Vietnam), 的 between them; null otherwise. */
function unitsOf(tokens: readonly Token[]): Unit[] | null {
  const units: Unit[] = [];
  for (const [i, token] of tokens.entries()) {
    const last = units.at(-1);
    if (token.type === 'place') units.push({ place: token, dir: null });
    else if (token.type === 'dir' && last && last.dir === null && tokens[i - 1]?.type === 'place') last.dir = token.adjective;
    else if (token.type === 'word' && token.word === 'of' && last && tokens[i + 1]?.type === 'place') continue;
    else return null;
  }
  return units.length ? units : null;
}

const isWord = (token: Token | undefined, ...words: Word[]): token is Extract<Token, { type: 'word' }> =>
  token?.type === 'word' && words.includes(token.word);

/** The English of free text whose shape is understood, else null. */
function phraseText(all: readonly Token[]): string | null {
  const tokens = [...all];
  // A border first: 中朝交界附近的… (near the border) or 中越边界越南一侧… (one side of it).
  let nearBorder: PlaceToken | null = null;
  let sideOf: PlaceToken | null = null;
  const first = tokens[0];
  if (first?.type === 'place' && first.entry?.kind === 'border' && tokens.length > 1) {
    tokens.shift();
    if (isWord(tokens[0], 'near')) {
      tokens.shift();
      if (isWord(tokens[0], 'of')) tokens.shift();
      nearBorder = first;
    } else sideOf = first;
  }
  const popWord = (...words: Word[]) => (isWord(tokens.at(-1), ...words) ? (tokens.pop() as Extract<Token, { type: 'word' }>) : null);
  const coast = popWord('coast');
  const waters = coast ? null : popWord('waters');
  const bearing = waters ? popWord('bearing') : null;
  const relation = bearing ? null : (popWord('near', 'around')?.word ?? null);
  const within = !coast && !waters && !relation ? popWord('within') : null;

  let text: string | null;
  const pair = popWord('border', 'between');
  if (sideOf) {
    const units = popWord('side') && !pair && !waters && !relation && !within ? unitsOf(tokens) : null;
    if (units?.length !== 1 || units[0]?.dir) return null;
    text = `${coast ? 'the coast on ' : ''}the ${units[0]?.place.en} side of ${unitText({ place: sideOf, dir: null })}`;
  } else if (pair) {
    const and = tokens.findIndex((t) => isWord(t, 'and'));
    const left = unitsOf(tokens.slice(0, Math.max(and, 0)));
    const right = unitsOf(tokens.slice(and + 1));
    const a = left?.at(-1);
    if (and < 0 || !left || !a || right?.length !== 1 || !right[0] || waters || within) return null;
    const core = `${pair.word === 'border' ? 'the border between ' : ''}${unitText(a)} and ${unitText(right[0])}`;
    const where = left.length > 1 ? `, ${chainText(left.slice(0, -1))}` : '';
    if (pair.word === 'between') {
      if (relation) return null;
      text = `${coast ? 'the coast' : 'the area'} between ${core}${where}`;
    } else if (coast) text = `the coast ${relation === 'near' ? 'near' : relation === 'around' ? 'around' : 'at'} ${core}${where}`;
    else if (relation) text = `${relation === 'near' ? 'the vicinity of' : 'the area around'} ${core}${where}`;
    else text = `${core}${where}`;
  } else {
    const units = unitsOf(tokens);
    const last = units?.at(-1);
    if (!units || !last) return null;
    if (coast && !relation && last.dir) {
      text = `the ${last.dir} coast of ${chainText([...units.slice(0, -1), { ...last, dir: null }])}`;
    } else if (coast) text = `the coast${relation === 'near' ? ' near' : relation === 'around' ? ' around' : ' of'} ${chainText(units)}`;
    else if (waters) {
      const of = bearing
        ? `${bearing.bearing} of`
        : relation === 'near'
          ? 'near'
          : relation === 'around'
            ? 'around'
            : last.place.entry && WATER_KINDS.has(last.place.entry.kind)
              ? 'of'
              : 'off';
      text = `the waters ${of} ${chainText(units)}`;
    } else if (relation) text = `${relation === 'near' ? 'the vicinity of' : 'the area around'} ${chainText(units)}`;
    else text = chainText(units);
  }
  return nearBorder ? `${text}, near ${unitText({ place: nearBorder, dir: null })}` : text;
}

/** Remarks in brackets after a place that are words, not places: the demo upstream marks its places 演示 (demo). */
const REMARKS: Record<string, string> = { 演示: 'demo' };

/** Words a dotted path writes in place of a name (上海.上海市.浦东新区.机场). */
const PATH_WORDS: Record<string, string> = { 机场: 'the airport' };

/** One segment of a dotted administrative path: a known place or word written whole, else one unknown name. */
function pathPlace(table: PlacesTable, segment: string, seen: ReadonlySet<string>): PlaceToken & { word?: true } {
  const word = PATH_WORDS[segment];
  if (word) return { type: 'place', zh: segment, en: word, article: false, entry: null, word: true };
  const known = placeAt(table, segment, 0, seen, true);
  return known?.zh === segment ? known : unknownPlace(segment);
}

/** `广东省.湛江市.徐闻县.新寮` → Xinliao, Xuwen, Zhanjiang, Guangdong (a repeated level written once). */
function pathText(table: PlacesTable, text: string): { en: string; unknown: string[] } {
  const seen = new Set<string>();
  const places: Array<PlaceToken & { word?: true }> = [];
  for (const segment of text
    .split('.')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const place = pathPlace(table, segment, seen);
    if (place.entry) seen.add(place.entry.zh);
    if (places.at(-1)?.en !== place.en) places.push(place);
  }
  return {
    en: places
      .map((p) => unitText({ place: p, dir: null }))
      .reverse()
      .join(', '),
    unknown: places.filter((p) => !p.entry && !p.word).map((p) => p.zh),
  };
}

const isPath = (text: string) => text.includes('.') && text.split('.').every((s) => s.trim() === '' || HAN_ONLY.test(s.trim()));

/** The pinyin of the whole text: a word per token, or per run of Chinese when it could not be cut. */
function wholeInPinyin(tokens: readonly Token[] | undefined, text: string): string {
  if (tokens) return tokens.map((t) => pinyinWord(t.zh)).join(' ');
  return text
    .replace(/\p{Script=Han}+/gu, (run) => ` ${pinyinWord(run)} `)
    .replace(/、/g, ', ')
    .replace(/\s+/g, ' ')
    .trim();
}

function convert(table: PlacesTable, text: string): { en: string; unknown: string[] } {
  if (!HAN.test(text)) return { en: text, unknown: [] };
  if (isPath(text)) return pathText(table, text);
  // A trailing remark in brackets: 菲律宾吕宋岛东北部沿海（演示） → … (demo).
  const remark = /^(.+?)\s*\(([^()]+)\)$/.exec(text);
  if (remark?.[1] && remark[2]) {
    const main = convert(table, remark[1]);
    const known = REMARKS[remark[2]];
    const note = known ? { en: known, unknown: [] } : convert(table, remark[2]);
    return { en: `${main.en} (${note.en})`, unknown: [...main.unknown, ...note.unknown] };
  }
  const cut = tokenize(table, text);
  const en = cut?.names ? phraseText(cut.tokens) : null;
  if (cut && en) return { en, unknown: cut.tokens.flatMap((t) => (t.type === 'place' && !t.entry ? [t.zh] : [])) };
  return { en: wholeInPinyin(cut?.tokens, text), unknown: [text] };
}

/** The longest name the table does not know that a place text may hold, before its suffix (镇, 乡, 街道 …). */
const MAX_UNKNOWN_STEM = 4;
/** The longest name without a suffix a dotted path may end with (新寮, 文武砂): a village or port. */
const MAX_UNSUFFIXED_PATH_END = 3;

/** A name the table does not know, in a shape a place name has: a short stem and a place suffix (翁田镇, 大鹏半岛). */
function unknownNameProblem(zh: string, mayLackSuffix: boolean): string | null {
  const suffix = SUFFIX_WORDS.find(([s]) => zh.endsWith(s) && zh.length > s.length)?.[0];
  if (suffix) {
    return zh.length - suffix.length <= MAX_UNKNOWN_STEM
      ? null
      : `"${zh}" is longer than a place name (at most ${MAX_UNKNOWN_STEM} characters before ${suffix})`;
  }
  if (mayLackSuffix && zh.length <= MAX_UNSUFFIXED_PATH_END) return null;
  return `"${zh}" is neither a place of the table nor a name with a place suffix (${SUFFIX_WORDS.map(([s]) => s).join(' ')})`;
}

/** Free text read as places and structural words in a shape the English knows; every unknown name in a place's shape. */
function phraseProblem(table: PlacesTable, text: string, knownOnly: boolean): string | null {
  const cut = tokenize(table, text);
  if (!cut) return 'not Chinese place text (a character that is neither Han nor a known word)';
  if (!cut.names || phraseText(cut.tokens) === null) return 'the words do not form a place (places, their parts and 沿海, 附近, 交界 …)';
  for (const token of cut.tokens) {
    if (token.type !== 'place' || token.entry) continue;
    if (knownOnly) return `"${token.zh}" in brackets is not a place of the table`;
    const problem = unknownNameProblem(token.zh, false);
    if (problem) return problem;
  }
  return null;
}

/**
 * Why `text` is not a place in a shape the reviewed table reads, or null when it is. A place is one of:
 * - a dotted administrative path (`广东省.湛江市.徐闻县.新寮`) that begins with a place of the table, each other
 *   level a place of the table or a name with a place suffix, the last possibly a short name without one;
 * - free text of places and structural words (`菲律宾吕宋岛东北部沿海`), each name the table does not know with a
 *   place suffix (`朱家尖镇`), and at most one remark in brackets at the end that is a known remark (演示) or
 *   places of the table: never a clause (`浙江温州（台风已减弱为热带低压）`);
 * - Latin text that is the English of a place of the table (`Luzon`, `the Luzon Strait`).
 * Every landfall place of the real archive has one of these shapes (test/real-data/upstream-text.test.ts).
 */
export function placeShapeProblem(text: string, table: PlacesTable): string | null {
  const zh = text.trim().normalize('NFKC');
  if (!HAN.test(zh)) {
    const english = zh.replace(/^the /i, '').toLowerCase();
    return table.entries.some((e) => e.en.toLowerCase() === english) ? null : `"${zh}" is not the English of a place of the table`;
  }
  if (isPath(zh)) {
    const segments = zh
      .split('.')
      .map((s) => s.trim())
      .filter(Boolean);
    const seen = new Set<string>();
    for (const [i, segment] of segments.entries()) {
      const place = pathPlace(table, segment, seen);
      if (place.entry) seen.add(place.entry.zh);
      if (place.entry || place.word) continue;
      if (i === 0) return `a path begins with a place of the table, not "${segment}"`;
      const problem = unknownNameProblem(segment, i === segments.length - 1);
      if (problem) return problem;
    }
    return null;
  }
  const remark = /^(.+?)\s*\(([^()]+)\)$/.exec(zh);
  if (remark?.[1] && remark[2]) {
    const note = REMARKS[remark[2]] ? null : phraseProblem(table, remark[2], true);
    return note ?? phraseProblem(table, remark[1], false);
  }
  return phraseProblem(table, zh, false);
}

/**
 * A place text in English, the Chinese beside: `海南文昌沿海` → "the coast of Wenchang, Hainan". Text without
 * Chinese passes through; full-width forms are read as their ASCII forms (（） as ()).
 */
export function placeInEnglish(text: string, table: PlacesTable): PlaceText {
  const zh = text.trim();
  const { en, unknown } = convert(table, zh.normalize('NFKC'));
  return { zh, en, inPinyin: [...new Set(unknown)] };
}
