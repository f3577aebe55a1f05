/**
 * What a search keyword asks for: the whole keyword as a code, and a name with an optional year. Shared by the
 * build (the pinyin keys it stores are `nameKey`s) and the search function (the keyword's key), so both sides
 * normalise alike.
 */

/** Grade words people put before or after a name (台风摩羯, Super Typhoon Haiyan, 海燕台风): not part of it. */
const GRADE_WORDS = [
  '超强台风',
  '强台风',
  '台风',
  '强热带风暴',
  '热带风暴',
  '热带低压',
  '热带气旋',
  'super typhoon',
  'severe typhoon',
  'typhoon',
  'severe tropical storm',
  'tropical storm',
  'tropical depression',
  'tropical cyclone',
].sort((a, b) => b.length - a.length);

/**
 * The comparable form of a name (Chinese, English or pinyin): NFKD, ü (ǖǘǚǜ) as v (pinyin's keyboard spelling), accents
 * and tone marks dropped, lower case, letters only (spaces, hyphens, apostrophes and tone numbers go).
 * `Kong-rey` → `kongrey`, `wēi mǎ xùn` / `wei1 ma3 xun4` → `weimaxun`, `威马逊` stays.
 */
export function nameKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/u\u0308/giu, 'v')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');
}

export interface SearchQuery {
  /** The whole keyword, NFKC and upper case, for codes (`202411`, `1967C05`, `197920-1`). */
  code: string;
  /** The name part's `nameKey`; '' when the keyword has no name (`2024`). */
  name: string;
  /** A year given beside a name (`Haiyan 2013`, `2013 海燕`): only that year's storms match the name. */
  year: number | null;
}

const YEAR_FIRST = /^((?:19|20)\d{2})\s*(\D.*)$/u;
const YEAR_LAST = /^(.*\D)\s*((?:19|20)\d{2})$/u;

function withoutGradeWord(text: string): string {
  const lower = text.toLowerCase();
  for (const word of GRADE_WORDS) {
    if (lower.length > word.length && lower.startsWith(word)) return text.slice(word.length).trim();
    if (lower.length > word.length && lower.endsWith(word)) return text.slice(0, -word.length).trim();
  }
  return text;
}

/** A code or code prefix: digits, then optionally `C` and digits, `-` and digits (`2024`, `1967C0`, `197920-1`). */
const CODE_LIKE = /^\d[\dC-]*$/iu;

export function parseKeyword(keyword: string): SearchQuery {
  const text = keyword.normalize('NFKC').trim().replace(/\s+/gu, ' ');
  const code = text.toUpperCase();
  if (CODE_LIKE.test(text)) return { code, name: '', year: null };
  const first = YEAR_FIRST.exec(text);
  const last = first ? null : YEAR_LAST.exec(text);
  const name = nameKey(withoutGradeWord((first?.[2] ?? last?.[1] ?? text).trim()));
  const year = first?.[1] ?? last?.[2];
  return { code, name, year: name && year ? Number(year) : null };
}
