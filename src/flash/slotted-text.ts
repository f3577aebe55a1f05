/**
 * Slotted text: how the template generator writes every text a language model may reword (flash item contents,
 * the live summary). A pattern holds the wording and a `{name}` placeholder per slot; every fact is a whole
 * clause in a slot, written by the code from the data: a time with its preposition, the storm with its grade and
 * name, the event with its verb and place (a change of grade, from and to, is one slot), wind and pressure with
 * their units, a movement with its direction and speed. A model is given the pattern only and answers a pattern
 * (src/flash/llm.ts); `fill` puts the clauses back. docs/data/generated-text.md describes the design.
 */

/** The slots about one storm: in an answer they form one unbroken run, with the subject before its predicates. */
export interface StormClauses {
  /** The slot that names the storm. */
  subject: string;
  /** Clauses that say something about the storm and read only after it (an event, a position, a wind, …). */
  predicates: string[];
  /** Clauses that stand beside the storm or its event (a time, with its own preposition in English). */
  adjuncts: string[];
  /**
   * Predicates that tell an event of their own after the storm's first (`{former}`, `{ended}`); the other
   * predicates are said of the first, the event (where, how strong). None when absent.
   */
  events?: string[];
}

export interface SlottedText {
  /** The template's wording with a `{name}` where each slot goes. */
  pattern: string;
  /** Each slot's clause. */
  slots: Record<string, string>;
  /** The storms the text is about; a slot in none (a notice, a count) stands on its own anywhere. */
  storms: StormClauses[];
}

/** A placeholder: a name in ASCII braces. */
export const PLACEHOLDER = /\{([a-z][a-zA-Z0-9]*)\}/g;

/** The placeholder names of a pattern, in order, repeats included. */
export const placeholdersOf = (pattern: string): string[] => [...pattern.matchAll(PLACEHOLDER)].map((m) => m[1] as string);

/** The text between (and around) the placeholders of a pattern. */
export const freeTextOf = (pattern: string): string[] => pattern.split(PLACEHOLDER).filter((_, i) => i % 2 === 0);

/**
 * The text: `pattern` (the template's by default, or a checked answer) with each placeholder replaced by its
 * clause, in one pass (braces inside a clause stay text). A clause that begins a sentence begins with a capital:
 * `{time} {storm} …` with time `at 2026-09-12 14:00 Beijing time` reads `At 2026-09-12 …`.
 */
export function fill(text: SlottedText, pattern = text.pattern): string {
  let out = '';
  let last = 0;
  for (const m of pattern.matchAll(PLACEHOLDER)) {
    const clause = text.slots[m[1] as string];
    if (clause === undefined) throw new Error(`no slot ${m[0]} in this text`);
    out += pattern.slice(last, m.index);
    out += out === '' || /[.!?]\s+$/.test(out) ? clause.replace(/^[a-z]/, (c) => c.toUpperCase()) : clause;
    last = m.index + m[0].length;
  }
  return out + pattern.slice(last);
}

/** Collects the slots while a pattern is written: `put('wind', '…')` records the clause and returns `{wind}`. */
export class Slots {
  private readonly values: Record<string, string> = {};

  put(name: string, clause: string): string {
    if (name in this.values) throw new Error(`slot ${name} written twice`);
    this.values[name] = clause;
    return `{${name}}`;
  }

  /** The slotted text of `pattern`; `storms` say which slots are about which storm. */
  text(pattern: string, storms: StormClauses[] = []): SlottedText {
    return { pattern, slots: { ...this.values }, storms };
  }

  /**
   * The slotted text of a pattern about one storm, `{storm}`: every other slot is its predicate, except the
   * `adjuncts` (beside the storm or its event) and the `free` ones (on their own); of its predicates, `events`
   * tell events of their own.
   */
  aboutStorm(pattern: string, adjuncts: string[] = [], free: string[] = [], events: string[] = []): SlottedText {
    const others = Object.keys(this.values).filter((name) => name !== 'storm');
    return this.text(pattern, [
      {
        subject: 'storm',
        adjuncts: others.filter((n) => adjuncts.includes(n)),
        predicates: others.filter((n) => !adjuncts.includes(n) && !free.includes(n)),
        events: others.filter((n) => events.includes(n)),
      },
    ]);
  }

  /** The clauses of the storm numbered `k` (slots `storm{k}`, `time{k}`, …): `time{k}` its adjunct, the others its predicates. */
  storm(k: number): StormClauses {
    const names = Object.keys(this.values).filter((name) => new RegExp(`^[a-z]+${k}$`).test(name));
    return {
      subject: `storm${k}`,
      adjuncts: names.filter((n) => n === `time${k}`),
      predicates: names.filter((n) => n !== `storm${k}` && n !== `time${k}`),
    };
  }
}
