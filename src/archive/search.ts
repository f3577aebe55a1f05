/**
 * History search: Chinese name, English name in any case, code or code prefix, plus known spelling variants.
 * Ranking (best first): exact code, exact name, code prefix, name prefix, name contains; then newer storms
 * first. At most 50 results.
 */
import type { SearchEntry, Typhoon, TyphoonSummary } from '../model/schemas.ts';
import type { NamesTable } from '../sources/names-table.ts';
import { summarizeTyphoon } from './summaries.ts';

export const MAX_SEARCH_RESULTS = 50;

export function searchEntry(t: Typhoon, names: NamesTable): SearchEntry {
  const aliases = new Set<string>();
  for (const name of [t.name, t.enname]) if (name) for (const variant of names.variantsOf(name)) aliases.add(variant);
  if (t.cma?.name && t.cma.name.toUpperCase() !== t.enname) aliases.add(t.cma.name.toUpperCase());
  return { ...summarizeTyphoon(t), aliases: [...aliases].sort() };
}

const fold = (text: string) => text.normalize('NFKC').toUpperCase();

/** Folded names per entry, computed once per loaded index (search runs per request, the index per instance). */
const foldedNames = new WeakMap<SearchEntry, string[]>();
function namesOf(entry: SearchEntry): string[] {
  let names = foldedNames.get(entry);
  if (!names) {
    names = [entry.name, entry.enname, ...entry.aliases].filter((n): n is string => !!n).map(fold);
    foldedNames.set(entry, names);
  }
  return names;
}

/** Score of one entry for a folded keyword; 0 = no match. */
function score(entry: SearchEntry, keyword: string): number {
  const code = entry.code.toUpperCase();
  const names = namesOf(entry);
  if (code === keyword) return 100;
  if (names.includes(keyword)) return 90;
  if (code.startsWith(keyword)) return 70;
  if (names.some((n) => n.startsWith(keyword))) return 60;
  if (names.some((n) => n.includes(keyword))) return 40;
  return 0;
}

export function searchArchive(entries: readonly SearchEntry[], keyword: string): TyphoonSummary[] {
  const folded = fold(keyword.trim());
  return entries
    .map((entry) => ({ entry, score: score(entry, folded) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || b.entry.startTime.localeCompare(a.entry.startTime))
    .slice(0, MAX_SEARCH_RESULTS)
    .map(({ entry: { aliases: _aliases, ...summary } }) => summary);
}
