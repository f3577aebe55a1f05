/**
 * A reader of published text, written apart from the check it tests (src/flash/pattern-check.ts): it knows
 * nothing of placeholders. It cuts a text into sentences, reads the facts in each (times, positions, grades,
 * numbers with their units, places, directions) and binds each to the storm its sentence names and to the event
 * it is read with (the verb of its clause, or of the clause a time opens, or of the clause a figure follows).
 * Two texts state the same facts of the same storms at the same times and events exactly when their readings
 * are equal.
 */
import type { Language } from '../../src/flash/pattern-check.ts';

export interface ReaderStorm {
  /** What names the storm in a text: its quoted Chinese name, its English name, its number. */
  names: string[];
}

/** Sentence ends; the abbreviation "No." (an agency's "Signal No. 8") ends none. */
const SENTENCES: Record<Language, RegExp> = { zh: /(?<=[。！？])/, en: /(?<=[.!?])(?<!\bNo\.)\s+/ };

const TIME: Record<Language, RegExp> = {
  zh: /\d{1,2}月\d{1,2}日\d{1,2}时(?:\d{1,2}分)?(?:前后)?(?:（(?:香港|日本|菲律宾)时间）)?/g,
  en: /\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}| \d{2}:\d{2} (?:Beijing time|UTC|Hong Kong time|Japan time|Philippine time))/g,
};

/** An agency's own words, quoted as given (a signal, a warning): a fact as a whole. */
const QUOTED = /“[^”]+”/g;

/** Numbers with what they measure; a time's figures are read as the time. */
const NUMBER: Record<Language, RegExp> = {
  zh: /(?:北纬|南纬|东经|西经|编号)?\d+(?:\.\d+)?(?:度|级|米\/秒|百帕|公里|%|个)?/g,
  en: /\d+(?:\.\d+)?(?:°[NSEW]| m\/s| hPa| km\/h| percent)?/g,
};

const GRADE: Record<Language, RegExp> = {
  zh: /超强台风|强台风|强热带风暴|热带风暴|热带低压|温带气旋|热带气旋|台风/g,
  en: /super typhoon|severe typhoon|severe tropical storm|tropical storm|tropical depression|extratropical cyclone|tropical cyclone|typhoon|\bgrade [A-Za-z]+/gi,
};

const DIRECTION: Record<Language, RegExp> = { zh: /向[^，。]{1,3}方向/g, en: /\bmoving [NSEW]{1,3}\b/g };

/**
 * The verbs of the events a text tells. Where a storm is (位于, was at) is no event: it is said of the event
 * before it, like a wind.
 */
const VERBS: Record<Language, readonly string[]> = {
  zh: ['生成', '加强', '减弱', '登陆', '进入', '定位', '跟踪', '停止', '发布', '取消', '提高', '升为', '改为', '降为'],
  en: [
    'formed',
    'strengthened',
    'weakened',
    'made landfall',
    'crossed',
    'was last positioned',
    'tracked',
    'ended',
    'issued',
    'cancelled',
    'raised',
    'changed',
    'lowered',
  ],
};

const all = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((m) => ({ text: m[0], at: m.index, end: m.index + m[0].length }));

/** Marks between clauses; 、 only lists (北纬20.4度、东经124.4度), and a mark inside brackets is not between clauses. */
const CLAUSE_MARKS = /[，,；;：:]/g;

/** The clauses of a sentence, as spans. */
function clausesOf(sentence: string): { at: number; end: number }[] {
  const spans: { at: number; end: number }[] = [];
  let depth = 0;
  let start = 0;
  for (const [i, c] of [...sentence].entries()) {
    if ('（('.includes(c)) depth += 1;
    else if ('）)'.includes(c)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && CLAUSE_MARKS.test(c)) {
      spans.push({ at: start, end: i });
      start = i + 1;
    }
    CLAUSE_MARKS.lastIndex = 0;
  }
  spans.push({ at: start, end: sentence.length });
  return spans;
}

/** The verb of an event in a stretch of text nearest to `at` (its first without), or null. */
function verbIn(text: string, language: Language, at = 0): string | null {
  const lower = text.toLowerCase();
  const found = VERBS[language].flatMap((verb) => all(lower, new RegExp(verb, 'g')).map((v) => ({ verb, distance: Math.abs(v.at - at) })));
  return found.sort((a, b) => a.distance - b.distance)[0]?.verb ?? null;
}

/**
 * The event a fact at `span` is read with: the verb of its own clause; else, for a time (which opens what
 * follows), the nearest clause with a verb, the following one first; for any other fact (said of what was
 * told before it), the nearest clause before it with a verb, else after. `-` when the sentence has none.
 */
function eventOf(sentence: string, span: { at: number; end: number }, language: Language, isTime: boolean): string {
  const spans = clausesOf(sentence);
  const clauses = spans.map((c) => sentence.slice(c.at, c.end));
  const home = spans.findIndex((c) => span.at >= c.at && span.at < c.end);
  const own = verbIn(clauses[home] ?? '', language, span.at - (spans[home]?.at ?? 0));
  if (own) return own;
  const ahead = clauses.slice(home + 1).map((c, i) => ({ verb: verbIn(c, language), distance: i + 1 }));
  const behind = clauses
    .slice(0, home)
    .reverse()
    .map((c, i) => ({ verb: verbIn(c, language), distance: i + 1 }));
  const next = ahead.find((c) => c.verb);
  const previous = behind.find((c) => c.verb);
  if (isTime) return (next && (!previous || next.distance <= previous.distance) ? next : previous)?.verb ?? '-';
  return (previous ?? next)?.verb ?? '-';
}

/**
 * Every fact of `text` as `storm | fact → event`, sorted: `storm` is the names of the storms its sentence names
 * (`-` for none), the fact `time 9月12日14时`, `number 935百帕`, `grade 超强台风`, `place 海南文昌`, `direction
 * 向西北方向`, and the event the verb it is read with (`登陆`, `formed`; `-` for none).
 */
export function readFacts(text: string, language: Language, storms: readonly ReaderStorm[], places: readonly string[] = []): string[] {
  const facts: string[] = [];
  for (const sentence of text.split(SENTENCES[language]).filter((s) => s.trim() !== '')) {
    const named = storms.filter((s) => s.names.some((n) => sentence.includes(n))).map((s) => s.names[0]);
    const who = named.length ? named.join('+') : '-';
    const add = (kind: string, found: { text: string; at: number; end: number }, isTime = false) =>
      facts.push(
        `${who} | ${kind} ${kind === 'grade' ? found.text.toLowerCase() : found.text} → ${eventOf(sentence, found, language, isTime)}`,
      );
    const times = all(sentence, TIME[language]);
    for (const time of times) add('time', time, true);
    // The figures of a time are the time's: blanked, keeping every other fact where it is.
    let rest = sentence;
    for (const time of times) rest = rest.slice(0, time.at) + ' '.repeat(time.end - time.at) + rest.slice(time.end);
    for (const place of places)
      for (const found of all(rest, new RegExp(place.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'))) add('place', found);
    for (const found of all(rest, QUOTED)) add('words', found);
    // The figures of quoted words are the words': blanked like a time's.
    for (const quoted of all(rest, QUOTED)) rest = rest.slice(0, quoted.at) + ' '.repeat(quoted.end - quoted.at) + rest.slice(quoted.end);
    for (const found of all(rest, GRADE[language])) add('grade', found);
    for (const found of all(rest, DIRECTION[language])) add('direction', found);
    for (const found of all(rest, NUMBER[language])) add('number', found);
  }
  return facts.sort();
}
