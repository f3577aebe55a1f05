/**
 * The structural check of a language model's answer (src/flash/llm.ts): a pure, deterministic function that
 * accepts a reworded pattern only when it provably states exactly the template's facts. Facts live in the slots
 * (src/flash/slotted-text.ts), which the model never sees; so the answer must hold every placeholder of the
 * template once and nothing else in braces, keep each storm's clauses together with the storm before what is
 * said of it, in one sentence of their own with its time beside it (./clause-binding.ts), and between the
 * placeholders use only the reviewed connectives below (the template's own wording allowed too), each where what
 * it asserts holds. The word lists and the character classes before the vocabulary only name the reason of a
 * rejection precisely; the vocabulary alone already rejects everything they catch. docs/data/generated-text.md lists
 * every word for review.
 */
import { connectiveProblem, eventProblem, type Language, sentenceProblem } from './clause-binding.ts';
import { freeTextOf, PLACEHOLDER, placeholdersOf, type SlottedText } from './slotted-text.ts';

export type { Language } from './clause-binding.ts';

/** Why an answer was rejected: the key the run counts it under. */
export const CHECK_REASONS = [
  'empty',
  'length',
  'invisible',
  'placeholder',
  'order',
  'negation',
  'reassurance',
  'urgency',
  'advice',
  'link',
  'markup',
  'digit',
  'number-word',
  'grade-word',
  'direction-word',
  'other-script',
  'spacing',
  'sentence',
  'vocabulary',
  'connective',
] as const;
export type CheckReason = (typeof CHECK_REASONS)[number];

export interface Rejection {
  reason: CheckReason;
  /** What was found, for the log line. */
  detail: string;
}

/**
 * The connectives an answer may put between placeholders, besides spaces: neutral joining words and
 * punctuation. No word here states or changes a fact (no negation, time, place, number, grade, direction,
 * tense of the present or modality).
 */
export const CONNECTIVES: Record<Language, readonly string[]> = {
  zh: ['，', '。', '、', '；', '：', '并', '并且', '且', '其', '同时', '此外', '该', '的', '于'],
  en: [',', '.', ';', ':', 'and', 'with', 'while', 'also', 'it', 'its', 'the', 'a', 'an', 'was', 'had', 'which'],
};

/**
 * The reviewed word lists, checked in this order before the vocabulary. Chinese entries match anywhere in the
 * free text; English entries match whole words (case-insensitive; `*` at an end matches any rest of the word;
 * an entry with a space matches those words in a row).
 */
export const WORD_LISTS = {
  negation: {
    zh: ['不', '没', '未', '无', '非', '别', '勿', '莫', '否', '毋'],
    en: ['not', "*n't", 'no', 'never', 'none', 'nothing', 'nobody', 'nowhere', 'neither', 'nor', 'without', 'cannot', 'lack*'],
  },
  reassurance: {
    zh: [
      '放松',
      '放心',
      '安心',
      '安全',
      '平安',
      '远去',
      '远离',
      '离开',
      '消散',
      '消失',
      '减弱',
      '平息',
      '解除',
      '结束',
      '过去',
      '好转',
      '缓和',
      '可控',
      '风险小',
      '风险较低',
      '影响有限',
      '轻微',
    ],
    en: [
      'relax*',
      'calm*',
      'safe*',
      'harmless',
      'reassur*',
      'fine',
      'okay',
      'ok',
      'worry*',
      'fizzl*',
      'weaken*',
      'dissipat*',
      'subsid*',
      'die down',
      'dying',
      'over',
      'away',
      'passed',
      'lifted',
      'all clear',
      'little risk',
      'low risk',
      'minor',
      'mild',
      'manageable',
      'under control',
      'ease*',
      'easing',
      'improv*',
    ],
  },
  urgency: {
    zh: [
      '立即',
      '立刻',
      '马上',
      '赶紧',
      '赶快',
      '尽快',
      '火速',
      '紧急',
      '危险',
      '危急',
      '逃离',
      '逃生',
      '快逃',
      '恐慌',
      '惊慌',
      '灾难',
      '毁灭',
      '致命',
      '严重',
      '极端',
      '警报',
      '警告',
      '当心',
      '小心',
      '注意',
    ],
    en: [
      'immediate*',
      'now',
      'urgent*',
      'emergenc*',
      'danger*',
      'flee*',
      'run',
      'hurry',
      'quick*',
      'asap',
      'alert*',
      'warn*',
      'panic*',
      'catastroph*',
      'devastat*',
      'deadly',
      'lethal',
      'extreme*',
      'life-threatening',
      'threat*',
      'disaster*',
      'massive',
      'brace',
    ],
  },
  advice: {
    zh: [
      '请',
      '应',
      '须',
      '需',
      '要',
      '务必',
      '建议',
      '避免',
      '撤离',
      '疏散',
      '转移',
      '避险',
      '躲避',
      '待在',
      '留在',
      '关注',
      '做好',
      '准备',
      '防范',
      '防御',
      '储备',
      '出门',
      '外出',
    ],
    en: [
      'please',
      'should',
      'must',
      'need*',
      'advis*',
      'recommend*',
      'evacuat*',
      'shelter*',
      'stay*',
      'avoid*',
      'prepar*',
      'follow*',
      'heed',
      'keep',
      'seek',
      'leave',
      'monitor*',
      'check',
      'ensure',
      'consider',
      'remain*',
    ],
  },
} as const satisfies Record<string, Record<Language, readonly string[]>>;

/** Words of fact classes a connective never is: the reason is named after the class. */
const FACT_WORDS: { reason: CheckReason; zh: readonly string[]; en: readonly string[] }[] = [
  {
    reason: 'number-word',
    zh: [
      '零',
      '〇',
      '一',
      '二',
      '两',
      '三',
      '四',
      '五',
      '六',
      '七',
      '八',
      '九',
      '十',
      '百',
      '千',
      '万',
      '亿',
      '半',
      '双',
      '俩',
      '仨',
      '廿',
      '卅',
      '几',
    ],
    en: [
      'zero',
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
      'seven',
      'eight',
      'nine',
      'ten',
      'eleven',
      'twelve',
      'thirteen',
      'fourteen',
      'fifteen',
      'sixteen',
      'seventeen',
      'eighteen',
      'nineteen',
      'twenty',
      'thirty',
      'forty',
      'fifty',
      'sixty',
      'seventy',
      'eighty',
      'ninety',
      'hundred*',
      'thousand*',
      'million*',
      'billion*',
      'dozen*',
      'half',
      'double',
      'twice',
      'triple',
      'first',
      'second',
      'third',
      'several',
      'couple',
    ],
  },
  {
    reason: 'grade-word',
    zh: ['台风', '风暴', '热带', '低压', '气旋', '强', '温带', '飓风'],
    en: [
      'typhoon*',
      'storm*',
      'tropical',
      'depression*',
      'cyclon*',
      'super',
      'severe',
      'hurricane*',
      'extratropical',
      'grade*',
      'category',
      'td',
      'ts',
      'sts',
      'ty',
      'sty',
      'superty',
      'et',
    ],
  },
  {
    reason: 'direction-word',
    zh: ['东', '南', '西', '北', '纬', '经度', '半球'],
    en: [
      'north*',
      'south*',
      'east*',
      'west*',
      'n',
      's',
      'e',
      'w',
      'ne',
      'nw',
      'se',
      'sw',
      'nne',
      'ene',
      'ese',
      'sse',
      'ssw',
      'wsw',
      'wnw',
      'nnw',
      'hemispher*',
      'latitud*',
      'longitud*',
      'equator*',
    ],
  },
];

/** A link, an e-mail address or a domain, also written `x[.]yz`, `x(.)yz`, `x。yz` or `x dot yz`. */
const LINK = /:\/\/|\bwww\b|@|\[\s*\.\s*\]|\(\s*\.\s*\)|\bdot\b|[a-z0-9-]\.[a-z]{2,}|[a-z0-9-]。[a-z]{2}|\bhttps?\b|\bmailto\b/;
/** HTML (tags, entities) and Markdown (emphasis, links, code, headings, tables) characters. */
const MARKUP = /[<>&*_`#[\]|~\\^]/;
/** Control, format (zero-width, bidi), private-use and surrogate characters, and line separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029]/u;
/** Every kind of brace, ASCII or not: outside a placeholder none may appear. */
const BRACE = /[{}\uFF5B\uFF5D\uFE5B\uFE5C\uFE37\uFE38\u2983\u2984\u2774\u2775]/;

const chars = (s: string) => [...s].length;
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/’/g, "'")
    .match(/[\p{L}\p{N}'-]+/gu) ?? [];

/** Whether an entry of a list is found in `text` (normalised): the text is split into words once. */
function entriesIn(text: string, language: Language): (entry: string) => boolean {
  if (language === 'zh') return (entry) => text.includes(entry);
  const ws = words(text);
  const run = ` ${ws.join(' ')} `;
  return (entry) => {
    if (entry.includes(' ')) return run.includes(` ${entry} `);
    const stem = entry.replace(/^\*|\*$/g, '');
    if (entry.startsWith('*')) return ws.some((w) => w.endsWith(stem));
    if (entry.endsWith('*')) return ws.some((w) => w.startsWith(stem));
    return ws.includes(entry);
  };
}

/** The first entry of `list` found in `text` (normalised), or null. */
const findEntry = (text: string, list: readonly string[], language: Language): string | null =>
  list.find(entriesIn(text, language)) ?? null;

/** The placeholders: each of the template's exactly once, no other, and no brace outside them. */
function checkPlaceholders(answer: string, expected: string[]): Rejection | null {
  const found = placeholdersOf(answer);
  for (const name of found) if (!expected.includes(name)) return { reason: 'placeholder', detail: `an unknown placeholder {${name}}` };
  for (const name of expected) {
    const n = found.filter((f) => f === name).length;
    if (n !== 1) return { reason: 'placeholder', detail: n === 0 ? `drops {${name}}` : `repeats {${name}}` };
  }
  const stray = BRACE.exec(answer.replace(PLACEHOLDER, ''));
  return stray ? { reason: 'placeholder', detail: `a brace outside a placeholder (${stray[0]})` } : null;
}

/** Each storm's clauses in one unbroken run, its subject before its predicates. */
function checkOrder(answer: string, template: SlottedText): Rejection | null {
  const order = placeholdersOf(answer);
  for (const storm of template.storms) {
    const own = new Set([storm.subject, ...storm.predicates, ...storm.adjuncts]);
    const at = order.map((name, i) => (own.has(name) ? i : -1)).filter((i) => i >= 0);
    const first = Math.min(...at);
    const last = Math.max(...at);
    const intruder = order.slice(first, last + 1).find((name) => !own.has(name));
    if (intruder) return { reason: 'order', detail: `{${intruder}} among the clauses of {${storm.subject}}` };
    const subject = order.indexOf(storm.subject);
    const early = storm.predicates.find((name) => order.indexOf(name) < subject);
    if (early) return { reason: 'order', detail: `{${early}} before {${storm.subject}}` };
  }
  return null;
}

/** English: a placeholder is set apart from the words around it (`{storm} and {event}`, never `{storm}and`). */
function checkSpacing(answer: string): Rejection | null {
  const parts = answer.split(PLACEHOLDER);
  for (let i = 1; i < parts.length; i += 2) {
    const before = parts[i - 1] as string;
    const after = parts[i + 1] as string;
    if ((i > 1 || before !== '') && !/\s$/.test(before))
      return { reason: 'spacing', detail: `nothing sets {${parts[i]}} apart from what precedes it` };
    if ((i < parts.length - 2 || after !== '') && !/^[\s,.;:]/.test(after))
      return { reason: 'spacing', detail: `nothing sets {${parts[i]}} apart from what follows it` };
  }
  return null;
}

/** Splits each piece of free text into connectives (and spaces); the first part that is none, or null. */
function outsideVocabulary(pieces: readonly string[], language: Language, own: readonly string[]): string | null {
  if (language === 'en') {
    const allowed = new Set([...CONNECTIVES.en, ...own.flatMap(words)]);
    for (const token of pieces.flatMap((piece) => piece.match(/[A-Za-z]+|\s+|[^\sA-Za-z]/gu) ?? [])) {
      if (token === ' '.repeat(token.length)) continue;
      if (!allowed.has(/^[A-Za-z]/.test(token) ? token.toLowerCase() : token)) return token;
    }
    return null;
  }
  // Chinese has no spaces between words: the longest connective (or phrase of the template's own wording,
  // between its punctuation) at each point.
  const phrases = own.flatMap((piece) => piece.split(/[，。、；：\s]+/)).filter(Boolean);
  const entries = [...CONNECTIVES.zh, ...phrases, ' '].sort((a, b) => b.length - a.length);
  for (const piece of pieces) {
    for (let rest = piece; rest !== ''; ) {
      const entry = entries.find((e) => rest.startsWith(e));
      if (!entry) return [...rest].slice(0, 8).join('');
      rest = rest.slice(entry.length);
    }
  }
  return null;
}

/**
 * Why `answer` may not replace the template's pattern, or null when it states exactly the template's facts.
 * Pure and deterministic: the same answer and template give the same result.
 */
export function checkPattern(rawAnswer: string, template: SlottedText, language: Language): Rejection | null {
  const answer = rawAnswer.trim();
  if (answer === '') return { reason: 'empty', detail: 'no text' };
  const length = chars(answer);
  const bound = chars(template.pattern);
  if (length > 2 * bound + 40) return { reason: 'length', detail: `${length} characters for a pattern of ${bound}` };
  if (length * 3 < bound) return { reason: 'length', detail: `${length} characters for a pattern of ${bound}` };
  const invisible = INVISIBLE.exec(answer);
  if (invisible)
    return { reason: 'invisible', detail: `U+${(invisible[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}` };
  const placeholders = checkPlaceholders(answer, placeholdersOf(template.pattern));
  if (placeholders) return placeholders;
  const order = checkOrder(answer, template);
  if (order) return order;

  // The free text: the pieces between placeholders, one per line (no entry spans a line).
  const pieces = freeTextOf(answer);
  const raw = pieces.join('\n');
  const own = freeTextOf(template.pattern);
  const free = raw.normalize('NFKC').toLowerCase();
  const ownText = own.join('\n').normalize('NFKC').toLowerCase();
  const inOwnText = entriesIn(ownText, language);
  for (const [reason, lists] of Object.entries(WORD_LISTS) as [CheckReason, Record<Language, readonly string[]>][]) {
    // A word of the template's own wording may stay.
    const list = lists[language].filter((entry) => !inOwnText(entry));
    const found = findEntry(free, list, language);
    if (found) return { reason, detail: found };
  }
  const link = LINK.exec(free);
  if (link) return { reason: 'link', detail: link[0] };
  const markup = MARKUP.exec(free);
  if (markup) return { reason: 'markup', detail: markup[0] };
  const digit = /\p{N}/u.exec(raw);
  if (digit) return { reason: 'digit', detail: digit[0] };
  for (const { reason, ...lists } of FACT_WORDS) {
    const found = findEntry(free, lists[language], language);
    if (found) return { reason, detail: found };
  }
  const script = [...raw].find((c) => /\p{L}/u.test(c) && (language === 'zh' ? !/\p{Script=Han}/u.test(c) : !/[A-Za-z]/.test(c)));
  if (script) return { reason: 'other-script', detail: script };
  if (language === 'en') {
    const spacing = checkSpacing(answer);
    if (spacing) return spacing;
  }
  // What a reader binds: each storm's clauses one sentence of their own, its time and predicates with its event.
  const sentence = sentenceProblem(answer, template);
  if (sentence) return { reason: 'sentence', detail: sentence };
  const event = eventProblem(answer, template);
  if (event) return { reason: 'order', detail: event };
  const outside = outsideVocabulary(pieces, language, own);
  if (outside !== null) return { reason: 'vocabulary', detail: outside };
  const connective = connectiveProblem(answer, template, language);
  return connective === null ? null : { reason: 'connective', detail: connective };
}
