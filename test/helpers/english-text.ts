/**
 * English text with Chinese inside it: every string of an answer under a key that holds English (`en`, `enname`
 * and every `…En`: `positionEn`, `titleEn`, `contentEn`, `textEn`, `seaAreaEn` …) that carries a Han character.
 * Shared by the suites over the demo data (test/unit/english-text.test.ts) and the real data
 * (test/real-data/english-text.test.ts).
 */

const HAN = /\p{Script=Han}/u;
const isEnglishKey = (key: string) => key === 'en' || key === 'enname' || /^[a-z][A-Za-z]*En$/.test(key);

export interface EnglishTexts {
  /** Every English string found, as `path: text`. */
  texts: string[];
  /** Those that carry a Han character. */
  withHan: string[];
}

/** Walks a parsed JSON value; `where` names it in the findings. */
export function englishTexts(value: unknown, where: string, found: EnglishTexts = { texts: [], withHan: [] }): EnglishTexts {
  if (Array.isArray(value)) value.forEach((item, i) => englishTexts(item, `${where}[${i}]`, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'string' && isEnglishKey(key)) {
        found.texts.push(`${where}.${key}: ${child}`);
        if (HAN.test(child)) found.withHan.push(`${where}.${key}: ${child}`);
      } else englishTexts(child, `${where}.${key}`, found);
    }
  }
  return found;
}
