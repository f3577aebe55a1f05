/**
 * The shapes of the strings the warnings parsers keep (docs/api/warnings.md, "Text"), beside the shapes of
 * src/model/upstream-text.ts: an outside string is accepted by what it may be, never by what it may not say.
 * Names of areas are checked against a narrow pattern of their script; the words of a signal or warning against
 * the agency's closed table (src/model/warning-codes.ts), never by pattern. What fails is a rejection: the parser
 * leaves the value out (null) and reports it.
 */
import { normaliseText } from './upstream-text.ts';

export type WarningTextKind = 'jma-area' | 'jma-location' | 'katakana-name' | 'pagasa-area' | 'pagasa-part' | 'table-words';

export interface WarningTextRejection {
  kind: WarningTextKind;
  /** Where the value was, in the source's terms (`Area/Name`, `TCWS 3 Luzon`, `WTCSGNL.type`). */
  field: string;
  /** The value as received: never publish it (show it with `reportedValue` of upstream-text.ts). */
  value: string;
  rule: string;
}

const KANA_HAN = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー・`;

const SHAPES: Record<Exclude<WarningTextKind, 'table-words'>, { pattern: RegExp; rule: string }> = {
  // JMA's area names: 千代田区, ２３区西部 (full-width digits), 利尻・礼文, 宗谷北部.
  'jma-area': {
    pattern: new RegExp(`^[${KANA_HAN}々ヶ０-９]{1,24}$`, 'u'),
    rule: 'a JMA area name is 1–24 Han, kana or full-width digit characters (・ and ー allowed)',
  },
  // Where a centre is: 東シナ海, 宮古島の北北西約200km, ヤップ島の西約310km.
  'jma-location': {
    pattern: new RegExp(`^[${KANA_HAN}々ヶ]{1,16}(?:約[0-9]{1,4}km)?$`, 'u'),
    rule: 'a JMA location is 1–16 Han or kana characters, optionally followed by 約<digits>km',
  },
  'katakana-name': { pattern: /^[\p{Script=Katakana}ー・]{1,16}$/u, rule: 'a name in katakana is 1–16 katakana (ー and ・ allowed)' },
  // PAGASA's places: Camarines Sur, City of Tabaco, Sagñay, Rapu-Rapu, Matag-Ob, Gen. Mariano Alvarez, Kalongkooan Is.
  // Every word capitalised but the particles (de, del, of …): a glyph pdf.js cannot map comes out as a space
  // (`Mu oz` for Muñoz in one bulletin), which this rejects.
  'pagasa-area': {
    pattern: /^\p{Lu}[\p{Script=Latin}'’-]*\.?(?: (?:\p{Lu}[\p{Script=Latin}'’-]*\.?|de|del|dela|la|las|los|of|y)){0,5}$/u,
    rule: 'a PAGASA place is 1–6 words of Latin letters, each capitalised but de, del, dela, la, las, los, of, y (hyphens, apostrophes, an abbreviation point allowed), no digits',
  },
  // The part of a province a bulletin names: the northern portion, the rest, the northeastern and central portions.
  // The part of an area a bulletin names: the northern portion, the rest, the eastern and central portions, mainland
  // (and PAGASA's own spellings: `northewestern`): compass words end in -ern or -ernmost.
  'pagasa-part': {
    pattern:
      /^(?:(?:the rest of )?(?:the )?(?:[a-z]+ern(?:most)?|central|extreme|rest|remaining)(?:,? (?:and )?(?:the )?(?:[a-z]+ern(?:most)?|central|extreme))*(?: portions?)?(?: of mainland)?|mainland)$/u,
    rule: "a part of an area is compass words (-ern, -ernmost), 'central', 'extreme', 'the rest (of)', 'portion(s)' and 'mainland'",
  },
};

/** The clean text when `accepts` it, else null and the rejection added to `rejected`. Empty text is null. */
function checked(
  raw: string | null | undefined,
  accepts: (text: string) => boolean,
  rejection: Omit<WarningTextRejection, 'value'>,
  rejected: WarningTextRejection[],
): string | null {
  if (raw === null || raw === undefined) return null;
  const text = normaliseText(raw);
  if (text === '') return null;
  if (accepts(text)) return text;
  rejected.push({ ...rejection, value: raw });
  return null;
}

/** The value when it has its kind's shape, else null and the rejection added to `rejected`. Empty text is null. */
export function checkWarningText(
  kind: Exclude<WarningTextKind, 'table-words'>,
  raw: string | null | undefined,
  field: string,
  rejected: WarningTextRejection[],
): string | null {
  const { pattern, rule } = SHAPES[kind];
  return checked(raw, (text) => text.length <= 200 && pattern.test(text), { kind, field, rule }, rejected);
}

/** The value when it is one of the closed table's words for that field, else null and the rejection added. */
export function checkTableWords(
  raw: string | null | undefined,
  allowed: readonly string[],
  field: string,
  rejected: WarningTextRejection[],
): string | null {
  const rule = `one of the agency's words for this field: ${allowed.join(' | ')}`;
  return checked(raw, (text) => allowed.includes(text), { kind: 'table-words', field, rule }, rejected);
}
