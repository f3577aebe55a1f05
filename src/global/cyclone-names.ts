/**
 * The names of a global cyclone in the typhoon records' shape: `name` the Chinese name where one is known, else
 * the English name; `enname` the English name, upper case; `nameSource` where `name` came from.
 *
 * The only Chinese names for storms outside the north-western Pacific this repository has a source for are the
 * ones CMA gave North-east Pacific storms that crossed into the north-western Pacific (names table,
 * content/names/typhoon-committee.yaml `nonCommittee`, as recorded by the Zhejiang archive or NMC; test/unit/global-parsers
 * keeps this list equal to it). Those lists' names come back every six years, so a later storm of the same
 * name takes the same Chinese name. Everything else (the Atlantic, other Pacific names, JTWC's basins) keeps its
 * English name: no transliteration is invented.
 */
import type { Basin } from '../model/global-schemas.ts';

/** The basins whose name lists those crossings came from: the East and Central Pacific. */
const NE_PACIFIC: ReadonlySet<Basin> = new Set(['EP', 'CP']);

/** English name → the Chinese name CMA used for it. */
export const NE_PACIFIC_CHINESE_NAMES: ReadonlyMap<string, string> = new Map([
  ['IOKE', '伊欧凯'],
  ['PEWA', '佩瓦'],
  ['GENEVIEVE', '吉纳维芙'],
  ['HALOLA', '哈洛拉'],
  ['KILO', '基洛'],
  ['HECTOR', '赫克托'],
  ['DORA', '多拉'],
  ['NOLO', '诺洛'],
]);

export interface CycloneNames {
  name: string | null;
  enname: string | null;
  nameSource: 'cma' | 'english' | null;
}

export function cycloneNames(english: string | null, basin: Basin): CycloneNames {
  if (!english) return { name: null, enname: null, nameSource: null };
  const enname = english.toUpperCase();
  const chinese = NE_PACIFIC.has(basin) ? NE_PACIFIC_CHINESE_NAMES.get(enname) : undefined;
  return chinese ? { name: chinese, enname, nameSource: 'cma' } : { name: enname, enname, nameSource: 'english' };
}
