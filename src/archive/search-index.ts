/**
 * The search index the build writes (DATA_FILES.searchIndex): each storm's summary, the other spellings that
 * find it, and the pinyin of its Chinese names. Build only: pinyin-pro's dictionary stays out of the search
 * function's bundle, which reads the stored keys (src/archive/search.ts).
 */
import { pinyin } from 'pinyin-pro';
import type { SearchEntry, Typhoon } from '../model/typhoon-schemas.ts';
import type { NamesTable } from '../sources/names-table.ts';
import { nameKey } from './search-query.ts';
import { summarizeTyphoon } from './summaries.ts';

const HAN = /\p{Script=Han}/u;
/** Readings combined per name at most (names are 2–4 characters with a polyphone or two: 艾莎尼 has 4); more keep the one in context. */
const MAX_READINGS = 8;

/** Every reading of one character, toneless, ü as v. */
const readingsOf = (char: string) => [...new Set(pinyin(char, { multiple: true, toneType: 'none', type: 'array', v: true }))];

/**
 * The pinyin keys of a Chinese name: pinyin-pro's reading in context first, then the other readings of its
 * polyphones (都 in 灿都 is read du in names, dou in pinyin-pro's context), so what people type is found.
 */
export function pinyinKeys(name: string): string[] {
  const inContext = pinyin(name, { toneType: 'none', type: 'array', v: true }).join('');
  const perChar = [...name].map(readingsOf);
  const combinations = perChar.reduce((n, readings) => n * readings.length, 1);
  const every =
    combinations > MAX_READINGS
      ? []
      : perChar.reduce<string[]>((before, readings) => readings.flatMap((r) => before.map((b) => b + r)), ['']);
  return [...new Set([inContext, ...every].map(nameKey))];
}

export function searchEntry(t: Typhoon, names: NamesTable): SearchEntry {
  const aliases = new Set<string>();
  for (const name of [t.name, t.enname]) if (name) for (const variant of names.variantsOf(name)) aliases.add(variant);
  if (t.cma?.name && t.cma.name.toUpperCase() !== t.enname) aliases.add(t.cma.name.toUpperCase());
  const chinese = [t.name, ...aliases].filter((name): name is string => !!name && HAN.test(name));
  return { ...summarizeTyphoon(t), ids: t.ids, aliases: [...aliases].sort(), pinyin: [...new Set(chinese.flatMap(pinyinKeys))] };
}
