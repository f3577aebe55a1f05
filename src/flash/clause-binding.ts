/**
 * What a reader binds to what in a reworded pattern (src/flash/pattern-check.ts), and the rules that keep every
 * binding the template's. A reader reads a fact (a time, a place, a grade, a number) as said of the storm its
 * sentence names, and a time as the time of the clause beside it; and a connective asserts something of its own
 * ("also" that something else happened too). So, beyond the placeholders being the template's:
 *
 * - **Sentences**: a storm's clauses, its time included, form one sentence, which holds no clause of another storm;
 *   a free-standing slot (`{count}`, `{state}`, `{advice}`) shares a storm's sentence only where the template puts
 *   it there, on the same side of the storm's clauses; and a storm's sentence ends at its own full stop.
 * - **Events**: the event stays the storm's first predicate, what is said of it (where, how strong) comes before
 *   an event of its own (`{former}`, `{ended}`), and the time (an adjunct) stands right before the storm or the
 *   event or right after the event without a mark: a time is read with the clause it stands in or opens.
 * - **Connectives**: the text between two placeholders is at most one punctuation mark and one reviewed
 *   connective phrase, each phrase where what it asserts holds: an additive or simultaneity word (`also`, `while`,
 *   `同时`, `此外`, `并`) only before an event of its own the template has (a second event of the storm); `and`
 *   only before a predicate after another; `which` only after the storm; an article or `该` only before the storm;
 *   `于` only before a time. Nothing between two predicates is a run-on; a run of connectives, or a mark doubled,
 *   is no sentence. The template's own text between two placeholders stands where the template has it.
 *
 * docs/data/generated-text.md ("Sentences and events", "Connectives") lists the phrases and the rules for review.
 */
import { PLACEHOLDER, type SlottedText } from './slotted-text.ts';

export type Language = 'zh' | 'en';

/** A rule's verdict: what breaks it, for the log line; null when it holds. */
export type Problem = string | null;

type Role = { storm: number; kind: 'subject' | 'predicate' | 'adjunct' } | { storm: null; kind: 'free' };

/** A pattern read as its placeholders and the text around them: `gaps[i]` stands before `names[i]`, and one more after the last. */
interface Read {
  names: string[];
  gaps: string[];
  /** The sentence each placeholder stands in (0 for the first). */
  sentence: number[];
}

/** Full stops of either language: an answer in the other language's punctuation is still read by its stops. */
const STOPS = /[。．.!?！？]/g;

function read(pattern: string): Read {
  const parts = pattern.split(PLACEHOLDER);
  const gaps = parts.filter((_, i) => i % 2 === 0);
  const names = parts.filter((_, i) => i % 2 === 1);
  let at = 0;
  const sentence = names.map((_, i) => (at += (gaps[i] as string).match(STOPS)?.length ?? 0));
  return { names, gaps, sentence };
}

function rolesOf(template: SlottedText): Map<string, Role> {
  const roles = new Map<string, Role>();
  template.storms.forEach((storm, k) => {
    roles.set(storm.subject, { storm: k, kind: 'subject' });
    for (const name of storm.predicates) roles.set(name, { storm: k, kind: 'predicate' });
    for (const name of storm.adjuncts) roles.set(name, { storm: k, kind: 'adjunct' });
  });
  return roles;
}

const roleOf = (roles: Map<string, Role>, name: string): Role => roles.get(name) ?? { storm: null, kind: 'free' };

/** The storm whose sentence a free-standing slot shares and on which side of its clauses it stands; null when alone. */
function placeOfFree(r: Read, roles: Map<string, Role>, name: string): { storm: number; before: boolean } | null {
  const i = r.names.indexOf(name);
  const storm = r.names.map((n, j) => (r.sentence[j] === r.sentence[i] ? roleOf(roles, n).storm : null)).find((k) => k !== null);
  if (storm === undefined || storm === null) return null;
  return { storm, before: i < r.names.findIndex((n) => roleOf(roles, n).storm === storm) };
}

/** The sentence rules: each storm's clauses one sentence of its own, ended by its own stop. */
export function sentenceProblem(answer: string, template: SlottedText): Problem {
  const roles = rolesOf(template);
  const a = read(answer);
  const t = read(template.pattern);
  for (const [k, storm] of template.storms.entries()) {
    const own = a.names.filter((n) => roleOf(roles, n).storm === k);
    const home = a.sentence[a.names.indexOf(storm.subject)];
    const away = own.find((n) => a.sentence[a.names.indexOf(n)] !== home);
    if (away) return `{${away}} stands in another sentence than {${storm.subject}}`;
    const other = a.names.find((n, i) => a.sentence[i] === home && roleOf(roles, n).storm !== null && roleOf(roles, n).storm !== k);
    if (other) return `{${other}} stands in the sentence of {${storm.subject}}`;
    if (home === a.sentence.at(-1) && !(a.gaps.at(-1) as string).match(STOPS))
      return `the sentence of {${storm.subject}} does not end with a full stop`;
  }
  for (const name of a.names.filter((n) => roleOf(roles, n).kind === 'free')) {
    const here = placeOfFree(a, roles, name);
    const there = placeOfFree(t, roles, name);
    if (here && (here.storm !== there?.storm || here.before !== there.before))
      return `{${name}} stands ${here.before ? 'before' : 'after'} the clauses of {${template.storms[here.storm]?.subject}} in their sentence`;
  }
  return null;
}

/**
 * The event rules: a reader reads a storm's time with the clause beside it, and what is said after an event as
 * said of that event. So the storm's first predicate is the template's (its event, or the summary's position);
 * every other predicate said of that event (where, how strong) comes before any event of its own (`{former}`,
 * `{ended}`); and the time stands right before the storm, right before the event, or right after the event with
 * no mark between them.
 */
export function eventProblem(answer: string, template: SlottedText): Problem {
  const r = read(answer);
  const own = read(template.pattern).names;
  for (const storm of template.storms) {
    const events = storm.events ?? [];
    const event = own.find((n) => storm.predicates.includes(n));
    const run = r.names.filter((n) => n === storm.subject || storm.predicates.includes(n) || storm.adjuncts.includes(n));
    const first = run.find((n) => storm.predicates.includes(n));
    if (event && first !== event) return `{${first}} is read before {${event}}, the event of {${storm.subject}}`;
    const firstEvent = run.findIndex((n) => events.includes(n));
    const late = firstEvent < 0 ? undefined : run.slice(firstEvent).find((n) => storm.predicates.includes(n) && !events.includes(n));
    if (late) return `{${late}} is read as said of {${run[firstEvent]}}, not of {${event}}`;
    for (const adjunct of storm.adjuncts) {
      const i = r.names.indexOf(adjunct);
      const next = r.names[i + 1];
      const before = next === storm.subject || (next === event && r.names[i - 1] === storm.subject);
      const after = event !== undefined && r.names[i - 1] === event && !/[\p{P}]/u.test((r.gaps[i] as string).replace(/\s/g, ''));
      if (!before && !after)
        return `{${adjunct}} is not right before {${storm.subject}} or {${event}}, nor right after {${event}} without a mark`;
    }
  }
  return null;
}

/** Where a connective phrase may stand, by what it asserts. */
type Placement =
  /** Says that something else happened too, or at the same time: only before a second event of the storm. */
  | 'additive'
  /** Joins a predicate to one before it. */
  | 'coordinate'
  /** Introduces a predicate. */
  | 'predicate'
  /** A relative clause of the storm: right after it, before a predicate. */
  | 'relative'
  /** A new clause with the storm as its pronoun: after a mark, before a predicate. */
  | 'pronoun'
  /** Before the storm's name. */
  | 'subject'
  /** Before a time (zh: the time carries no preposition of its own). */
  | 'time'
  /** The possessive 的: joins the storm and a predicate directly. */
  | 'possessive';

/** The reviewed connective phrases and where each may stand. Every word is in CONNECTIVES (./pattern-check.ts). */
export const PHRASES: Record<Language, Readonly<Record<string, Placement>>> = {
  en: {
    also: 'additive',
    'and also': 'additive',
    while: 'additive',
    and: 'coordinate',
    'and its': 'coordinate',
    with: 'predicate',
    'with its': 'predicate',
    its: 'predicate',
    was: 'predicate',
    had: 'predicate',
    which: 'relative',
    'which was': 'relative',
    'which had': 'relative',
    it: 'pronoun',
    'it was': 'pronoun',
    'it had': 'pronoun',
    the: 'subject',
    a: 'subject',
    an: 'subject',
  },
  zh: {
    并: 'additive',
    并且: 'additive',
    且: 'additive',
    同时: 'additive',
    此外: 'additive',
    其: 'predicate',
    该: 'subject',
    于: 'time',
    的: 'possessive',
  },
};

interface Gap {
  mark: string | null;
  /** The connective phrases in it, in order (Chinese: a conjunction, then a mark, then another word, at most). */
  phrases: string[];
}

/** A gap as one mark and phrases, or null when it is not that shape (two marks, a run of words that is no phrase). */
function gapOf(text: string, language: Language, edge: 'start' | 'middle' | 'end'): Gap | null {
  if (language === 'en') {
    const gap = text.replace(/\s+/g, ' ');
    const shape =
      edge === 'start' ? /^()(?:([a-z]+(?: [a-z]+)*) )?$/i : edge === 'end' ? /^(\.)()$/ : /^([,;:.])? (?:([a-z]+(?: [a-z]+)*) )?$/i;
    const m = shape.exec(gap);
    if (!m) return null;
    const phrase = (m[2] ?? '').toLowerCase();
    if (phrase && !(phrase in PHRASES.en)) return null;
    return { mark: m[1] || null, phrases: phrase ? [phrase] : [] };
  }
  const gap = text.replace(/\s+/g, '');
  const m = /^([，、；：。])?(?:(并且|并|且|同时|此外)([，、；：])?)?(其|该|于|的)?$/.exec(gap);
  if (!m || (edge === 'start' && m[1]) || (edge === 'end' && (m[1] !== '。' || m[2] || m[4]))) return null;
  return { mark: m[1] ?? m[3] ?? null, phrases: [m[2], m[4]].filter((p): p is string => Boolean(p)) };
}

const isStop = (mark: string | null) => mark === '.' || mark === '。';

/**
 * The connective rules, gap by gap: each gap is a mark and reviewed phrases, each phrase where what it asserts
 * holds, and no two predicates run together. A gap the template has between the same two placeholders stands.
 */
export function connectiveProblem(answer: string, template: SlottedText, language: Language): Problem {
  const roles = rolesOf(template);
  const a = read(answer);
  const t = read(template.pattern);
  const ownGap = (left: string | undefined, right: string | undefined) => {
    const i = left === undefined ? -1 : t.names.indexOf(left);
    if (left !== undefined && i < 0) return undefined;
    return t.names[i + 1] === right ? t.gaps[i + 1] : undefined;
  };
  for (const [i, text] of a.gaps.entries()) {
    const left = a.names[i - 1];
    const right = a.names[i];
    if (text === ownGap(left, right)) continue;
    const shown = JSON.stringify(text);
    const edge = left === undefined ? 'start' : right === undefined ? 'end' : 'middle';
    const gap = gapOf(text, language, edge);
    if (!gap) return `${shown} is not one mark and one connective`;
    if (edge === 'end') continue;
    const L = left === undefined || isStop(gap.mark) ? null : roleOf(roles, left);
    const R = roleOf(roles, right as string);
    if (L === null && gap.phrases.some((p) => PHRASES[language][p] !== 'subject'))
      return `${shown} begins a sentence with a connective that needs a clause before it`;
    if ((L?.kind === 'free' || R.kind === 'free') && (gap.phrases.length > 0 || (L !== null && gap.mark === null)))
      return `${shown} joins a free-standing clause without a mark of its own`;
    if (L !== null && gap.mark === null && gap.phrases.length === 0) {
      const runOn = !(L.kind === 'subject' || L.kind === 'adjunct' || R.kind === 'adjunct');
      if (runOn) return `nothing joins {${left}} and {${right}}`;
    }
    // An event of its own is a clause of its own, after a mark between clauses (、 only lists).
    const secondEvent = R.storm !== null && (template.storms[R.storm]?.events ?? []).includes(right as string);
    if (secondEvent && (gap.mark === null || gap.mark === '、')) return `no mark sets {${right}} apart as a clause of its own`;
    for (const phrase of gap.phrases) {
      const fits = fitsPlacement(PHRASES[language][phrase] as Placement, gap, L, R, {
        predicateBefore: a.names.some((n, j) => j < i && roleOf(roles, n).kind === 'predicate' && roleOf(roles, n).storm === R.storm),
        secondEvent,
      });
      if (!fits) return `"${phrase}" before {${right}}${left ? ` after {${left}}` : ''} asserts what the template does not`;
    }
  }
  return null;
}

function fitsPlacement(
  placement: Placement,
  gap: Gap,
  L: Role | null,
  R: Role,
  at: { predicateBefore: boolean; secondEvent: boolean },
): boolean {
  switch (placement) {
    case 'additive':
      return at.secondEvent && at.predicateBefore;
    case 'coordinate':
      return R.kind === 'predicate' && at.predicateBefore;
    case 'predicate':
      return R.kind === 'predicate';
    case 'relative':
      return L?.kind === 'subject' && R.kind === 'predicate';
    case 'pronoun':
      return gap.mark !== null && R.kind === 'predicate';
    case 'subject':
      return R.kind === 'subject';
    case 'time':
      return R.kind === 'adjunct';
    case 'possessive':
      return gap.mark === null && L?.kind === 'subject' && R.kind === 'predicate';
  }
}
